export * from './catalog';
export * from './erp';
export * from './inputs';
export * from './problem';
export * from './realtime';
export * from './sale-document';
export * from './sales';
export * from './users';
