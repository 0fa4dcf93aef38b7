// The optimistic ledger on a real QueryClient: overlays over the server's sale, deltas landing under them, and a
// rollback that drops only the refused edit.
import { diffSales } from '@quotewright/contracts';
import { salePricing, sectionPricing } from '@quotewright/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bob, lineOf, sale } from '../test/liveSale';
import {
  applyServerDelta,
  beginOptimistic,
  editLines,
  editSection,
  endOptimistic,
  markupLines,
  moveLine,
  receiveSale,
  removeLines,
  saleKey,
  serverSale,
} from './optimistic';
import type { Sale } from './types';

function loaded(s: Sale = sale) {
  const qc = new QueryClient();
  qc.setQueryData(saleKey(s._id), s);
  return { qc, shown: () => qc.getQueryData<Sale>(saleKey(s._id))! };
}

function next(from: Sale, edit: (s: Sale) => void): Sale {
  const after = structuredClone(from);
  edit(after);
  after.version = from.version + 1;
  return after;
}

describe('optimistic overlays', () => {
  it('shows an edit over the server sale, with the version kept and the totals recomputed', () => {
    const { qc, shown } = loaded();
    const token = beginOptimistic(qc, 's1', editLines('sec1', [{ _id: 'l1', quantity: '2.500', discount: '10' }]));
    const l1 = lineOf(shown(), 'l1');
    expect(l1).toMatchObject({ quantity: '2.5', discount: 10, subtotal: '292.50' });
    expect(shown().version).toBe(3);
    expect(shown().sections[0]!.pricing).toEqual(sectionPricing(shown().sections[0]!.lines));
    expect(shown().pricing.total_price).toBe('422.50');
    expect(shown().total_price).toBe('422.50');
    expect(serverSale(qc, 's1')).toBe(sale);
    endOptimistic(qc, 's1', token);
    expect(shown()).toEqual(sale);
  });

  it('a section made optional leaves the sale total at once; an edit in it moves only the optional total', () => {
    // Two sections of one 130.00 line each (their pricing as the server computes it).
    const main = { ...sale.sections[0]!, lines: [lineOf(sale, 'l1')] };
    const extras = { ...main, _id: 'sec2', name: 'Extras', lines: [{ ...lineOf(sale, 'l1'), _id: 'x0' }] };
    const two: Sale = { ...sale, sections: [main, extras] };
    const { qc, shown } = loaded(two);
    beginOptimistic(qc, 's1', editSection('sec2', { presentation: 'optional' }));
    expect(shown().sections[1]).toMatchObject({ presentation: 'optional', show_details: true });
    expect(shown().pricing).toMatchObject({
      total_price: '130.00',
      optional_total: '130.00',
      total_with_optional: '260.00',
    });
    expect(shown().total_price).toBe('130.00');
    beginOptimistic(qc, 's1', editLines('sec2', [{ _id: 'x0', quantity: '3' }]));
    expect(shown().pricing).toMatchObject({ total_price: '130.00', optional_total: '390.00' });
    // The same figures as packages/domain over the lines (what the server computes).
    expect(shown().pricing).toEqual(
      salePricing(shown().sections.map((s) => ({ presentation: s.presentation, lines: s.lines }))),
    );
    beginOptimistic(qc, 's1', editSection('sec2', { presentation: 'total' }));
    expect(shown().sections[1]!.show_details).toBe(false);
    expect(shown().total_price).toBe('520.00');
  });

  it("a delta lands under pending edits; ending one keeps the others and the delta's changes", () => {
    const { qc, shown } = loaded();
    const qty = beginOptimistic(qc, 's1', editLines('sec1', [{ _id: 'l1', quantity: '7' }]));
    const name = beginOptimistic(qc, 's1', editLines('sec1', [{ _id: 'l2', name: 'Mine' }]));
    const theirs = next(sale, (s) => {
      lineOf(s, 'l1').cost = '90.00';
    });
    expect(applyServerDelta(qc, diffSales(sale, theirs, bob))).toMatchObject({ status: 'applied', before: sale });
    expect(lineOf(shown(), 'l1')).toMatchObject({ quantity: '7', cost: '90.00' });
    expect(shown().version).toBe(4);
    endOptimistic(qc, 's1', qty); // refused
    expect(lineOf(shown(), 'l1')).toEqual(lineOf(theirs, 'l1'));
    expect(lineOf(shown(), 'l2').name).toBe('Mine');
    endOptimistic(qc, 's1', name);
    expect(shown()).toEqual(theirs);
  });

  it('keeps the newest server sale: an older GET or an old delta changes nothing', () => {
    const { qc, shown } = loaded();
    const token = beginOptimistic(qc, 's1', removeLines('sec1', ['l2']));
    const newer = next(sale, (s) => {
      s.name = 'Renamed';
    });
    expect(receiveSale(qc, newer).name).toBe('Renamed');
    expect(receiveSale(qc, sale).name).toBe('Renamed');
    expect(applyServerDelta(qc, diffSales(sale, newer, bob))).toEqual({ status: 'ignored' });
    endOptimistic(qc, 's1', token);
    expect(shown().sections[0]!.lines.map((l) => l._id)).toEqual(['l1', 'l2']);
  });

  it('set markup prices product lines from cost; a moved line follows its id when others change', () => {
    const { qc, shown } = loaded();
    beginOptimistic(qc, 's1', markupLines('sec1', ['l1'], '50'));
    expect(lineOf(shown(), 'l1')).toMatchObject({ price: '150.00', markup_percent: 50 });
    beginOptimistic(qc, 's1', moveLine('sec1', 'l1', 1));
    expect(shown().sections[0]!.lines.map((l) => l._id)).toEqual(['l2', 'l1']);
    // Someone adds a line at the top: l1 still goes to index 1.
    const added = next(sale, (s) => {
      s.sections[0]!.lines.unshift({ ...lineOf(s, 'l2'), _id: 'l0' });
    });
    applyServerDelta(qc, diffSales(sale, added, bob));
    expect(shown().sections[0]!.lines.map((l) => l._id)).toEqual(['l0', 'l1', 'l2']);
  });
});
