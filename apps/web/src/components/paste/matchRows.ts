// The pasted rows matched to the catalog (POST /api/products/match, docs/product/rules.md#paste-from-a-spreadsheet),
// as many calls as the route's row limit asks, one after the other: the answers in the rows' order.
import { catalogApi, MAX_MATCH_ROWS, type PasteMatchDto } from '@quotewright/contracts';
import type { PastedRow } from '@quotewright/domain';
import { call } from '../../lib/api';
import { matchChunks } from './pasteReview';

export async function matchRows(rows: readonly PastedRow[], signal?: AbortSignal): Promise<PasteMatchDto[]> {
  const out: PasteMatchDto[] = [];
  for (const chunk of matchChunks(rows, MAX_MATCH_ROWS)) {
    const answer = await call(catalogApi.match, { body: { rows: chunk } }, { signal });
    out.push(...answer.rows);
  }
  return out;
}
