// Trigram similarity as PostgreSQL's pg_trgm computes it, and an in-memory index of many texts that finds the most
// similar to a query (docs/product/rules.md#paste-from-a-spreadsheet). pg_trgm's rules: the text is lowercased and cut
// into words of letters and digits (anything else separates words); each word is padded with two spaces before and one
// after; its trigrams are the runs of three characters; similarity is the number of trigrams the two texts share over
// the number either has (each trigram counted once). The index answers what `similarity(a, b) >= t order by
// similarity desc limit k` would, without comparing every text: it counts, through the lists of texts holding each of
// the query's trigrams, how many each text shares with it (typed arrays: a few hundred thousand additions at most).

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct trigrams of `text`, as pg_trgm makes them. */
export function trigramsOf(text: string): string[] {
  const out = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const padded = `  ${word} `;
    const chars = [...padded];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return [...out];
}

/** pg_trgm's similarity(a, b) (0 when either has no trigram). */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigramsOf(a);
  const y = new Set(trigramsOf(b));
  if (x.length === 0 || y.size === 0) return 0;
  let common = 0;
  for (const t of x) if (y.has(t)) common++;
  return common / (x.length + y.size - common);
}

/** Many texts (by position) and the trigrams of each, searchable by similarity. */
export interface TrigramIndex {
  readonly size: number;
  /** pg_trgm's similarity of `query` with the text at `at`. */
  similarityAt(query: string, at: number): number;
  /** Positions of the texts at least `threshold` similar to `query`, most similar first (ties by position), `k` at most. */
  nearest(query: string, k: number, threshold: number): { at: number; score: number }[];
}

/**
 * The index of `texts`. Trigrams are numbered; each text's trigram numbers sit in one packed array (sorted, from
 * `start[at]` to `start[at + 1]`), and each trigram's texts in another: a 50,000-product catalog's models and names
 * take a few megabytes.
 */
export function trigramIndex(texts: readonly string[]): TrigramIndex {
  const numbers = new Map<string, number>();
  const numbered = texts.map((text) =>
    Int32Array.from(trigramsOf(text), (t) => {
      let n = numbers.get(t);
      if (n === undefined) {
        n = numbers.size;
        numbers.set(t, n);
      }
      return n;
    }).sort(),
  );
  const start = new Int32Array(texts.length + 1);
  numbered.forEach((ids, at) => {
    start[at + 1] = start[at]! + ids.length;
  });
  const own = new Int32Array(start[texts.length]!);
  const perTrigram = new Int32Array(numbers.size + 1);
  numbered.forEach((ids, at) => {
    own.set(ids, start[at]!);
    for (const n of ids) perTrigram[n + 1]!++;
  });
  // texts by trigram: holders of trigram n from `from[n]` to `from[n + 1]`, in position order
  const from = new Int32Array(numbers.size + 1);
  for (let n = 0; n < numbers.size; n++) from[n + 1] = from[n]! + perTrigram[n + 1]!;
  const holders = new Int32Array(own.length);
  const fill = from.slice(0, numbers.size);
  for (let at = 0; at < texts.length; at++)
    for (let i = start[at]!; i < start[at + 1]!; i++) holders[fill[own[i]!]!++] = at;
  // shared trigrams per text, counted for one query at a time (and put back to 0 after it)
  const counts = new Int32Array(texts.length);

  const known = (query: string) => {
    const q = trigramsOf(query);
    return { total: q.length, ids: q.flatMap((t) => numbers.get(t) ?? []) };
  };
  return {
    size: texts.length,
    similarityAt(query, at) {
      const q = known(query);
      const size = start[at + 1]! - start[at]!;
      if (q.total === 0 || size === 0) return 0;
      const mine = own.subarray(start[at]!, start[at + 1]!);
      let common = 0;
      for (const n of q.ids) if (mine.includes(n)) common++;
      return common / (q.total + size - common);
    },
    nearest(query, k, threshold) {
      const q = known(query);
      if (q.total === 0 || k <= 0) return [];
      const touched: number[] = [];
      for (const n of q.ids) {
        for (let i = from[n]!; i < from[n + 1]!; i++) {
          const at = holders[i]!;
          const seen = counts[at]!;
          if (seen === 0) touched.push(at);
          counts[at] = seen + 1;
        }
      }
      const found: { at: number; score: number }[] = [];
      for (const at of touched) {
        const common = counts[at]!;
        counts[at] = 0;
        const score = common / (q.total + start[at + 1]! - start[at]! - common);
        if (score >= threshold) found.push({ at, score });
      }
      found.sort((a, b) => b.score - a.score || a.at - b.at);
      return found.slice(0, k);
    },
  };
}
