export * from './problem';
export * from './users';
