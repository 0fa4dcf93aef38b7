// Products similar to pasted rows (docs/product/rules.md#paste-from-a-spreadsheet): pg_trgm's similarity of the row's
// model with each product's model and of its description with each product's name, as PostgreSQL would compute it, but
// from a trigram index of the catalog held in memory (packages/domain trigrams.ts). Asking the database for 200 fuzzy
// rows took 1.4 s on PostgreSQL and 2–10 s on PGlite (a trigram index scan per row); the index answers them in a few
// milliseconds. It is built from the products' texts on first use and again whenever the catalog's version changes
// (any product written, added or removed, by any process): one query per match to check it.
import { type TrigramIndex, trigramIndex } from '@quotewright/domain';

/** pg_trgm's default similarity threshold (`%`): less similar is not a candidate. */
export const SIMILARITY_THRESHOLD = 0.3;
/** Candidates per row. */
const CANDIDATES = 5;

export interface CatalogTextsSource {
  texts(): Promise<{ id: number; model: string; name: string }[]>;
  version(): Promise<string>;
}

interface Held {
  version: string;
  ids: number[];
  models: TrigramIndex;
  names: TrigramIndex;
}

export function similarProducts(source: CatalogTextsSource) {
  let held: Held | undefined;
  let building: { version: string; done: Promise<Held> } | undefined;

  async function current(): Promise<Held> {
    const version = await source.version();
    if (held?.version === version) return held;
    // one build per version, however many requests ask for it meanwhile
    if (building?.version !== version) {
      const done = source.texts().then((rows) => ({
        version,
        ids: rows.map((r) => r.id),
        models: trigramIndex(rows.map((r) => r.model)),
        names: trigramIndex(rows.map((r) => r.name)),
      }));
      building = { version, done };
    }
    const built = await building.done;
    held = built;
    return built;
  }

  return {
    /**
     * Per row, up to 5 products at least SIMILARITY_THRESHOLD similar (the better of model to model and description
     * to name), most similar first, none of `exclude`.
     */
    async of(
      rows: readonly { model: string; name: string; exclude: ReadonlySet<number> }[],
    ): Promise<{ id: number; score: number }[][]> {
      if (rows.length === 0) return [];
      const h = await current();
      return rows.map(({ model, name, exclude }) => {
        const found = new Set<number>();
        for (const hit of h.models.nearest(model, CANDIDATES + exclude.size, SIMILARITY_THRESHOLD)) found.add(hit.at);
        for (const hit of h.names.nearest(name, CANDIDATES + exclude.size, SIMILARITY_THRESHOLD)) found.add(hit.at);
        return [...found]
          .filter((at) => !exclude.has(h.ids[at]!))
          .map((at) => ({
            id: h.ids[at]!,
            score: Math.max(h.models.similarityAt(model, at), h.names.similarityAt(name, at)),
          }))
          .sort((a, b) => b.score - a.score || a.id - b.id)
          .slice(0, CANDIDATES);
      });
    },
  };
}
