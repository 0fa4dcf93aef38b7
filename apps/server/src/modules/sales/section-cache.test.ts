import { ZERO_PRICING } from '@quotewright/domain';
import { describe, expect, it } from 'vitest';
import type { SectionDto } from './sales.dto';
import { sectionCache } from './section-cache';

const dto = (id: string, lines: number): SectionDto => ({
  _id: id,
  name: id,
  presentation: 'details',
  show_details: true,
  merge: false,
  expanded: false,
  pricing: { ...ZERO_PRICING },
  lines: Array.from({ length: lines }, (_, i) => ({ _id: `${id}-${i}` }) as SectionDto['lines'][number]),
});

describe('section cache', () => {
  it('answers only the version it holds', () => {
    const c = sectionCache();
    c.put('a', 3, dto('a', 1), []);
    expect(c.get('a', 3)?._id).toBe('a');
    expect(c.get('a', 4)).toBeUndefined();
    expect(c.get('b', 1)).toBeUndefined();
  });

  it('never replaces a newer version by an older one', () => {
    const c = sectionCache();
    c.put('a', 5, dto('a', 1), []);
    c.put('a', 4, dto('a', 2), []);
    expect(c.get('a', 5)?.lines).toHaveLength(1);
    expect(c.get('a', 4)).toBeUndefined();
  });

  it('evicts the least recently used sections past its line budget', () => {
    const c = sectionCache(10);
    c.put('a', 1, dto('a', 4), []);
    c.put('b', 1, dto('b', 4), []);
    expect(c.get('a', 1)).toBeDefined(); // a is now the most recently used
    c.put('c', 1, dto('c', 4), []);
    expect(c.get('b', 1)).toBeUndefined();
    expect(c.get('a', 1)).toBeDefined();
    expect(c.get('c', 1)).toBeDefined();
  });
});
