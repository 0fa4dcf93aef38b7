// The Revisions panel of the sale editor (docs/product/screens.md#revisions): the list and its badges, Save revision,
// a revision opened read-only, a comparison (changed fields, totals, the same lines and sections collapsed, a long diff
// virtualized), a restore's confirmation, its refusal and its undo, and a viewer without Save and Restore.
import {
  diffSaleRevisions,
  type RevisionCompare,
  type RevisionRead,
  type RevisionSummary,
  saleRevisionsApi,
  usersApi,
} from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { answer, problem } from '../../../test/msw';
import type { Sale, SaleLine } from '../api/types';
import { admin, change, line, lineOf, openSale, sale, setup } from '../test/liveSale';
import { NO_REVISIONS_MESSAGE } from './RevisionsPanel';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function summary(number: number, over: Partial<RevisionSummary> = {}): RevisionSummary {
  return {
    _id: uuid(number),
    number,
    label: `Q00007-R${number}`,
    created_on: '2026-11-25T10:00:00Z',
    created_by: { name: 'Admin' },
    comment: null,
    source: 'manual',
    sent_to_erp: false,
    sale_version: number,
    total_price: '130.00',
    margin_percent: 23.08,
    line_count: 2,
    ...over,
  };
}

const r1 = summary(1, { comment: 'First draft', total_price: '260.00', margin_percent: 23.08 });
const r2 = summary(2, { source: 'erp', sent_to_erp: true, created_by: { name: 'Bob Baker' } });
const r3 = summary(3, { source: 'restore' });
const r4 = summary(4, { source: 'approval', comment: 'Approved by Carol' });

function openDrawer() {
  return userEvent
    .click(screen.getByRole('button', { name: 'Revisions' }))
    .then(() => screen.findByRole('region', { name: 'Revisions' }));
}

const items = () => screen.getAllByTestId('revision-item');

function start(list: () => RevisionSummary[], ...handlers: HttpHandler[]) {
  return setup(
    () => sale,
    answer(saleRevisionsApi.list, () => ({ items: list() })),
    ...handlers,
  );
}

describe('Revisions panel', () => {
  it('lists the revisions newest first with who, when, comment, figures and badges; read only when opened', async () => {
    const { calls } = start(() => [r4, r3, r2, r1]);
    await openSale('/sale/s1');
    // nothing is read before the panel is opened
    expect(calls.some((c) => c.path.startsWith('/api/sales/revisions'))).toBe(false);
    const panel = await openDrawer();
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(items().map((i) => within(i).getByText(/^R\d$/).textContent)).toEqual(['R4', 'R3', 'R2', 'R1']);
    const [i4, i3, i2, i1] = items() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(i4).toHaveTextContent('Approval');
    expect(i4).toHaveTextContent('Approved by Carol');
    expect(i3).toHaveTextContent('Before restore');
    expect(i2).toHaveTextContent('Sent to ERP');
    expect(i2).toHaveTextContent('Bob Baker');
    expect(within(i2).getAllByText('Sent to ERP')).toHaveLength(1);
    expect(within(i1).queryByText(/Sent to ERP|Before restore|Approval/)).not.toBeInTheDocument();
    expect(within(i1).getByTestId('revision-comment')).toHaveTextContent('First draft');
    expect(within(i1).getByTestId('revision-figures')).toHaveTextContent('$260.00 · margin 23.08% · 2 lines');
    // the admin may save and restore
    expect(within(panel).getByRole('button', { name: 'Save revision' })).toBeEnabled();
    expect(within(i1).getByRole('button', { name: 'Restore R1' })).toBeEnabled();
  });

  it('shows a failure with Retry, and says so when there are none', async () => {
    let fail = true;
    setup(
      () => sale,
      answer(saleRevisionsApi.list, () => (fail ? problem(500, 'Revisions are unavailable') : { items: [] })),
    );
    await openSale('/sale/s1');
    const panel = await openDrawer();
    expect(await within(panel).findByText('Revisions are unavailable', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByText(NO_REVISIONS_MESSAGE)).toBeInTheDocument();
  });

  it('saves a revision with a comment; the list is read again; a refusal stays in the dialog', async () => {
    let list = [r1];
    let refuse = true;
    const { calls } = start(
      () => list,
      answer(saleRevisionsApi.save, ({ body }) => {
        if (refuse) return problem(400, 'A comment holds at most 500 characters');
        const saved = summary(2, { comment: body.comment ?? null });
        list = [saved, r1];
        return saved;
      }),
    );
    await openSale('/sale/s1');
    const panel = await openDrawer();
    await waitFor(() => expect(items()).toHaveLength(1));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save revision' });
    const comment = within(dialog).getByRole('textbox', { name: 'Comment (optional)' });
    expect(comment).toHaveFocus();
    await userEvent.click(comment);
    await userEvent.paste('  Sent to the customer ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A comment holds at most 500 characters')).toBeInTheDocument();
    refuse = false;
    // Enter saves
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save revision' })).not.toBeInTheDocument());
    expect(await screen.findByText('Saved revision R2')).toBeInTheDocument();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(items()[0]!).getByTestId('revision-comment')).toHaveTextContent('Sent to the customer');
    const saves = calls.filter((c) => c.method === 'POST' && c.path === '/api/sales/revisions/save/s1');
    expect(saves.map((c) => c.body)).toEqual([
      { comment: 'Sent to the customer' },
      { comment: 'Sent to the customer' },
    ]);
  });

  it('saves without a comment', async () => {
    const { calls } = start(() => [], answer(saleRevisionsApi.save, summary(1)));
    await openSale('/sale/s1');
    const panel = await openDrawer();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save revision' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save revision' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/sales/revisions/save/s1')?.body).toEqual({});
  });

  it('opens a revision read-only, in the editor tables, labelled as such', async () => {
    const then: Sale = {
      ...sale,
      name: 'Office (old)',
      customer: { id: 3, name: 'Acme Corp' },
      sections: [{ ...sale.sections[0]!, lines: [{ ...line('l1', 'Widget'), quantity: '5' }] }],
    };
    const read: RevisionRead = {
      revision: r1,
      sale: then,
      cover_letter: { body: [[{ text: 'Dear ' }, { text: 'Acme', bold: true }]], updated_on: null, updated_by: null },
    };
    start(() => [r1], answer(saleRevisionsApi.read, read));
    await openSale('/sale/s1');
    await openDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Open R1' }));
    const view = await screen.findByRole('dialog', { name: 'Revision R1 of Q00007 — read-only' });
    expect(await within(view).findByTestId('revision-header')).toHaveTextContent('Acme Corp');
    expect(within(view).getByTestId('revision-header')).toHaveTextContent('Office (old)');
    expect(within(view).getByText('First draft')).toBeInTheDocument();
    expect(within(view).getByRole('region', { name: 'Cover letter' })).toHaveTextContent('Dear Acme');
    // the sections: nothing to add, rename or delete
    const sections = within(view).getByTestId('sections-table');
    expect(within(sections).queryByRole('button', { name: /Add section|Rename|Delete section/ })).toBeNull();
    expect(within(sections).getByRole('combobox', { name: 'Presentation of Main' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(sections).getByText('Main'));
    const lines = await within(view).findByTestId('lines-table');
    expect(lines).toHaveTextContent('Widget');
    expect(within(lines).queryByRole('button', { name: 'Edit Qty' })).toBeNull();
    expect(within(lines).queryByRole('button', { name: 'Add product' })).toBeNull();
    expect(within(lines).queryByRole('combobox', { name: 'Add a line' })).toBeNull();
    await userEvent.click(within(lines).getByRole('button', { name: 'Back' }));
    expect(await within(view).findByTestId('sections-table')).toBeInTheDocument();
    await userEvent.click(within(view).getByRole('button', { name: 'Close revision' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /read-only/ })).not.toBeInTheDocument());
  });
});

// ─── Compare ─────────────────────────────────────────────────────────────────────────────────────────────────────

const priced = (total: string, margin: number) => ({
  total_price: total,
  total_cost: '100.00',
  total_margin: '30.00',
  total_margin_percent: margin,
  total_markup_percent: 30,
  optional_total: '0.00',
  total_with_optional: total,
});

/** R1: the live sale's Main (Widget, Gadget) and an untouched section Spare with 3 lines. */
function atR1(): Sale {
  const spare = ['s-a', 's-b', 's-c'].map((id) => line(id, `Spare ${id}`));
  return {
    ...structuredClone(sale),
    sections: [
      { ...structuredClone(sale.sections[0]!), pricing: priced('260.00', 23.08) },
      {
        ...structuredClone(sale.sections[0]!),
        _id: 'sec2',
        name: 'Spare',
        lines: spare,
        pricing: priced('390.00', 23.08),
      },
    ],
    pricing: priced('650.00', 23.08),
  };
}

/** R2: Widget's qty 1 → 5 and price 130.00 → 120.00, Gadget deleted, a section Extras added with a note. */
function atR2(): Sale {
  const s = atR1();
  const widget = lineOf(s, 'l1');
  widget.quantity = '5';
  widget.price = '120.00';
  s.sections[0]!.lines = [widget];
  s.sections[0]!.pricing = priced('600.00', 16.67);
  const note: SaleLine = {
    ...line('n1', 'Delivery on site'),
    kind: 'note',
    product: { id: null, name: 'note', manufacturer: { name: null } },
  };
  s.sections.push({
    ...structuredClone(sale.sections[0]!),
    _id: 'sec3',
    name: 'Extras',
    lines: [note],
    pricing: priced('0.00', 0),
  });
  s.pricing = priced('990.00', 18.5);
  return s;
}

function compareAnswer(a: Sale, b: Sale, from = r1, to: RevisionSummary | null = r2): RevisionCompare {
  return {
    from: { revision: from, label: from.label, version: from.sale_version },
    to: { revision: to, label: to ? to.label : 'Current', version: to ? to.sale_version : b.version },
    diff: diffSaleRevisions(a, b),
  };
}

describe('comparing revisions', () => {
  it('shows changed fields, added and removed lines and sections, totals before → after; the same collapsed', async () => {
    const { calls } = start(
      () => [r2, r1],
      answer(saleRevisionsApi.compare, () => compareAnswer(atR1(), atR2())),
    );
    await openSale('/sale/s1');
    const panel = await openDrawer();
    await waitFor(() => expect(items()).toHaveLength(2));
    // From: R2 (the newest) to Current by default; choose R1 → R2
    const group = within(panel).getByRole('group', { name: 'Compare revisions' });
    await userEvent.click(within(group).getByRole('combobox', { name: 'From' }));
    await userEvent.click(await screen.findByRole('option', { name: /^R1 ·/ }));
    await userEvent.click(within(group).getByRole('combobox', { name: 'To' }));
    await userEvent.click(await screen.findByRole('option', { name: /^R2 ·/ }));
    await userEvent.click(within(group).getByRole('button', { name: 'Compare' }));

    const view = await screen.findByRole('dialog', { name: 'Compare R1 → R2' });
    expect(await within(view).findByTestId('diff-sale-totals')).toHaveTextContent(
      'Sale total $650.00 → $990.00 · margin 23.08% → 18.50%',
    );
    expect(within(view).getByTestId('diff-counts')).toHaveTextContent(
      '1 section added · 1 line added · 1 line removed · 1 line changed · 3 lines unchanged',
    );
    const sections = within(view).getAllByTestId('diff-section');
    expect(sections.map((s) => [s.dataset.status, within(s).getByRole('heading').textContent])).toEqual([
      ['changed', 'Main'],
      ['added', 'Extras'],
    ]);
    expect(within(sections[0]!).getByTestId('diff-section-totals')).toHaveTextContent(
      'Total $260.00 → $600.00 · margin 23.08% → 16.67%',
    );
    const lines = within(view).getAllByTestId('diff-line');
    expect(lines.map((l) => [l.dataset.status, within(l).getByTestId('diff-line-label').textContent])).toEqual([
      ['changed', 'AX-100'],
      ['removed', 'AX-100'],
      ['added', 'Delivery on site'],
    ]);
    expect(within(lines[0]!).getByTestId('diff-line-changes')).toHaveTextContent('Qty 1 → 5');
    expect(within(lines[0]!).getByTestId('diff-line-changes')).toHaveTextContent('Price 130.00 → 120.00');
    expect(lines[1]).toHaveTextContent('was line 2');
    // the section that is the same is one collapsed row, opened on demand
    const same = within(view).getByTestId('diff-same-sections');
    expect(same).toHaveTextContent('1 unchanged section');
    expect(within(view).queryByRole('heading', { name: 'Spare' })).toBeNull();
    await userEvent.click(within(same).getByRole('button', { name: 'Show' }));
    expect(await within(view).findByRole('heading', { name: 'Spare' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/sales/revisions/compare/s1')?.query).toBe(`?from=${r1._id}&to=${r2._id}`);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Compare/ })).not.toBeInTheDocument());
  });

  it('compares one revision with the sale now, and hides pricing changes in discrete mode', async () => {
    const discreteAdmin = makeUser({
      ...admin,
      preferences: { darkMode: false, wideScreen: false, discreteMode: true },
    });
    const { calls } = start(
      () => [r1],
      answer(usersApi.get, discreteAdmin),
      answer(saleRevisionsApi.compare, () => compareAnswer(atR1(), atR2(), r1, null)),
    );
    await openSale('/sale/s1');
    await openDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Compare R1 with current' }));
    const view = await screen.findByRole('dialog', { name: 'Compare R1 → Current' });
    const changed = (await within(view).findAllByTestId('diff-line'))[0]!;
    expect(within(changed).getByTestId('diff-line-changes')).toHaveTextContent('Qty 1 → 5');
    expect(within(changed).getByTestId('diff-line-changes')).toHaveTextContent('1 pricing change hidden');
    expect(view).not.toHaveTextContent('120.00');
    expect(within(view).queryByTestId('diff-sale-totals')).toBeNull();
    expect(calls.find((c) => c.path === '/api/sales/revisions/compare/s1')?.query).toBe(`?from=${r1._id}&to=current`);
  });

  it('renders only the rows in view of a 2,000-line comparison', async () => {
    // rows measured at a height (jsdom lays nothing out: every row would be measured 0 high, and all rendered)
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-index') ? 48 : 0;
    });
    const big = (qty: string): Sale => ({
      ...structuredClone(sale),
      sections: [
        {
          ...structuredClone(sale.sections[0]!),
          lines: Array.from({ length: 2000 }, (_, i) => ({ ...line(`b${i}`, `Line ${i}`), quantity: qty })),
        },
      ],
    });
    start(
      () => [r1],
      answer(saleRevisionsApi.compare, () => compareAnswer(big('1'), big('2'), r1, null)),
    );
    await openSale('/sale/s1');
    await openDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Compare R1 with current' }));
    const view = await screen.findByRole('dialog', { name: 'Compare R1 → Current' });
    expect(await within(view).findByTestId('diff-counts')).toHaveTextContent('2,000 lines changed');
    const shown = within(view).getAllByTestId('diff-line').length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(100);
    const list = within(view).getByRole('list', { name: 'Differences' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '2001');
  });
});

// ─── Restore ─────────────────────────────────────────────────────────────────────────────────────────────────────

describe('restoring a revision', () => {
  it('asks first, saying what happens; shows the restored content; offers to undo it with the backup', async () => {
    let current = sale;
    let list = [r2, r1];
    const backup = summary(3, { source: 'restore' });
    const restoreCalls: string[] = [];
    setup(
      () => current,
      answer(saleRevisionsApi.list, () => ({ items: list })),
      answer(saleRevisionsApi.restore, ({ params }) => {
        restoreCalls.push(params.revisionId);
        const restored = params.revisionId === r1._id ? r1 : backup;
        const next = change(
          current,
          (s) => {
            lineOf(s, 'l1').name = params.revisionId === r1._id ? 'Widget as in R1' : 'Widget';
          },
          { id: admin._id, name: admin.name },
        );
        current = next.after;
        list = [summary(list.length + 1, { source: 'restore' }), ...list];
        return { ...next.delta, restored, backup: params.revisionId === r1._id ? backup : list[0]! };
      }),
    );
    await openSale();
    const panel = await openDrawer();
    await waitFor(() => expect(items()).toHaveLength(2));
    await userEvent.click(within(panel).getByRole('button', { name: 'Restore R1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore R1?' });
    expect(confirm).toHaveTextContent('Q00007-R1, saved');
    expect(confirm).toHaveTextContent('The current content is saved as a revision first');
    expect(confirm).toHaveTextContent('The restore is one edit');
    // Cancel has the focus: Enter does not restore by accident
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Restore R1?' })).not.toBeInTheDocument());
    expect(restoreCalls).toEqual([r1._id]);
    // the editor shows the restored content (the answer's delta applied like any edit)
    await waitFor(() => expect(screen.getByTestId('lines-table')).toHaveTextContent('Widget as in R1'));
    // the backup is at the top of the list, and the notice offers to restore it
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[0]).toHaveTextContent('Before restore');
    const notice = within(panel).getByTestId('restore-notice');
    expect(notice).toHaveTextContent('Restored R1. The content before it is saved as R3: restore R3 to undo.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Undo restore' }));
    const undo = await screen.findByRole('dialog', { name: 'Restore R3?' });
    await userEvent.click(within(undo).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByTestId('lines-table')).not.toHaveTextContent('Widget as in R1'));
    expect(restoreCalls).toEqual([r1._id, backup._id]);
  });

  it("shows the server's refusal in the confirmation (a sale Odoo has confirmed)", async () => {
    const refusal = 'This sale was confirmed in Odoo: it can no longer be restored.';
    start(() => [r1], answer(saleRevisionsApi.restore, problem(409, refusal, undefined, 'SALE_NOT_EDITABLE')));
    await openSale('/sale/s1');
    await openDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore R1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore R1?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    expect(await within(confirm).findByTestId('restore-error')).toHaveTextContent(refusal);
    expect(within(confirm).getByRole('button', { name: 'Restore' })).toBeEnabled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Restore R1?' })).not.toBeInTheDocument());
  });

  it('offers Restore disabled on a sale no longer in Quote or Quote Sent', async () => {
    setup(
      () => ({ ...sale, state: 'sale', state_label: 'Sales Order' }),
      answer(saleRevisionsApi.list, { items: [r1] }),
    );
    await openSale('/sale/s1');
    await openDrawer();
    expect(await screen.findByRole('button', { name: 'Restore R1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save revision' })).toBeEnabled();
  });
});

describe('a sales viewer', () => {
  it('sees the revisions, opens and compares them, but gets no Save revision or Restore', async () => {
    const viewer = makeUser({ _id: 'a1', modules: { sales: { enabled: true, level: 'viewer' } } });
    start(
      () => [r2, r1],
      answer(usersApi.get, viewer),
      answer(saleRevisionsApi.read, { revision: r1, sale, cover_letter: null }),
      answer(saleRevisionsApi.compare, () => compareAnswer(atR1(), atR2(), r1, null)),
    );
    await openSale('/sale/s1');
    const panel = await openDrawer();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(panel).queryByRole('button', { name: 'Save revision' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /^Restore/ })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Compare R1 with current' }));
    const compare = await screen.findByRole('dialog', { name: 'Compare R1 → Current' });
    expect((await within(compare).findAllByTestId('diff-line')).length).toBe(3);
    await userEvent.click(within(compare).getByRole('button', { name: 'Close comparison' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Open R1' }));
    const view = await screen.findByRole('dialog', { name: 'Revision R1 of Q00007 — read-only' });
    expect(await within(view).findByTestId('sections-table')).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(view).getByRole('button', { name: 'Compare with current' })).toBeInTheDocument();
  });
});
