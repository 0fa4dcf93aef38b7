// Fast line entry in the template editor (docs/product/screens.md#paste-lines, #quick-add): Ctrl+V on a section's
// lines or its 'Paste lines' button opens the dialog; one call to the template paste route adds the lines, then the
// template is read again; a refusal stays in the dialog. The entry row under the lines adds a typed product.
import {
  authApi,
  catalogApi,
  type LineDto,
  type PasteMatchDto,
  type TemplateDto,
  templatesApi,
  usersApi,
} from '@quotewright/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeProduct, makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, type Call, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const user = makeUser({ _id: 'u1', modules: { sales: { enabled: true, level: 'full_rights' } } });
const pricing = {
  total_price: '0',
  total_cost: '0',
  total_margin: '0',
  total_margin_percent: 0,
  total_markup_percent: 0,
  optional_total: '0.00',
  total_with_optional: '0.00',
};
const template: TemplateDto = {
  _id: 't1',
  name: 'Install kit',
  total_price: '0.00',
  created_on: '2026-01-01T00:00:00Z',
  updated_on: '2026-01-01T00:00:00Z',
  created_by: { id: 'u1', name: 'Ada Lovelace' },
  updated_by: { id: 'u1', name: 'Ada Lovelace' },
  pricing,
  version: 1,
  sections: [
    {
      _id: 's1',
      name: 'Hardware',
      presentation: 'details',
      show_details: true,
      merge: false,
      expanded: false,
      lines: [] as LineDto[],
      pricing,
    },
  ],
};
const DESK = makeProduct({ id: 42, name: 'DESK-1', description: 'A desk' });
const matched: PasteMatchDto = { status: 'matched', by: 'model', candidates: [{ product: DESK, confidence: 1 }] };

function setup(...handlers: HttpHandler[]) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  window.localStorage.setItem('token', makeToken({ sub: 'u1', exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(templatesApi.get, template),
    answer(catalogApi.list, { items: [DESK], total: 1, page: 0, pageSize: 5 }),
    answer(catalogApi.match, { rows: [matched] }),
    answer(templatesApi.pasteLines, { lines: [], errors: [] }),
    ...handlers,
  );
}

async function openHardware() {
  renderApp('/template/t1');
  const row = await screen.findByTestId('template-section-Hardware');
  await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
  return screen.findByTestId('template-lines-Hardware');
}

const clipboard = (text: string) => ({
  clipboardData: { getData: (type: string) => (type === 'text/plain' ? text : '') },
});
const pastes = (calls: Call[]) => calls.filter((c) => c.path === '/api/templates/lines/paste/t1/s1');
const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/templates/t1').length;

async function reviewAndAdd() {
  const dialog = await screen.findByRole('dialog', { name: 'Paste lines' });
  expect(within(dialog).getByTestId('paste-target')).toHaveTextContent('Into Hardware');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Match products' }));
  await within(dialog).findByRole('table', { name: 'Pasted rows' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add 1 line' }));
  return dialog;
}

describe('Paste lines in the template editor', () => {
  it('Ctrl+V on the lines adds them at the end in one call; the template is read again', async () => {
    const { calls } = setup();
    const lines = await openHardware();
    expect(within(lines).getByRole('button', { name: 'Paste lines' })).toBeInTheDocument();
    const before = gets(calls);
    fireEvent.paste(lines, clipboard('DESK-1\tA desk\t3'));
    await reviewAndAdd();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paste lines' })).not.toBeInTheDocument());
    expect(pastes(calls).map((c) => c.body)).toEqual([{ lines: [{ product: 42, quantity: '3' }], sequence: -1 }]);
    await waitFor(() => expect(gets(calls)).toBeGreaterThan(before));
  });

  it('a refusal stays in the dialog with its rows, and no snackbar says it again', async () => {
    setup(answer(templatesApi.pasteLines, problem(403, 'Sales full rights needed')));
    const lines = await openHardware();
    await userEvent.click(within(lines).getByRole('button', { name: 'Paste lines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paste lines' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Rows from a spreadsheet' }), {
      target: { value: 'DESK-1\t1' },
    });
    await reviewAndAdd();
    expect(await within(dialog).findByTestId('paste-error')).toHaveTextContent('Sales full rights needed');
    expect(within(dialog).getAllByTestId('paste-row')).toHaveLength(1);
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
  });

  it('quick-add: a typed model, Enter, its quantity, Enter add the line at the end; the entry row is ready again', async () => {
    const { calls } = setup(
      answer(catalogApi.suggest, [DESK]),
      answer(catalogApi.get, DESK),
      answer(templatesApi.createLines, { lines: [], errors: [] }),
    );
    const lines = await openHardware();
    const entry = within(lines).getByRole('combobox', { name: 'Add a line' });
    await userEvent.click(entry);
    await userEvent.keyboard('desk');
    await screen.findByRole('option', { name: /DESK-1/ });
    await userEvent.keyboard('{Enter}');
    const qty = within(lines).getByRole('textbox', { name: 'Qty' });
    await waitFor(() => expect(qty).toHaveFocus());
    await userEvent.keyboard('abc{Enter}');
    expect(within(lines).getByText('Enter a number, such as 2, -1 or 12.50')).toBeInTheDocument();
    await userEvent.clear(qty);
    await userEvent.keyboard('3{Enter}');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/templates/lines/create/t1/s1').map((c) => c.body)).toEqual([
        { lines: [{ product: 42, quantity: '3' }], sequence: -1 },
      ]),
    );
    await waitFor(() => expect(entry).toHaveFocus());
    expect(entry).toHaveValue('');
  });
});
