// The database package owns drizzle: repositories import the query helpers from here.
export {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  notInArray,
  or,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
export * from './backup';
export * from './client';
export * from './data-dir-lock';
export * from './schema';
