import type { SaleLineRow } from '@quotewright/db';
import { toDecimal } from '@quotewright/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costString, decimalString, editedSectionDto, type SaleDto, saleJsonBytes, toSectionDto } from './sales.dto';

// The fast string paths must answer exactly what the decimal library answers.
const slow = {
  decimal: (v: string) => toDecimal(v).toFixed(),
  cost: (v: string) => {
    const d = toDecimal(v);
    return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
  },
};
const canonical = fc
  .tuple(
    fc.boolean(),
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.integer({ min: 0, max: 4 }),
    fc.integer({ min: 0, max: 9999 }),
  )
  .map(([neg, int, scale, frac]) => {
    const f = scale === 0 ? '' : `.${String(frac % 10 ** scale).padStart(scale, '0')}`;
    return `${neg ? '-' : ''}${int}${f}`;
  });

describe('numeric text normalization', () => {
  it('decimalString equals the decimal library on canonical numeric text', () => {
    fc.assert(
      fc.property(canonical, (v) => {
        expect(decimalString(v)).toBe(slow.decimal(v));
      }),
    );
  });
  it('costString equals the decimal library on canonical numeric text', () => {
    fc.assert(
      fc.property(canonical, (v) => {
        expect(costString(v)).toBe(slow.cost(v));
      }),
    );
  });
  it('examples', () => {
    expect(decimalString('2.5000')).toBe('2.5');
    expect(decimalString('3.0000')).toBe('3');
    expect(decimalString('-0.0000')).toBe('0');
    expect(decimalString('10')).toBe('10');
    expect(costString('60.0000')).toBe('60.00');
    expect(costString('1.2345')).toBe('1.2345');
    expect(costString('0.1000')).toBe('0.10');
    expect(decimalString(null)).toBe('0');
    expect(costString(' 1.5')).toBe('1.50');
  });
});

describe('a section after an edit', () => {
  it('editedSectionDto equals the section computed whole, for any edits of any lines and lines appended', () => {
    const head = {
      id: 's',
      saleId: 'x',
      position: 0,
      name: 'S',
      presentation: 'details' as const,
      showDetails: true,
      merge: false,
      odooLineId: null,
      version: 1,
    };
    const amount = (scale: number) =>
      fc
        .tuple(fc.integer({ min: -5000, max: 50_000 }), fc.integer({ min: 0, max: 9999 }))
        .map(([i, f]) => `${i}.${String(f).padStart(4, '0').slice(0, scale)}`);
    const line = fc.record({
      kind: fc.constantFrom('product', 'product', 'product', 'note', 'header') as fc.Arbitrary<SaleLineRow['kind']>,
      quantity: amount(4),
      price: amount(2),
      cost: amount(4),
      discount: fc.integer({ min: 0, max: 100 }).map((d) => `${d}.0000`),
      pricePercentageActive: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    });
    const row = (l: Omit<SaleLineRow, 'id' | 'position' | 'saleId' | 'sectionId'> | object, i: number) =>
      ({
        id: `l${i}`,
        saleId: 'x',
        sectionId: 's',
        position: i,
        productId: 1,
        productName: 'P',
        manufacturer: null,
        description: 'd',
        uom: null,
        templateId: null,
        odooLineId: null,
        ...l,
      }) as SaleLineRow;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), line), { minLength: 0, maxLength: 5 }),
        fc.array(line, { maxLength: 4 }),
        (lines, edits, appended) => {
          const before = lines.map(row);
          const after = [...before];
          for (const [at, l] of edits) after[at % after.length] = row(l, at % after.length);
          for (const l of appended) after.push(row(l, after.length));
          const changed = before.flatMap((l, i) => (after[i] === l ? [] : [i]));
          const fast = editedSectionDto(head, toSectionDto({ ...head, lines: before }), before, after, changed);
          expect(fast).toEqual(toSectionDto({ ...head, lines: after }));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the sale as JSON bytes', () => {
  it('parses to the same sale as JSON.stringify, whatever its texts hold', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 4 }), (name, sectionNames) => {
        const sale = {
          _id: 'x',
          name,
          sections: sectionNames.map((n, i) => ({
            _id: `s${i}`,
            name: n,
            show_details: true,
            merge: false,
            expanded: false,
            lines: [
              { _id: `l${i}`, name: n, quantity: '1' },
              { _id: `m${i}`, name: `"${n}"`, quantity: '2' },
            ],
            pricing: { total_price: '0.00' },
          })),
          version: 3,
          note: `"sections":0} ${name}`,
        } as unknown as SaleDto;
        const bytes = saleJsonBytes(sale);
        expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(sale)));
        // A section's bytes are made once and reused while it is the same object.
        expect(saleJsonBytes(sale).equals(bytes)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
