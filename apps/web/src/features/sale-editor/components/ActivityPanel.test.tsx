import { type ActivityEntryDto, type ActivityPageDto, salesApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { answer, type Problem, problem, serve } from '../../../test/msw';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ActivityPanel, NO_ACTIVITY_MESSAGE, relativeTime, SaleActivityButton } from './ActivityPanel';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
let seq = 0;
function qtyEdit(line: number, from: string, to: string, minutes: number, field = 'quantity'): ActivityEntryDto {
  seq += 1;
  return {
    _id: `e${seq}`,
    version: seq + 1,
    user: { id: 'u2', name: 'Ana' },
    kind: 'line_updated',
    detail: {
      lines: {
        added: 0,
        removed: 0,
        changed: 1,
        moved: 0,
        more: 0,
        items: [
          {
            op: 'changed',
            section: 'A',
            line,
            kind: 'product',
            label: 'DESK-1',
            field: field as 'quantity',
            from,
            to,
          },
        ],
      },
    },
    created_on: ago(minutes),
  };
}
const created: ActivityEntryDto = {
  _id: 'c1',
  version: 1,
  user: { id: 'u2', name: 'Ana' },
  kind: 'created',
  detail: {},
  created_on: ago(60 * 24 * 3),
};

/** Signs in a user with these preferences and answers the feed from `feed` (page, pageSize from the query). */
function setup(feed: (page: number, pageSize: number) => ActivityPageDto | Problem, discreteMode = false) {
  const user = makeUser({ preferences: { darkMode: false, wideScreen: false, discreteMode } });
  window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(salesApi.activity, ({ query }) => feed(query.page, query.pageSize)),
  );
}
const page = (items: ActivityEntryDto[], total: number, p = 0, pageSize = 50): ActivityPageDto => ({
  items,
  total,
  page: p,
  pageSize,
});
const feedCalls = (calls: { path: string; query: string }[]) =>
  calls.filter((c) => c.path.endsWith('/activity')).map((c) => c.query);

/** The panel with a button that moves the sale's version on, as a change of the sale would. */
function Harness({ pageSize }: { pageSize?: number }) {
  const [version, setVersion] = useState(3);
  return (
    <>
      <button type="button" onClick={() => setVersion((v) => v + 1)}>
        Next version
      </button>
      <ActivityPanel saleId="s1" version={version} {...(pageSize ? { pageSize } : {})} />
    </>
  );
}

describe('ActivityPanel', () => {
  it('lists entries newest first as sentences, with a relative time and the exact time in a tooltip', async () => {
    const edit = qtyEdit(14, '2', '5', 5);
    const { calls } = setup(() => page([edit, created], 2));
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('Loading activity')).toBeInTheDocument();
    const entries = await screen.findAllByTestId('activity-entry');
    expect(entries.map((e) => e.querySelector('p')?.textContent)).toEqual([
      'Ana set Qty of DESK-1 from 2 to 5',
      'Ana created the quote',
    ]);
    const time = within(entries[0]!).getByText('5 minutes ago');
    expect(time).toHaveAttribute('aria-label', formatDateTime(edit.created_on));
    await userEvent.hover(time);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(formatDateTime(edit.created_on));
    expect(within(entries[1]!).getByText('3 days ago')).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(feedCalls(calls)).toEqual(['?page=0&pageSize=50']);
  });

  it('says so when there is no activity', async () => {
    setup(() => page([], 0));
    renderWithProviders(<Harness />);
    expect(await screen.findByText(NO_ACTIVITY_MESSAGE)).toBeInTheDocument();
  });

  it('loads more, a page at a time, until all are shown', async () => {
    const all = [qtyEdit(1, '1', '2', 1), qtyEdit(2, '1', '2', 2), qtyEdit(3, '1', '2', 3)];
    const { calls } = setup((p, size) => page(all.slice(p * size, p * size + size), all.length, p, size));
    renderWithProviders(<Harness pageSize={2} />);
    expect(await screen.findAllByTestId('activity-entry')).toHaveLength(2);
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(3));
    expect(screen.getAllByText('Ana set Qty of DESK-1 from 1 to 2')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(feedCalls(calls)).toEqual(['?page=0&pageSize=2', '?page=1&pageSize=2']);
  });

  it('reads the feed again when the sale version moves', async () => {
    let items = [created];
    const { calls } = setup(() => page(items, items.length));
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Ana created the quote')).toBeInTheDocument();
    items = [qtyEdit(2, '4', '5', 0), created];
    await userEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(await screen.findByText('Ana set Qty of DESK-1 from 4 to 5')).toBeInTheDocument();
    expect(screen.getAllByTestId('activity-entry')[0]).toHaveTextContent('just now');
    expect(feedCalls(calls)).toHaveLength(2);
  });

  it('hides money values in discrete mode', async () => {
    setup(() => page([qtyEdit(2, '100.00', '120.00', 1, 'price'), qtyEdit(1, '2', '3', 2)], 2), true);
    renderWithProviders(<Harness />);
    expect(await screen.findByText('Ana changed Price of DESK-1')).toBeInTheDocument();
    expect(screen.getByText('Ana set Qty of DESK-1 from 2 to 3')).toBeInTheDocument();
    expect(screen.queryByText(/120\.00/)).not.toBeInTheDocument();
  });

  it("shows the server's message when the feed cannot be read, and retries", async () => {
    let fail = true;
    setup(() => (fail ? problem(500, 'The feed is unavailable') : page([created], 1)));
    renderWithProviders(<Harness />);
    expect(await screen.findByText('The feed is unavailable', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ana created the quote')).toBeInTheDocument();
  });

  it('opens from the Activity button in a drawer', async () => {
    setup(() => page([created], 1));
    renderWithProviders(<SaleActivityButton saleId="s1" version={1} />);
    expect(screen.queryByRole('region', { name: 'Activity' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activity' }));
    const region = await screen.findByRole('region', { name: 'Activity' });
    expect(await within(region).findByText('Ana created the quote')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Close activity' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Activity' })).not.toBeInTheDocument());
  });
});

describe('relativeTime', () => {
  it('says how long ago, then the date', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(relativeTime('2026-11-21T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-21T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-20T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-01T10:00:00Z', now)).toMatch(/^11\/01\/2026$/);
  });
});
