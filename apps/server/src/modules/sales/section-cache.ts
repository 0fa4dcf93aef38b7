import type { SaleLineRow } from '@quotewright/db';
import type { SectionDto } from './sales.dto';

/**
 * Computed sections (lines with their metrics, section pricing), reused until the section's version changes. The
 * version is kept by database triggers (it grows with any change of the section or its lines), so an entry can never
 * describe other content than the committed section of that version — in this process or any other. Bounded by
 * the number of lines held; the least recently used sections go first. The line rows the DTO was computed from are
 * kept with it: a mutation that changes a few lines starts from them instead of reading the section again.
 * Neither is ever modified in place (callers copy).
 */
export function sectionCache(maxLines = 200_000) {
  const entries = new Map<string, { version: number; dto: SectionDto; rows: readonly SaleLineRow[] }>();
  let lines = 0;
  return {
    get(id: string, version: number): SectionDto | undefined {
      const e = entries.get(id);
      if (!e || e.version !== version) return undefined;
      entries.delete(id);
      entries.set(id, e);
      return e.dto;
    },
    /** The line rows of the section at this version, in order, when held. */
    rows(id: string, version: number): readonly SaleLineRow[] | undefined {
      const e = entries.get(id);
      return e && e.version === version ? e.rows : undefined;
    },
    /** Call only with sections read from committed data (after the transaction ended). */
    put(id: string, version: number, dto: SectionDto, rows: readonly SaleLineRow[]): void {
      const old = entries.get(id);
      if (old) {
        if (old.version > version) return;
        lines -= old.dto.lines.length;
        entries.delete(id);
      }
      entries.set(id, { version, dto, rows });
      lines += dto.lines.length;
      for (const [key, e] of entries) {
        if (lines <= maxLines || entries.size <= 1) break;
        entries.delete(key);
        lines -= e.dto.lines.length;
      }
    },
    get size() {
      return entries.size;
    },
  };
}
export type SectionCache = ReturnType<typeof sectionCache>;
