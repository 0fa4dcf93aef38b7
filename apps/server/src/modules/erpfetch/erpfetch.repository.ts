// The fetch runs live in the `runs` table (queue 'erp-fetch', one run per kind at a time), kept by the run tracker
// (infra/runs.ts, docs/decisions/0025-one-run-tracker.md): this is the store it writes them through.
import type { Db } from '@quotewright/db';
import { runsRepository } from '../../infra/runs.repository';

export function erpFetchRepository(db: Db) {
  return runsRepository(db);
}
export type ErpFetchRepository = ReturnType<typeof erpFetchRepository>;
