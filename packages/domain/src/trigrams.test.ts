import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trigramIndex, trigramSimilarity, trigramsOf } from './trigrams';

// Texts like a catalog's: codes, words, punctuation, case, digits, accents.
const text = fc
  .array(
    fc.constantFrom('DSK', 'dsk', 'IRO', '9861', 'Alder', 'desk', ' ', '-', '[', ']', 'é', 'Ö', 'x', '42', '', 'Core'),
    {
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''));

describe('trigrams as pg_trgm makes them', () => {
  it('words of letters and digits, lowercased, padded with two spaces before and one after', () => {
    expect(trigramsOf('Word')).toEqual(['  w', ' wo', 'wor', 'ord', 'rd ']);
    expect(trigramsOf('a-B')).toEqual(['  a', ' a ', '  b', ' b ']);
    expect(trigramsOf('[DSK-9] desk')).toEqual(
      expect.arrayContaining(['  d', ' ds', 'dsk', 'sk ', '  9', ' 9 ', ' de', 'des', 'esk']),
    );
    expect(trigramsOf('--')).toEqual([]);
    expect(trigramSimilarity('desk', 'desk')).toBe(1);
    expect(trigramSimilarity('', 'desk')).toBe(0);
    // 'desk' and 'dusk' share '  d' and 'sk ' of 5 + 5: 2 / 8
    expect(trigramSimilarity('desk', 'dusk')).toBeCloseTo(0.25, 10);
  });

  it('the index finds exactly what comparing every text would, in the same order', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 40 }),
        text,
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(0.1, 0.3, 0.5),
        (texts, query, k, threshold) => {
          const index = trigramIndex(texts);
          const brute = texts
            .map((t, at) => ({ at, score: trigramSimilarity(query, t) }))
            .filter((h) => h.score >= threshold && h.score > 0)
            .sort((a, b) => b.score - a.score || a.at - b.at)
            .slice(0, k);
          expect(index.nearest(query, k, threshold)).toEqual(brute);
          texts.forEach((t, at) => {
            expect(index.similarityAt(query, at)).toBe(trigramSimilarity(query, t));
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
