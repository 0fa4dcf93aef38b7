export * from './catalog';
export * from './erp';
export * from './problem';
export * from './sales';
export * from './users';
