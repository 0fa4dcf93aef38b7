// The sale editor's approvals (docs/product/rules.md#approvals): the banner evaluated as lines change, the marked lines
// and sections, Request approval, an approver's decision, the notification, and the compare with the ERP version.
import {
  type ApprovalDto,
  type ApprovalStateDto,
  approvalsApi,
  companyApi,
  saleRevisionsApi,
} from '@quotewright/contracts';
import { defaultApprovalRules } from '@quotewright/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/msw';
import type { Sale } from '../api/types';
import { bob, change, lineOf, openSale, sale, setup } from '../test/liveSale';
import { noApproval } from './testing';

const rules = {
  ...defaultApprovalRules(),
  line_margin: { enabled: true, threshold: 25, approver: 'sales_full' as const },
};
/** The sale's state under a 25 % line margin rule: Widget and Gadget (130 / 100) are at 23.08 %. */
const state = (over: Partial<ApprovalStateDto> = {}): ApprovalStateDto => ({
  ...noApproval('s1', sale.version),
  rules,
  evaluation: {
    needed: true,
    reasons: [
      {
        rule: 'line_margin',
        text: '2 lines under 25 % margin',
        lines: ['l1', 'l2'],
        sections: ['sec1'],
        approver: 'sales_full',
        values: { l1: 23.08, l2: 23.08 },
      },
    ],
    summary: '2 lines under 25 % margin',
    approver: 'sales_full',
  },
  cleared: false,
  can: { request: true, decide: false },
  ...over,
});
const request = (over: Partial<ApprovalDto> = {}): ApprovalDto => ({
  _id: 'ap1',
  status: 'pending',
  summary: '2 lines under 25 % margin',
  approver: 'sales_full',
  requested_by: { id: bob.id, name: bob.name },
  requested_on: '2026-11-27T10:00:00Z',
  request_comment: 'Strategic customer',
  revision_id: 'r2',
  sale_version: 3,
  decided_version: null,
  decided_by: null,
  decided_on: null,
  decision_comment: null,
  covered: null,
  ...over,
});

describe('approvals in the sale editor', () => {
  it('says why the sale needs approval as lines change, and marks the lines and the section', async () => {
    const withinRule: Sale = structuredClone(sale);
    for (const l of withinRule.sections[0]!.lines) l.cost = '90.00'; // 30.77 %
    let current = withinRule;
    setup(() => current, answer(approvalsApi.state, state({ evaluation: noApproval('s1').evaluation, cleared: true })));
    const { socket } = await openSale('/sale/s1');
    expect(screen.queryByTestId('approval-banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('approval-mark')).not.toBeInTheDocument();

    // Bob drops Widget's margin under the rule: the banner and the marks follow at once.
    const { delta, after } = change(withinRule, (s) => {
      lineOf(s, 'l1').cost = '110.00';
      lineOf(s, 'l1').margin_percent = 15.38;
    });
    current = after;
    act(() => socket.serverSends('sale_changed', delta));
    const banner = await screen.findByTestId('approval-banner');
    expect(banner).toHaveTextContent('Needs approval: 1 line under 25 % margin');
    const sectionRow = screen.getByTestId('section-row');
    expect(within(sectionRow).getByTestId('approval-mark')).toBeInTheDocument();
    await userEvent.click(sectionRow);
    const rows = await screen.findAllByTestId('line-row');
    const widget = rows.find((r) => r.getAttribute('data-line-id') === 'l1')!;
    const gadget = rows.find((r) => r.getAttribute('data-line-id') === 'l2')!;
    expect(within(widget).getByTitle('Needs approval: under 25 % margin')).toBeInTheDocument();
    expect(within(gadget).queryByTestId('approval-mark')).not.toBeInTheDocument();
  });

  it("writes the sale total rule's amounts in the company's currency", async () => {
    const totalRule = {
      ...defaultApprovalRules(),
      sale_total: { enabled: true, threshold: 100, approver: 'admin' as const },
    };
    setup(
      () => sale,
      answer(companyApi.company, {
        company: null,
        currency: { code: 'EUR', symbol: '€', position: 'after', decimal_places: 2 },
      }),
      answer(approvalsApi.state, state({ rules: totalRule })),
    );
    await openSale('/sale/s1');
    const banner = await screen.findByTestId('approval-banner');
    await waitFor(() => expect(banner).toHaveTextContent('Needs approval: sale total 130.00 € > 100.00 €'));
  });

  it('requests approval with a comment; the banner then says it awaits a decision', async () => {
    const { calls } = setup(
      () => sale,
      answer(approvalsApi.state, state()),
      answer(approvalsApi.request, state({ approval: request({ requested_by: { id: 'a1', name: 'Admin' } }) })),
    );
    await openSale('/sale/s1');
    const banner = await screen.findByTestId('approval-banner');
    expect(banner).toHaveTextContent('Needs approval: 2 lines under 25 % margin');
    await userEvent.click(within(banner).getByRole('button', { name: 'Request approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request approval' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Strategic customer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    await waitFor(() =>
      expect(screen.getByTestId('approval-status')).toHaveTextContent('Awaiting approval, requested by Admin'),
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/sales/approval/request/s1',
      body: { comment: 'Strategic customer' },
    });
    expect(
      within(screen.getByTestId('approval-banner')).queryByRole('button', { name: 'Request approval' }),
    ).toBeNull();
  });

  it('an approver compares with the ERP version and approves the version they looked at', async () => {
    const { calls } = setup(
      () => sale,
      answer(approvalsApi.state, state({ approval: request(), can: { request: false, decide: true } })),
      answer(
        approvalsApi.approve,
        state({
          approval: request({
            status: 'approved',
            decided_by: { id: 'a1', name: 'Admin' },
            decided_on: '2026-11-27T10:05:00Z',
            covered: [{ rule: 'line_margin', values: { l1: 23.08, l2: 23.08 } }],
          }),
          cleared: true,
          can: { request: false, decide: false },
        }),
      ),
      answer(saleRevisionsApi.list, { items: [] }),
    );
    await openSale('/sale/s1');
    const banner = await screen.findByTestId('approval-banner');
    expect(screen.getByTestId('approval-status')).toHaveTextContent(
      'Awaiting approval, requested by Bob Baker on 11/27/2026',
    );
    expect(screen.getByTestId('approval-status')).toHaveTextContent('“Strategic customer”');
    await userEvent.click(within(banner).getByRole('button', { name: 'Compare with ERP version' }));
    expect(
      await screen.findByText('This sale was never sent to the ERP: there is nothing to compare with.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(within(banner).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'OK this once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByTestId('approval-banner')).toHaveAttribute('data-state', 'cleared'));
    expect(screen.getByTestId('approval-banner')).toHaveTextContent('Approved: 2 lines under 25 % margin');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/sales/approval/approve/s1',
      body: { comment: 'OK this once', version: sale.version },
    });
  });

  it('an edit past the approval shows at once that it voids it', async () => {
    let current = sale;
    setup(
      () => current,
      answer(
        approvalsApi.state,
        state({
          approval: request({
            status: 'approved',
            decided_by: { id: 'b2', name: 'Bob Baker' },
            covered: [{ rule: 'line_margin', values: { l1: 23.08, l2: 23.08 } }],
          }),
          cleared: true,
          can: { request: false, decide: false },
        }),
      ),
    );
    const { socket } = await openSale('/sale/s1');
    expect(await screen.findByTestId('approval-banner')).toHaveAttribute('data-state', 'cleared');
    const { delta, after } = change(sale, (s) => {
      lineOf(s, 'l2').cost = '120.00';
    });
    current = after;
    act(() => socket.serverSends('sale_changed', delta));
    await waitFor(() => expect(screen.getByTestId('approval-banner')).toHaveAttribute('data-state', 'approved'));
    expect(screen.getByTestId('approval-status')).toHaveTextContent(
      'This change voids the approval of Bob Baker: request approval again',
    );
    expect(
      within(screen.getByTestId('approval-banner')).getByRole('button', { name: 'Request approval' }),
    ).toBeEnabled();
  });
});
