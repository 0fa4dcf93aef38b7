import { describe, expect, it } from 'vitest';
import {
  cost4,
  decimalString,
  htmlToText,
  isoDatetime,
  lineKind,
  money2,
  qty,
  ref,
  saleState,
  str,
} from './mapping.js';
import { namedForJson2, normaliseForJsonRpc, parseMajor } from './transport.js';

describe('money and quantities from Odoo floats', () => {
  it('formats prices with exactly two decimals', () => {
    expect(money2(12.3)).toBe('12.30');
    expect(money2(750)).toBe('750.00');
    expect(money2(2947.5)).toBe('2947.50');
    expect(money2(0)).toBe('0.00');
    expect(money2(false)).toBe('0.00');
    expect(money2(-7620)).toBe('-7620.00');
  });

  it('rounds half-up on the decimal the float stands for, not on its binary artefact', () => {
    expect(money2(0.1 + 0.2)).toBe('0.30');
    expect(money2(1.005)).toBe('1.01'); // 1.00499999999999989… in binary
    expect(money2(2.675)).toBe('2.68');
    expect(money2(1.004999)).toBe('1.00');
    expect(money2(-1.005)).toBe('-1.01'); // away from zero, as Odoo's float_round
    expect(money2(-0.001)).toBe('0.00'); // no "-0.00"
    expect(money2(123456789.125)).toBe('123456789.13');
    expect(money2(1e-9)).toBe('0.00');
    expect(money2(1.5e15)).toBe('1500000000000000.00');
  });

  it('keeps up to four decimals on unit costs, at least two', () => {
    expect(cost4(600)).toBe('600.00');
    expect(cost4(12.3)).toBe('12.30');
    expect(cost4(0.0125)).toBe('0.0125');
    expect(cost4(1.23456)).toBe('1.2346');
    expect(cost4(1.201)).toBe('1.201');
    expect(cost4(1.2)).toBe('1.20');
  });

  it('writes quantities without trailing zeros', () => {
    expect(qty(1)).toBe('1');
    expect(qty(2.5)).toBe('2.5');
    expect(qty(0)).toBe('0');
    expect(qty(1 / 3)).toBe('0.3333');
    expect(qty(0.1 + 0.2)).toBe('0.3');
  });

  it('rounds at any number of places', () => {
    expect(decimalString(19.999, 2)).toBe('20.00');
    expect(decimalString(0.5, 0)).toBe('1');
    expect(decimalString('3.14159', 3)).toBe('3.142');
  });
});

describe('Odoo values', () => {
  it('maps many2one pairs and false', () => {
    expect(ref([15, 'Azure Interior'])).toEqual({ odooId: 15, name: 'Azure Interior' });
    expect(ref(false)).toBeNull();
    expect(str(false)).toBeNull();
    expect(str('')).toBeNull();
  });

  it('turns UTC datetimes into ISO 8601', () => {
    expect(isoDatetime('2026-11-21 16:52:24')).toBe('2026-11-21T16:52:24Z');
    expect(isoDatetime(false)).toBeNull();
    expect(new Date(isoDatetime('2026-11-21 16:52:24')!).toISOString()).toBe('2026-11-21T16:52:24.000Z');
  });

  it('maps a locked confirmed order to done (Odoo 17+) and keeps the other states', () => {
    expect(saleState('sale', true)).toBe('done');
    expect(saleState('sale', false)).toBe('sale');
    expect(saleState('sale', undefined)).toBe('sale');
    expect(saleState('done', undefined)).toBe('done'); // Odoo ≤ 16
    expect(saleState('draft', false)).toBe('draft');
    expect(saleState('sent', false)).toBe('sent');
    expect(saleState('cancel', false)).toBe('cancel');
  });

  it('maps line display types', () => {
    expect(lineKind(false)).toBe('product');
    expect(lineKind('line_section')).toBe('section');
    expect(lineKind('line_subsection')).toBe('subsection');
    expect(lineKind('line_note')).toBe('note');
  });

  it('reads the major version of release and saas versions', () => {
    expect(parseMajor('18.0')).toBe(18);
    expect(parseMajor('saas~18.2')).toBe(18);
    expect(parseMajor('19.0+e')).toBe(19);
  });
});

describe('argument shapes', () => {
  it('sends create/write values positionally over JSON-RPC (Odoo 18 add-ons rename `vals`)', () => {
    expect(normaliseForJsonRpc('create', [], { vals_list: [{ name: 'x' }] })).toEqual([[[{ name: 'x' }]], {}]);
    expect(normaliseForJsonRpc('write', [], { ids: [3], vals: { name: 'x' }, context: { a: 1 } })).toEqual([
      [[3], { name: 'x' }],
      { context: { a: 1 } },
    ]);
    expect(normaliseForJsonRpc('search_read', [[['id', '>', 0]]], { fields: ['name'] })).toEqual([
      [[['id', '>', 0]]],
      { fields: ['name'] },
    ]);
  });

  it('names positional arguments for JSON-2', () => {
    expect(namedForJson2('search_read', [[['a', '=', 1]], ['name']], { limit: 5 })).toEqual({
      domain: [['a', '=', 1]],
      fields: ['name'],
      limit: 5,
    });
    expect(namedForJson2('write', [[1], { name: 'x' }], {})).toEqual({ ids: [1], vals: { name: 'x' } });
    expect(namedForJson2('create', [[{ name: 'x' }]], {})).toEqual({ vals_list: [{ name: 'x' }] });
    expect(namedForJson2('action_confirm', [[7]], {})).toEqual({ ids: [7] });
    expect(namedForJson2('name_search', ['FURN'], { args: [['sale_ok', '=', true]] })).toEqual({
      name: 'FURN',
      domain: [['sale_ok', '=', true]],
    });
    expect(() => namedForJson2('action_confirm', [[7], 'extra'], {})).toThrow(/pass them by name/);
  });
});

describe('htmlToText (payment term notes)', () => {
  it("keeps Odoo's paragraphs as lines and decodes entities", () => {
    expect(htmlToText('<p>Payment terms: 30 Days</p>')).toBe('Payment terms: 30 Days');
    expect(htmlToText('<p>Net 30</p><p>2% &amp; more&nbsp;<b>early</b></p>')).toBe('Net 30\n2% & more early');
    expect(htmlToText('<ul><li>one</li><li>two</li></ul>')).toBe('• one\n• two');
    expect(htmlToText('a<br/>b&#39;s &#x41;')).toBe("a\nb's A");
    expect(htmlToText(false)).toBe('');
  });
});
