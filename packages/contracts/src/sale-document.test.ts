import { describe, expect, it } from 'vitest';
import { saleDocumentSchema } from './sale-document';

const doc = (sections: unknown[]) => ({
  format: 'quotewright.sale',
  version: 1,
  sale: { name: 'Q', sections },
});

describe('sale document: section presentation', () => {
  it('reads presentation, and show_details of documents from before presentations', () => {
    const parsed = saleDocumentSchema.parse(
      doc([
        { name: 'A', presentation: 'optional' },
        { name: 'B', show_details: false },
        { name: 'C', show_details: true },
        { name: 'D' },
        { name: 'E', presentation: 'quantities', show_details: true },
      ]),
    );
    expect(parsed.sale.sections.map((s) => s.presentation)).toEqual([
      'optional',
      'total',
      'details',
      'details',
      'quantities',
    ]);
  });

  it('refuses an unknown presentation and a contradiction', () => {
    const bad = saleDocumentSchema.safeParse(doc([{ name: 'A', presentation: 'hidden' }]));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['sale', 'sections', 0, 'presentation']);
    const contradiction = saleDocumentSchema.safeParse(
      doc([{ name: 'A', presentation: 'details', show_details: false }]),
    );
    expect(contradiction.success).toBe(false);
    expect(contradiction.error!.issues[0]!.path).toEqual(['sale', 'sections', 0, 'show_details']);
  });
});
