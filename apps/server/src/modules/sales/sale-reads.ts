import type { SaleLineRow, SaleRow, SaleSectionRow } from '@quotewright/db';
import { notFound } from '../../errors';
import { CachedJson } from '../../infra/cached-json';
import type { SaleEvents } from '../../infra/sale-events';
import { type SaleDto, type SectionDto, saleDtoOf, saleJsonBytes, toSectionDto } from './sales.dto';
import type { SalesQueries, SalesRepository } from './sales.repository';
import { sectionCache } from './section-cache';

/** How long a sale's editing must pause before its JSON is serialized again ahead of a GET (see rebuilds). */
const REBUILD_AFTER_MS = 100;

/** How many serialized sales GET keeps (a 2,000-line sale is ~750 KB of JSON). */
const SERIALIZED_SALES = 64;

/** A small LRU of sale JSON texts, each valid for one tag (see getJson). */
function serializedSales(max: number) {
  const map = new Map<string, { tag: string; json: CachedJson }>();
  return {
    /** The sale's entry; `touch` (default) makes it the most recently used. */
    get(id: string, touch = true) {
      const hit = map.get(id);
      if (hit && touch) {
        map.delete(id);
        map.set(id, hit);
      }
      return hit;
    },
    put(id: string, tag: string, json: CachedJson) {
      map.delete(id);
      map.set(id, { tag, json });
      if (map.size > max) map.delete(map.keys().next().value!);
    },
  };
}

/** How many sales the one-statement edits hold (their row and sections' versions; the lines are in the section cache). */
const HELD_SALES = 1024;

/**
 * The last committed row and sections of each sale this process read or wrote (LRU): an edit starts from it and
 * its write checks that the sale is still at that version (see SalesQueries.commitLinesAt). Never newer than the
 * database; an older entry only makes that write find the sale moved on.
 */
function heldSales(max: number) {
  const map = new Map<string, { sale: SaleRow; heads: readonly SaleSectionRow[] }>();
  return {
    get(id: string) {
      return map.get(id);
    },
    /** Call only with what a committed transaction read or wrote; an older version than the one held is ignored. */
    put(sale: SaleRow, heads: readonly SaleSectionRow[]) {
      const old = map.get(sale.id);
      if (old && old.sale.version > sale.version) return;
      map.delete(sale.id);
      map.set(sale.id, { sale, heads });
      if (map.size > max) map.delete(map.keys().next().value!);
    },
  };
}

/** A sale as read: its row, its sections (heads and answers), and the sections computed by the read. */
export interface ReadSale {
  sale: SaleRow;
  heads: SaleSectionRow[];
  sections: SectionDto[];
  fresh: { id: string; version: number; dto: SectionDto; rows: readonly SaleLineRow[] }[];
}

/**
 * What this process keeps of the sales it read or wrote (the computed sections by version, the last committed row and
 * sections of each sale) and how a sale is read with them: only the sections the cache does not hold are computed.
 */
export function saleReads() {
  const sections = sectionCache();
  const held = heldSales(HELD_SALES);

  /**
   * The sale as its DTO, computing only the sections whose version the cache does not hold. `fresh` lists what was
   * computed: the caller puts it in the cache once the reading transaction has committed.
   */
  /** `known`: the sale row when the caller already holds it (a mutation read it when locking). */
  async function readSale(
    r: SalesQueries,
    saleId: string,
    known?: SaleRow,
    knownHeads?: SaleSectionRow[],
    knownLines?: ReadonlyMap<string, readonly SaleLineRow[]>,
    /** Sections computed earlier in the same transaction (the read before a change): reused at the same version. */
    computedBefore?: readonly { id: string; version: number; dto: SectionDto }[],
  ): Promise<ReadSale | undefined> {
    const earlier = new Map(computedBefore?.map((f) => [f.id, f]));
    const sale = known ?? (await r.saleRow(saleId));
    if (!sale) return undefined;
    const heads = knownHeads ?? (await r.sectionHeads(saleId));
    const dtos: SectionDto[] = new Array(heads.length);
    const missing: number[] = [];
    const fresh: { id: string; version: number; dto: SectionDto; rows: readonly SaleLineRow[] }[] = [];
    const compute = (i: number, rows: readonly SaleLineRow[]) => {
      const h = heads[i]!;
      const dto = toSectionDto({ ...h, lines: rows as SaleLineRow[] });
      dtos[i] = dto;
      fresh.push({ id: h.id, version: h.version, dto, rows });
    };
    heads.forEach((h, i) => {
      const prior = earlier.get(h.id);
      const hit = prior?.version === h.version ? prior.dto : sections.get(h.id, h.version);
      const given = knownLines?.get(h.id);
      // Rows the mutation holds come first: with the locked heads their version is the one before the change.
      if (given) compute(i, given);
      else if (hit) dtos[i] = hit;
      else missing.push(i);
    });
    if (missing.length > 0) {
      const lines = await r.linesOfSections(missing.map((i) => heads[i]!.id));
      for (const i of missing) compute(i, lines.get(heads[i]!.id) ?? []);
    }
    return { sale, heads, sections: dtos, fresh };
  }

  /**
   * The sale read after a lines-only change (with the locked heads) given the sections as they are now: the same
   * sections in the same order get their new versions (the computed ones are cached under them). Undefined when the
   * sections differ from the locked ones (then the sale is computed again from `heads`).
   */
  function withVersions(read: ReadSale, heads: SaleSectionRow[]): ReadSale | undefined {
    const same =
      heads.length === read.heads.length &&
      heads.every((h, i) => {
        const o = read.heads[i]!;
        return h.id === o.id && h.name === o.name && h.presentation === o.presentation && h.merge === o.merge;
      });
    if (!same) return undefined;
    const version = new Map(heads.map((h) => [h.id, h.version]));
    return {
      ...read,
      heads,
      fresh: read.fresh.map((f) => ({ ...f, version: version.get(f.id)! })),
    };
  }

  /** After commit: the computed sections become reusable, and the sale is held for the next edit. */
  function remember(read: ReadSale): void {
    for (const f of read.fresh) sections.put(f.id, f.version, f.dto, f.rows);
    held.put(read.sale, read.heads);
  }

  const tagOf = (row: SaleRow, heads: SaleSectionRow[]) =>
    `${row.version}-${heads.reduce((h, s) => (Math.imul(h, 31) + s.version) | 0, heads.length) >>> 0}`;

  /** After commit: the computed sections become reusable; the DTO is assembled. */
  function answer(read: ReadSale): SaleDto {
    remember(read);
    return saleDtoOf(read.sale, read.sections);
  }

  return { sections, held, readSale, withVersions, remember, answer, tagOf };
}
export type SaleReads = ReturnType<typeof saleReads>;

/**
 * GET of a whole sale as JSON text, serialized once and reused while its tag holds, and serialized again ahead of the
 * next GET once a sale someone opened stops changing (see rebuilds).
 */
export function saleJson(
  repo: SalesRepository,
  reads: SaleReads,
  opts: { events?: SaleEvents | undefined; onSerialized?: ((saleId: string, tag: string) => void) | undefined },
) {
  const { events } = opts;
  const { sections, held, readSale, answer, tagOf } = reads;
  /** Whole sales as JSON text by version (GET): big quotes are read far more often than they change. */
  const serialized = serializedSales(SERIALIZED_SALES);
  /**
   * The sale as JSON text, serialized once and reused while its tag holds (getJson). The tag is the sale's version
   * plus its sections' versions (which the database's trigger bumps on any line change, even one written by another
   * program), so a stale copy is never served. `knownTag` (the client's ETag): when it is current, only the tag is
   * answered (304).
   */
  async function serializedSale(id: string, knownTag?: string): Promise<{ tag: string; json?: CachedJson }> {
    // The tag needs only the sale row and its sections: one statement, no transaction. Only a sale not serialized at
    // that tag is read whole, in one snapshot.
    const head = await repo.saleWithHeads(id);
    if (!head) throw notFound('Sale');
    const tag = tagOf(head.sale, head.heads);
    if (knownTag === tag) return { tag };
    const hit = serialized.get(id);
    if (hit?.tag === tag) return hit;
    // Every section computed at the versions just read (the usual case after an edit made here): the sale is
    // assembled from them, with no further statement.
    const cached = head.heads.map((h) => sections.get(h.id, h.version));
    if (cached.every((dto) => dto !== undefined)) {
      held.put(head.sale, head.heads);
      const json = new CachedJson(saleJsonBytes(saleDtoOf(head.sale, cached)), hit?.json);
      serialized.put(id, tag, json);
      opts.onSerialized?.(id, tag);
      return { tag, json };
    }
    return repo.snapshot(async (r) => {
      const now = await r.saleWithHeads(id);
      if (!now) throw notFound('Sale');
      const read = (await readSale(r, id, now.sale, now.heads))!;
      const current = tagOf(now.sale, now.heads);
      const json = new CachedJson(saleJsonBytes(answer(read)), hit?.json);
      serialized.put(id, current, json);
      opts.onSerialized?.(id, current);
      return { tag: current, json };
    });
  }

  /**
   * A sale someone has opened (its JSON is kept) is serialized again, and compressed as it was asked for, once its
   * editing pauses (REBUILD_AFTER_MS after its last change here), off any request: the next person opening it, or a
   * browser coming back to it, does not wait for that work. Edits never wait for it either (it runs after them).
   */
  const rebuilds = new Map<string, NodeJS.Timeout>();
  events?.subscribe((e) => {
    if (e.type !== 'sale_changed' || !serialized.get(e.delta.saleId, false)) return;
    const id = e.delta.saleId;
    clearTimeout(rebuilds.get(id));
    const timer = setTimeout(() => {
      rebuilds.delete(id);
      serializedSale(id).then(
        ({ json }) => json?.warm(),
        () => undefined, // (deleted meanwhile, or the database away: the next GET reads it as usual)
      );
    }, REBUILD_AFTER_MS);
    timer.unref();
    rebuilds.set(id, timer);
  });

  return { serializedSale };
}
