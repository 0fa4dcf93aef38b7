// The sale as the header panel and sync button see it (docs/architecture.md#performance-targets: an edit of a line
// renders neither).
import { useRef } from 'react';
import type { Sale } from '../api/types';

/**
 * Fields of a sale that are not its header: its content (sections, lines, their totals), the version, and who changed
 * it last and when (the panel's LastModified reads those from the cache itself).
 */
const CONTENT_FIELDS = new Set(['sections', 'pricing', 'total_price', 'version', 'updated_by', 'updated_on']);

/**
 * The same object as long as none of the sale's header fields changed (an edit of a line changes only the fields
 * above).
 */
export function useSaleHead(sale: Sale): Sale {
  const ref = useRef(sale);
  const prev = ref.current;
  if (prev !== sale) {
    const keys = new Set([...Object.keys(prev), ...Object.keys(sale)]);
    for (const k of keys) {
      if (CONTENT_FIELDS.has(k)) continue;
      if (!Object.is(prev[k as keyof Sale], sale[k as keyof Sale])) {
        ref.current = sale;
        break;
      }
    }
  }
  return ref.current;
}
