// The plan of an optional section (decision 0032) against the recorded Odoo payloads
// (odoo-samples/documents-options-taxes: option_create_order_with_section_lines_options.json on 18,
// v19/option_create_order_with_optional_section.json on 19): the same models, field names and value kinds.
import { describe, expect, it } from 'vitest';
import type { ErpSaleDraft } from './erp.types.js';
import {
  createVals,
  diffLines,
  diffOptions,
  type OdooLine,
  type OdooOption,
  optionCreateVals,
  planLines,
  planOptions,
} from './publish.js';

const draft: ErpSaleDraft = {
  quoteNumber: 'Q00001',
  name: null,
  partnerId: 15,
  partnerInvoiceId: null,
  partnerShippingId: null,
  salespersonId: null,
  templateId: null,
  sections: [
    {
      localId: 's1',
      name: 'Furniture',
      odooLineId: null,
      lines: [
        { localId: 'a', kind: 'product', productId: 16, description: '', quantity: '2', priceUnit: '147', cost: 0 },
      ],
    },
    {
      localId: 's2',
      name: 'Optional Products',
      optional: true,
      lines: [
        { localId: 'b', kind: 'product', productId: 18, description: '', quantity: '3', priceUnit: '15.80', cost: 0 },
        {
          localId: 'c',
          kind: 'product',
          productId: 20,
          description: 'Pedal Bin',
          quantity: '1',
          priceUnit: '47',
          cost: 0,
          discount: '10',
        },
        {
          localId: 'n',
          kind: 'note',
          productId: null,
          description: 'Delivery extra',
          quantity: 0,
          priceUnit: 0,
          cost: 0,
        },
      ],
    },
  ],
};

/** Field names of the recorded sale.order.option fields_get (18). */
const OPTION_FIELDS_18 = ['order_id', 'product_id', 'line_id', 'sequence', 'name', 'quantity', 'uom_id', 'price_unit'];
const OPTION_FIELDS = new Set([...OPTION_FIELDS_18, 'discount', 'product_uom_category_id', 'is_present']);

describe('Odoo 18: options', () => {
  const opts = { subsections: false, hasCost: false, hasDiscount: true, optionModel: true };

  it('the optional section has no order line; its products are options with the option field names', () => {
    const lines = planLines(draft, opts);
    expect(lines.map((l) => [l.localId, l.displayType])).toEqual([
      ['s1', 'line_section'],
      ['a', false],
    ]);
    const options = planOptions(draft, opts);
    const vals = options.map((o) => optionCreateVals(o, 1));
    expect(vals).toEqual([
      { sequence: 10, product_id: 18, quantity: 3, price_unit: 15.8, discount: 0, uom_id: 1 },
      { sequence: 20, product_id: 20, quantity: 1, price_unit: 47, discount: 10, uom_id: 1, name: 'Pedal Bin' },
    ]);
    // Every key is a field of sale.order.option; none is the order line's (product_uom_qty, product_uom).
    for (const v of vals) for (const k of Object.keys(v)) expect(OPTION_FIELDS.has(k), k).toBe(true);
  });

  it('a re-sync updates by stored option id and deletes the options the sale no longer has', () => {
    const options = planOptions(
      {
        ...draft,
        sections: [
          draft.sections[0]!,
          {
            ...draft.sections[1]!,
            lines: draft.sections[1]!.lines.map((l) =>
              l.localId === 'b' ? { ...l, odooOptionId: 7, quantity: 5 } : l,
            ),
          },
        ],
      },
      opts,
    );
    const existing: OdooOption[] = [
      { id: 7, sequence: 10, name: '[X] Box', productId: 18, quantity: 3, priceUnit: 15.8, discount: 0, uomId: 1 },
      { id: 9, sequence: 30, name: 'Gone', productId: 99, quantity: 1, priceUnit: 1, discount: 0, uomId: 1 },
    ];
    const d = diffOptions(options, existing, new Map([[20, 1]]));
    expect(d.commands).toEqual([
      [2, 9, 0],
      [1, 7, { quantity: 5, price_unit: 15.8, discount: 0 }],
      [0, 0, { sequence: 20, product_id: 20, quantity: 1, price_unit: 47, discount: 10, uom_id: 1, name: 'Pedal Bin' }],
    ]);
    expect(d.kept.get('b')).toBe(7);
  });
});

describe('Odoo 19: an optional section', () => {
  const opts = { subsections: true, hasCost: false, hasDiscount: true, optionalLines: true };

  it('is a line_section with is_optional; its product lines go with quantity 0, notes as in any section', () => {
    const lines = planLines(draft, opts);
    expect(planOptions(draft, { optionModel: false })).toEqual([]);
    expect(lines.map((l) => createVals(l, opts))).toEqual([
      { display_type: 'line_section', name: 'Furniture', sequence: 10 },
      { sequence: 20, product_id: 16, product_uom_qty: 2, price_unit: 147, discount: 0 },
      { display_type: 'line_section', name: 'Optional Products', sequence: 30, is_optional: true },
      { sequence: 40, product_id: 18, product_uom_qty: 0, price_unit: 15.8, discount: 0 },
      { sequence: 50, product_id: 20, product_uom_qty: 0, price_unit: 47, discount: 10, name: 'Pedal Bin' },
      { display_type: 'line_note', name: 'Delivery extra', sequence: 60 },
    ]);
  });

  it('switching a section to details writes is_optional false and the real quantities', () => {
    const existing: OdooLine[] = [
      {
        id: 1,
        displayType: 'line_section',
        sequence: 10,
        name: 'Furniture',
        productId: null,
        quantity: 0,
        priceUnit: 0,
        cost: null,
        discount: 0,
        isOptional: false,
      },
      {
        id: 2,
        displayType: false,
        sequence: 20,
        name: 'x',
        productId: 16,
        quantity: 2,
        priceUnit: 147,
        cost: null,
        discount: 0,
        isOptional: false,
      },
      {
        id: 3,
        displayType: 'line_section',
        sequence: 30,
        name: 'Optional Products',
        productId: null,
        quantity: 0,
        priceUnit: 0,
        cost: null,
        discount: 0,
        isOptional: true,
      },
      {
        id: 4,
        displayType: false,
        sequence: 40,
        name: 'y',
        productId: 18,
        quantity: 0,
        priceUnit: 15.8,
        cost: null,
        discount: 0,
        isOptional: false,
      },
    ];
    const ids: Record<string, number> = { s1: 1, a: 2, s2: 3, b: 4 };
    const details: ErpSaleDraft = {
      ...draft,
      sections: draft.sections.map((s, i) => ({
        ...s,
        optional: false,
        odooLineId: ids[s.localId] ?? null,
        lines: (i === 0 ? s.lines : s.lines.slice(0, 1)).map((l) => ({ ...l, odooLineId: ids[l.localId] ?? null })),
      })),
    };
    const d = diffLines(planLines(details, opts), existing, opts);
    expect(d.commands).toEqual([
      [1, 3, { is_optional: false }],
      [1, 4, { product_uom_qty: 3, price_unit: 15.8, discount: 0 }],
    ]);
  });
});
