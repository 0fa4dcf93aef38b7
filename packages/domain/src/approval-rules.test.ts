import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApprovalLine,
  type ApprovalRules,
  approvalCovers,
  canApproveAs,
  canDecideApproval,
  defaultApprovalRules,
  evaluateApproval,
} from './approval-rules';
import { defaultModules } from './permissions';
import { lineMetrics } from './pricing';

function rules(patch: Partial<{ [K in keyof ApprovalRules]: Partial<ApprovalRules[K]> }>): ApprovalRules {
  const r = defaultApprovalRules();
  for (const [k, v] of Object.entries(patch)) Object.assign(r[k as keyof ApprovalRules], { enabled: true, ...v });
  return r;
}
let n = 0;
const line = (price: string, cost: string, extra: Partial<ApprovalLine> = {}): ApprovalLine => ({
  _id: `l${++n}`,
  kind: 'product',
  price,
  cost,
  quantity: '1',
  discount: '0.0000',
  ...extra,
});

describe('approval rules', () => {
  it('are all off by default: nothing is ever needed', () => {
    const sale = { sections: [{ _id: 's', lines: [line('1', '100', { discount: '90' })] }] };
    expect(evaluateApproval(defaultApprovalRules(), sale)).toEqual({
      needed: false,
      reasons: [],
      summary: '',
      approver: null,
    });
  });

  it('names the lines under the line margin and their sections, and the sale margin, in one summary', () => {
    const low = [line('100', '90'), line('100', '95'), line('100', '86')]; // 10 %, 5 %, 14 %
    const sale = {
      sections: [
        { _id: 'a', lines: [low[0]!, line('100', '50'), { _id: 'n', kind: 'note' as const }] },
        { _id: 'b', lines: [line('100', '50')] },
        { _id: 'c', lines: [low[1]!, low[2]!] },
      ],
    };
    const e = evaluateApproval(rules({ line_margin: { threshold: 15 }, sale_margin: { threshold: 18 } }), sale);
    expect(e.needed).toBe(true);
    expect(e.reasons.map((r) => r.rule)).toEqual(['line_margin']);
    expect(e.reasons[0]).toMatchObject({ lines: low.map((l) => l._id), sections: ['a', 'c'], approver: 'sales_full' });
    expect(e.summary).toBe('3 lines under 15 % margin');
    // 500 price, 438 cost: 12.4 % sale margin
    const e2 = evaluateApproval(rules({ line_margin: { threshold: 15 }, sale_margin: { threshold: 18 } }), {
      sections: sale.sections.map((s) => ({
        ...s,
        lines: s.lines.map((l) => ('cost' in l && l.cost === '50' ? { ...l, cost: '83.5' } : l)),
      })),
    });
    expect(e2.summary).toBe('3 lines under 15 % margin; sale margin 12.4 % < 18 %');
  });

  it('judges the margin as the line shows it (rounded to 2 decimals, net of its discount)', () => {
    // 14.995 % rounds to 15.00 %: not under 15
    expect(
      evaluateApproval(rules({ line_margin: { threshold: 15 } }), {
        sections: [{ _id: 's', lines: [line('2000', '1700.1')] }],
      }).needed,
    ).toBe(false);
    expect(lineMetrics(line('2000', '1700.1')).margin_percent).toBe(15);
    // 14.99 % is under
    expect(
      evaluateApproval(rules({ line_margin: { threshold: 15 } }), {
        sections: [{ _id: 's', lines: [line('100', '85.01')] }],
      }).needed,
    ).toBe(true);
    // a 20 % discount takes a 30 % margin down to 12.5 %
    const discounted = line('100', '70', { discount: '20.0000' });
    expect(
      evaluateApproval(rules({ line_margin: { threshold: 15 } }), { sections: [{ _id: 's', lines: [discounted] }] })
        .reasons[0]?.lines,
    ).toEqual([discounted._id]);
  });

  it('follows the domain on a line without a cost (margin 0) and on Based on Total lines', () => {
    const free = line('100', '0');
    expect(
      evaluateApproval(rules({ line_margin: { threshold: 15 } }), { sections: [{ _id: 's', lines: [free] }] })
        .reasons[0]?.lines,
    ).toEqual([free._id]);
    // a 10 % price / 9.5 % cost line of a 1000/500 section: 100 price, 47.5 cost → 52.5 % margin
    const pct = line('10', '9.5', { price_percentage_active: true });
    const ok = evaluateApproval(rules({ line_margin: { threshold: 15 } }), {
      sections: [{ _id: 's', lines: [line('1000', '500'), pct] }],
    });
    expect(ok.needed).toBe(false);
    const pctLow = line('10', '19', { price_percentage_active: true }); // 100 price, 95 cost → 5 %
    const low = evaluateApproval(rules({ line_margin: { threshold: 15 } }), {
      sections: [{ _id: 's', lines: [line('1000', '500'), pctLow] }],
    });
    expect(low.reasons[0]?.lines).toEqual([pctLow._id]);
  });

  it('flags discounts over the maximum, and a sale total above the amount', () => {
    const d = line('100', '10', { discount: '12.5000' });
    const e = evaluateApproval(
      rules({ max_discount: { threshold: 10 }, sale_total: { threshold: 1000, approver: 'admin' } }),
      {
        sections: [{ _id: 's', lines: [line('100', '10', { discount: '10.0000' }), d, line('2000', '10')] }],
      },
    );
    expect(e.summary).toBe('1 line over 10 % discount; sale total $2,177.50 > $1,000.00');
    expect(e.approver).toBe('admin');
    expect(e.reasons[1]).toMatchObject({ rule: 'sale_total', lines: [], sections: [] });
  });

  it("writes the sale total's amounts in the given currency (the ERP company's)", () => {
    const euro = { symbol: '€', position: 'after' as const, decimalPlaces: 2 };
    const e = evaluateApproval(rules({ sale_total: { threshold: 100_000 } }), {
      sections: [{ _id: 's', lines: [line('120000', '10')] }],
      currency: euro,
    });
    expect(e.summary).toBe('sale total 120,000.00 € > 100,000.00 €');
    const yen = { symbol: '¥', position: 'before' as const, decimalPlaces: 0 };
    expect(
      evaluateApproval(rules({ sale_total: { threshold: 1000 } }), {
        sections: [],
        pricing: { total_price: '1234.50', total_margin_percent: 50 },
        currency: yen,
      }).summary,
    ).toBe('sale total ¥1,235 > ¥1,000');
  });

  it('leaves optional sections out of the sale total and margin (as salePricing does)', () => {
    const e = evaluateApproval(rules({ sale_total: { threshold: 1000 }, sale_margin: { threshold: 18 } }), {
      sections: [
        { _id: 'a', lines: [line('900', '100')] },
        { _id: 'o', presentation: 'optional', lines: [line('5000', '4900')] },
      ],
    });
    expect(e.needed).toBe(false);
  });

  it('does not judge the margin of a sale whose total is zero, and uses the pricing the caller holds', () => {
    const empty = evaluateApproval(rules({ sale_margin: { threshold: 18 } }), { sections: [] });
    expect(empty.needed).toBe(false);
    const held = evaluateApproval(rules({ sale_margin: { threshold: 18 } }), {
      sections: [],
      pricing: { total_price: '10.00', total_margin_percent: 17.99 },
    });
    expect(held.summary).toBe('sale margin 17.99 % < 18 %');
  });

  it('the fast margin test agrees with the exact line margin everywhere', () => {
    const cents = fc.integer({ min: -100_000_00, max: 100_000_00 }).map((c) => (c / 100).toFixed(2));
    const cost = fc.integer({ min: -100_000_0000, max: 100_000_0000 }).map((c) => (c / 10_000).toFixed(4));
    const disc = fc.integer({ min: 0, max: 100_0000 }).map((c) => (c / 10_000).toFixed(4));
    fc.assert(
      fc.property(cents, cost, disc, fc.integer({ min: -5000, max: 10_000 }), (price, c, discount, t100) => {
        const l = line(price, c, { discount });
        const t = t100 / 100;
        const got = evaluateApproval(rules({ line_margin: { threshold: t } }), {
          sections: [{ _id: 's', lines: [l] }],
        });
        expect(got.needed).toBe(lineMetrics(l).margin_percent < t);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('who approves', () => {
  const viewer = {
    id: 'v',
    isAdmin: false,
    modules: { ...defaultModules(), sales: { enabled: true, level: 'viewer' as const } },
  };
  const full = {
    id: 'f',
    isAdmin: false,
    modules: { ...defaultModules(), sales: { enabled: true, level: 'full_rights' as const } },
  };
  const admin = { id: 'a', isAdmin: true, modules: defaultModules() };

  it('full rights approve what a sales_full rule flags, only admins what an admin rule flags', () => {
    expect(canApproveAs(full, 'sales_full')).toBe(true);
    expect(canApproveAs(viewer, 'sales_full')).toBe(false);
    expect(canApproveAs(full, 'admin')).toBe(false);
    expect(canApproveAs(admin, 'admin')).toBe(true);
    expect(canApproveAs(admin, null)).toBe(false);
  });

  it('nobody decides their own request unless an admin', () => {
    expect(canDecideApproval(full, 'sales_full', 'f')).toBe(false);
    expect(canDecideApproval(full, 'sales_full', 'x')).toBe(true);
    expect(canDecideApproval(admin, 'admin', 'a')).toBe(true);
  });
});

describe('an approval covers later content', () => {
  const r = rules({ line_margin: { threshold: 15 }, sale_total: { threshold: 100 } });
  const a = line('100', '90'); // 10 %
  const b = line('100', '50');
  const evalOf = (lines: ApprovalLine[]) => evaluateApproval(r, { sections: [{ _id: 's', lines }] }).reasons;
  const approved = evalOf([a, b]);

  it('while it breaks nothing new and nothing worse', () => {
    expect(approved.map((x) => x.values)).toEqual([{ [a._id]: 10 }, { sale: 200 }]);
    expect(approvalCovers(approved, evalOf([a, b]))).toBe(true);
    expect(approvalCovers(approved, evalOf([{ ...a, cost: '88' }, b]))).toBe(true); // better margin
    expect(approvalCovers(approved, evalOf([a, { ...b, price: '60' }]))).toBe(true); // lower total
    expect(approvalCovers(approved, evalOf([{ ...a, cost: '95' }, b]))).toBe(false); // worse margin
    expect(approvalCovers(approved, evalOf([a, { ...b, cost: '95' }]))).toBe(false); // another line under
    expect(approvalCovers(approved, evalOf([a, { ...b, price: '101' }]))).toBe(false); // higher total
    expect(approvalCovers([], evalOf([a]))).toBe(false);
    expect(approvalCovers([], [])).toBe(true);
  });
});
