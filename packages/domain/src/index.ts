export * from './permissions';
export * from './preferences';
