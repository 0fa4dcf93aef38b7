import { type TemplateListDto, templatesApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DELETE_TEMPLATE_PROMPT, TemplatesPage } from './TemplatesPage';

const full = makeUser({ _id: 'u1', modules: { sales: { enabled: true, level: 'full_rights' } } });
const editor = makeUser({ _id: 'u1', modules: { sales: { enabled: true, level: 'editor' } } });

const templates = (n: number): TemplateListDto =>
  Array.from({ length: n }, (_, i) => ({
    _id: `t${i}`,
    name: `Kit ${String(i).padStart(2, '0')}`,
    total_price: `${(i + 1) * 10}.50`,
    updated_on: '2026-01-02T10:00:00Z',
  }));

function setup(user = full, list = templates(3), ...handlers: HttpHandler[]) {
  window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
  return serve(answer(usersApi.get, user), answer(templatesApi.list, list), ...handlers);
}

const rows = () => screen.queryAllByTestId(/^template-row-/);
const waitRows = (n: number) => waitFor(() => expect(rows()).toHaveLength(n));

describe('template list', () => {
  it('lists Name and the read-only untaxed Total; a row opens its template', async () => {
    setup();
    const { router } = renderApp('/templates');
    await waitRows(3);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    expect(headers.some((h) => h.includes('Name'))).toBe(true);
    expect(headers.some((h) => h.includes('Total'))).toBe(true);
    const row = screen.getByTestId('template-row-Kit 01');
    expect(row).toHaveTextContent('Kit 01');
    expect(row).toHaveTextContent('$20.50');
    await userEvent.click(within(row).getByText('Kit 01'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/template/t1'));
  });

  it('pages 20 rows by default, with 10/20/50/100/200/1000 per page', async () => {
    setup(full, templates(25));
    renderApp('/templates');
    await waitRows(20);
    const perPage = screen.getByRole('combobox', { name: /rows per page/i });
    expect(perPage).toHaveTextContent('20');
    await userEvent.click(perPage);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '20', '50', '100', '200', '1000']);
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    await waitRows(25);
  });

  it('asks with the confirmation prompt before deleting, and shows the list the server answers', async () => {
    const list = templates(2);
    const { calls } = setup(full, list, answer(templatesApi.remove, [list[1]!]));
    renderApp('/templates');
    await waitRows(2);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kit 00' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(DELETE_TEMPLATE_PROMPT);
    expect(DELETE_TEMPLATE_PROMPT).toBe('Are you sure you want to delete the following template?');
    expect(dialog).toHaveTextContent('Kit 00');
    // Cancel sends nothing
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kit 00' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitRows(1);
    expect(screen.getByTestId('template-row-Kit 01')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/templates/t0']);
  });

  it("a refused delete shows the server's message in the 'Error' dialog", async () => {
    setup(full, templates(1), answer(templatesApi.remove, problem(403, 'Not allowed to delete')));
    renderApp('/templates');
    await waitRows(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kit 00' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('Not allowed to delete');
    expect(rows()).toHaveLength(1);
  });

  it('adds a template and renames one inline', async () => {
    const list = templates(1);
    const added = { ...list[0]!, _id: 'tn', name: 'Fresh kit', total_price: '0.00' };
    let current = list;
    const { calls } = setup(
      full,
      list,
      answer(templatesApi.list, () => current),
      answer(templatesApi.create, () => {
        current = [added, ...current];
        return {
          ...added,
          created_on: added.updated_on,
          created_by: { id: full._id, name: full.name },
          updated_by: { id: full._id, name: full.name },
          sections: [],
          pricing: {
            total_price: '0.00',
            total_cost: '0.00',
            total_margin: '0.00',
            total_margin_percent: 0,
            total_markup_percent: 0,
            optional_total: '0.00',
            total_with_optional: '0.00',
          },
          version: 1,
        };
      }),
      answer(templatesApi.update, ({ body }) => [{ ...list[0]!, name: body.name ?? list[0]!.name }]),
    );
    renderApp('/templates');
    await waitRows(1);
    await userEvent.click(screen.getByRole('button', { name: 'New Template' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Fresh kit');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitRows(2);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/templates')?.body).toEqual({ name: 'Fresh kit' });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Kit 00' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    // the Total is read-only: Name is the only field of the row
    expect(within(screen.getByTestId('template-row-Kit 00')).getAllByRole('textbox')).toEqual([name]);
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed kit');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('template-row-Renamed kit')).toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/templates/t0')?.body).toEqual({ name: 'Renamed kit' });
  });

  it('offers no add, edit or delete without sales full rights', async () => {
    setup(editor);
    renderWithProviders(<TemplatesPage />);
    await waitRows(3);
    expect(screen.queryByRole('button', { name: 'New Template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('is not reachable for a sales editor: no Templates entry, /templates is not allowed', async () => {
    setup(editor);
    renderApp('/templates');
    expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
    const nav = screen.getByTestId('nav-drawer');
    expect(within(nav).getByRole('link', { name: /Sales/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Templates/ })).not.toBeInTheDocument();
  });
});
