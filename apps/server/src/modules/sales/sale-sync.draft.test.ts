// The pure parts of publish/sync: the draft the connector receives, the problems, the origins a publish may use.
import type { SaleLineRow, SaleRow, SaleSectionRow } from '@quotewright/db';
import { describe, expect, it } from 'vitest';
import { problemsText, saleDraft, saleProblems, saleUntaxedTotal, saleWarnings, withLineIds } from './sale-sync.draft';
import { originCandidates } from './sale-sync.service';
import type { FullSale } from './sales.repository';

let n = 0;
const line = (over: Partial<SaleLineRow>): SaleLineRow =>
  ({
    id: `l${++n}`,
    saleId: 's',
    sectionId: 'sec',
    position: n,
    kind: 'product',
    productId: 1,
    productName: 'DESK-1',
    manufacturer: null,
    description: 'A desk',
    quantity: '2.0000',
    price: '100.00',
    cost: '60.0000',
    discount: '0.0000',
    pricePercentageActive: false,
    uom: null,
    templateId: null,
    odooLineId: null,
    ...over,
  }) as SaleLineRow;
const section = (id: string, name: string, lines: SaleLineRow[], odooLineId: number | null = null) =>
  ({
    id,
    saleId: 's',
    position: 0,
    name,
    showDetails: true,
    merge: false,
    odooLineId,
    version: 1,
    lines,
  }) as SaleSectionRow & {
    lines: SaleLineRow[];
  };
const sale = (sections: FullSale['sections'], over: Partial<SaleRow> = {}): FullSale => ({
  sale: {
    id: 's',
    name: 'Office',
    quoteNumber: 'Q00042',
    customerId: 7,
    invoiceId: 8,
    shippingId: null,
    salespersonId: 3,
    templateId: null,
    ...over,
  } as SaleRow,
  sections,
});

describe('saleDraft', () => {
  it('sends "Based on Total" lines as the money they stand for, discounts and costs as decimals, ERP ids kept', () => {
    const full = sale([
      section(
        'a',
        'Hardware',
        [
          line({ id: 'p1', quantity: '3.0000', price: '10.00', discount: '12.5000', odooLineId: 501 }),
          line({ id: 'p2', quantity: '1.0000', price: '5.00', cost: '2.0000', pricePercentageActive: true }),
          line({ id: 'n1', kind: 'note', productId: null, description: 'Delivered Monday', odooLineId: 502 }),
        ],
        500,
      ),
    ]);
    const d = saleDraft(full, 'Q00042');
    expect(d).toMatchObject({ quoteNumber: 'Q00042', name: 'Office', partnerId: 7, partnerInvoiceId: 8 });
    expect(d.sections[0]).toMatchObject({ localId: 'a', odooLineId: 500 });
    expect(d.sections[0]!.lines).toEqual([
      expect.objectContaining({ localId: 'p1', quantity: '3', priceUnit: '10.00', discount: '12.5', odooLineId: 501 }),
      // 5 % of the section's other lines: 3 × 10 × 0.875 = 26.25 → 1.31; cost 2 % of 3 × 60 = 180 → 3.60
      expect.objectContaining({ localId: 'p2', priceUnit: '1.31', cost: '3.6', discount: '0' }),
      expect.objectContaining({ localId: 'n1', kind: 'note', productId: null, description: 'Delivered Monday' }),
    ]);
    expect(saleUntaxedTotal(full)).toBe('27.56');
    expect(withLineIds(d, [{ localId: 'p2', odooLineId: 9 }]).sections[0]!.lines.map((l) => l.odooLineId)).toEqual([
      null,
      9,
      null,
    ]);
    // a first section marked as having no section line in the ERP keeps the mark (a new order gets none either)
    const unmarked = { ...d, sections: [{ ...d.sections[0]!, odooLineId: 0 }, ...d.sections.slice(1)] };
    expect(withLineIds(unmarked, []).sections[0]!.odooLineId).toBe(0);
    expect(withLineIds(d, []).sections[0]!.odooLineId).toBeNull();
  });
});

describe('saleProblems', () => {
  it('names each problem with its section and line', () => {
    const full = sale(
      [
        section('a', 'One', [line({ productId: null }), line({ kind: 'header', productId: null, description: 'H' })]),
        section('b', 'Two', [line({ productId: 5 }), line({ productId: 6 }), line({ productId: 1 })]),
      ],
      { customerId: null },
    );
    const catalog = new Map([
      [1, { active: true }],
      [6, { active: false }],
    ]);
    const problems = saleProblems(full, (id) => catalog.get(id));
    expect(problems.map((p) => [p.code, p.section?.name ?? null, p.line?.number ?? null])).toEqual([
      ['NO_CUSTOMER', null, null],
      ['NO_PRODUCT', 'One', 1],
      ['PRODUCT_UNKNOWN', 'Two', 1],
      ['PRODUCT_INACTIVE', 'Two', 2],
    ]);
    expect(problemsText(problems, 2)).toMatch(/^The sale cannot be published: 4 problems .*; and 2 more$/);
  });
});

describe('originCandidates', () => {
  it('counts on from the quote number, or from a numbered origin', () => {
    expect(originCandidates('Q00042', 3)).toEqual(['Q00042', 'Q00042-2', 'Q00042-3']);
    expect(originCandidates('Q00042-2', 3)).toEqual(['Q00042-2', 'Q00042-3', 'Q00042-4']);
  });
});

describe('saleWarnings', () => {
  it('negative quantities, prices and costs and zero quantities, by section and line; never notes or headers', () => {
    const ret = line({ quantity: '-2.0000', productName: 'DESK-1', description: 'Returned desk' });
    const free = line({ price: '0.00' });
    const full = sale([
      section('a', 'Main', [line({}), ret]),
      section('b', 'Extras', [
        line({ kind: 'note', productId: null, quantity: '-1.0000', price: '-1.00', description: 'A note' }),
        free,
        line({ quantity: '0.0000', price: '-15.00', cost: '-1.0000', productName: 'TRADE', description: 'TRADE' }),
      ]),
    ]);
    const w = saleWarnings(full);
    expect(w.map((x) => [x.code, x.section.index, x.line.number])).toEqual([
      ['NEGATIVE_QUANTITY', 1, 2],
      ['ZERO_QUANTITY', 2, 3],
      ['NEGATIVE_PRICE', 2, 3],
      ['NEGATIVE_COST', 2, 3],
    ]);
    expect(w[0]).toEqual({
      code: 'NEGATIVE_QUANTITY',
      field: 'quantity',
      message: 'Negative quantity: the customer will see -2. Intended for a return or a trade-in?',
      section: { index: 1, name: 'Main' },
      line: { number: 2, id: ret.id, label: 'DESK-1 — Returned desk' },
    });
    // they are not problems: the ERP would take this sale
    expect(saleProblems(full, () => ({ active: true }))).toEqual([]);
  });
});
