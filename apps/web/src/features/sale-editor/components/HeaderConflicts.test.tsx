// No silent overwrite for the header and section names (decision 0020): the info panel sends the fields changed, each
// based on what it showed when editing started, and a section's rename its name as shown; when the server refuses
// (409 EDIT_CONFLICT: someone else changed it meanwhile) the editor asks as a line's cell does — "Someone changed
// Customer to Acme while you were editing", Keep Acme / Use Globex — with the typed values kept.
import {
  type HeaderEditConflict,
  partnersApi,
  type SectionEditConflict,
  saleSectionsApi,
  salesApi,
} from '@quotewright/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, problem } from '../../../test/msw';
import type { Sale } from '../api/types';
import { change, openSale, sale, setup } from '../test/liveSale';

const acme = { id: 7, name: 'Acme' };
const globex = { id: 8, name: 'Globex' };
const customers = [acme, globex].map((c) => ({ ...c, invoice: [], delivery: [] }));

const headerRefusal = () =>
  problem(409, 'Someone changed Customer to Acme while you were editing', undefined, 'EDIT_CONFLICT', {
    members: {
      conflicts: [
        { header: true, field: 'customer', value: 'Acme', base: '', current: acme, by: null, at: null },
      ] satisfies HeaderEditConflict[],
    },
  });

/** The sale as the server holds it (Bob's changes land here) and the header edits sent: the first one refused. */
function headerServer() {
  let current: Sale = sale;
  let posts = 0;
  const { calls } = setup(
    () => current,
    answer(partnersApi.customers, customers),
    answer(salesApi.update, (req) => {
      if (++posts === 1) {
        // Bob chose Acme while the person was editing.
        current = change(current, (s) => {
          s.customer = acme;
        }).after;
        return headerRefusal();
      }
      const { base: _base, overwrite: _overwrite, ...fields } = req.body;
      const { delta, after } = change(current, (s) => Object.assign(s, fields));
      current = after;
      return delta;
    }),
  );
  const sent = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/sales/s1').map((c) => c.body);
  return { sent };
}

/** Opens the header for editing, renames the quote and chooses Globex; saves. */
async function editHeader() {
  await openSale('/sale/s1');
  const panel = screen.getByTestId('info-panel');
  await userEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
  const name = within(panel).getByLabelText('Name');
  await userEvent.clear(name);
  await userEvent.type(name, 'Office move');
  await userEvent.click(within(panel).getByLabelText('Customer'));
  await userEvent.click(await screen.findByRole('option', { name: 'Globex' }));
  await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
  return panel;
}

describe('info panel: a header field someone else changed while the person was editing', () => {
  it('sends only the fields changed, each with its base; the refusal asks, with the typed values kept', async () => {
    const { sent } = headerServer();
    const panel = await editHeader();
    const notice = await within(panel).findByTestId('edit-conflict');
    expect(notice).toHaveTextContent('Someone changed Customer to Acme while you were editing');
    expect(sent()).toEqual([{ name: 'Office move', customer: globex, base: { name: 'Office', customer: null } }]);
    // not an error dialog; the form still shows what the person typed and chose
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Name')).toHaveValue('Office move');
    expect(within(panel).getByLabelText('Customer')).toHaveValue('Globex');
    expect(within(notice).getByRole('button', { name: 'Keep Acme' })).toBeInTheDocument();

    // Use Globex: sent again as an explicit overwrite of Acme
    await userEvent.click(within(notice).getByRole('button', { name: 'Use Globex' }));
    await waitFor(() =>
      expect(sent()[1]).toEqual({
        name: 'Office move',
        customer: globex,
        base: { name: 'Office', customer: acme },
        overwrite: true,
      }),
    );
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Edit' })).toBeInTheDocument());
    expect(within(panel).queryByTestId('edit-conflict')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Customer')).toHaveValue('Globex');
  });

  it('Keep Acme shows theirs and sends nothing; the other typed values stay and save on their own', async () => {
    const { sent } = headerServer();
    const panel = await editHeader();
    const notice = await within(panel).findByTestId('edit-conflict');
    await userEvent.click(within(notice).getByRole('button', { name: 'Keep Acme' }));
    expect(within(panel).queryByTestId('edit-conflict')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Customer')).toHaveValue('Acme');
    expect(within(panel).getByLabelText('Name')).toHaveValue('Office move');
    expect(sent()).toHaveLength(1);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent()[1]).toEqual({ name: 'Office move', base: { name: 'Office' } }));
  });
});

describe('info panel: someone else changes the header while the person edits it', () => {
  it('a field the person has not touched follows at once; one they changed is asked about before they save', async () => {
    let current: Sale = sale;
    const { calls } = setup(
      () => current,
      answer(partnersApi.customers, customers),
      answer(salesApi.update, (req) => {
        const { base: _base, overwrite: _overwrite, ...fields } = req.body;
        const { delta, after } = change(current, (s) => Object.assign(s, fields));
        current = after;
        return delta;
      }),
    );
    const { socket } = await openSale('/sale/s1');
    const panel = screen.getByTestId('info-panel');
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    const name = within(panel).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Office move');
    const live = (edit: (s: Sale) => void) => {
      const { delta, after } = change(current, edit);
      current = after;
      act(() => socket.serverSends('sale_changed', delta));
    };

    // Bob chooses a customer (a field untouched here): the form shows it, nothing asked, the typed name stays.
    live((s) => {
      s.customer = acme;
    });
    await waitFor(() => expect(within(panel).getByLabelText('Customer')).toHaveValue('Acme'));
    expect(within(panel).queryByTestId('edit-conflict')).not.toBeInTheDocument();
    expect(name).toHaveValue('Office move');

    // Bob renames the quote (the field being typed): asked at once, before any save; nothing sent meanwhile.
    live((s) => {
      s.name = 'Bob’s name';
    });
    const notice = await within(panel).findByTestId('edit-conflict');
    expect(notice).toHaveTextContent('Someone changed Name to Bob’s name while you were editing');
    expect(name).toHaveValue('Office move');
    const posts = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/sales/s1').map((c) => c.body);
    expect(posts()).toEqual([]);

    // Use Office move: the explicit overwrite of Bob's name; the customer he chose is not sent back.
    await userEvent.click(within(notice).getByRole('button', { name: 'Use Office move' }));
    await waitFor(() =>
      expect(posts()).toEqual([{ name: 'Office move', base: { name: 'Bob’s name' }, overwrite: true }]),
    );
    await waitFor(() => expect(screen.getByTestId('sale-name')).toHaveTextContent('Office move'));
    expect(current.customer).toEqual(acme);
  });
});

describe('sections table: a section renamed by someone else while the person was renaming it', () => {
  const refusal = () =>
    problem(409, 'Someone changed Section name to Furniture while you were editing', undefined, 'EDIT_CONFLICT', {
      members: {
        conflicts: [
          { section: 'sec1', field: 'name', value: 'Furniture', base: 'Main', by: null, at: null },
        ] satisfies SectionEditConflict[],
      },
    });

  function sectionServer() {
    let current: Sale = sale;
    let posts = 0;
    const { calls } = setup(
      () => current,
      answer(saleSectionsApi.update, (req) => {
        if (++posts === 1) {
          current = change(current, (s) => {
            s.sections[0]!.name = 'Furniture';
          }).after;
          return refusal();
        }
        const { delta, after } = change(current, (s) => {
          s.sections[0]!.name = req.body.name ?? s.sections[0]!.name;
        });
        current = after;
        return delta;
      }),
    );
    const sent = () => calls.filter((c) => c.path === '/api/sales/sections/update/s1/sec1').map((c) => c.body);
    return { sent };
  }

  async function rename() {
    await openSale('/sale/s1');
    const row = screen.getByTestId('section-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    const field = within(row).getByLabelText('Section name');
    await userEvent.clear(field);
    await userEvent.type(field, 'Desks{Enter}');
    return row;
  }

  it('the refusal opens the editor again with the typed name and asks; Use Desks overwrites Furniture', async () => {
    const { sent } = sectionServer();
    const row = await rename();
    const notice = await within(row).findByTestId('edit-conflict');
    expect(notice).toHaveTextContent('Someone changed Section name to Furniture while you were editing');
    expect(within(row).getByLabelText('Section name')).toHaveValue('Desks');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent()).toEqual([{ name: 'Desks', base: { name: 'Main' } }]);
    await userEvent.click(within(notice).getByRole('button', { name: 'Use Desks' }));
    await waitFor(() => expect(sent()[1]).toEqual({ name: 'Desks', base: { name: 'Furniture' }, overwrite: true }));
    await waitFor(() => expect(row).toHaveTextContent('Desks'));
    expect(within(row).queryByLabelText('Section name')).not.toBeInTheDocument();
  });

  it('Keep Furniture drops the typed name, shows theirs and sends nothing', async () => {
    const { sent } = sectionServer();
    const row = await rename();
    const notice = await within(row).findByTestId('edit-conflict');
    await userEvent.click(within(notice).getByRole('button', { name: 'Keep Furniture' }));
    expect(within(row).queryByLabelText('Section name')).not.toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Furniture'));
    expect(sent()).toHaveLength(1);
  });

  it('someone renames the section while the editor is open: asked at once, the typed name kept', async () => {
    let current: Sale = sale;
    const { calls } = setup(
      () => current,
      answer(saleSectionsApi.update, (req) => {
        const { delta, after } = change(current, (s) => {
          s.sections[0]!.name = req.body.name ?? s.sections[0]!.name;
        });
        current = after;
        return delta;
      }),
    );
    const { socket } = await openSale('/sale/s1');
    const row = screen.getByTestId('section-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    const field = within(row).getByLabelText('Section name');
    await userEvent.clear(field);
    await userEvent.type(field, 'Desks');
    const { delta, after } = change(current, (s) => {
      s.sections[0]!.name = 'Furniture';
    });
    current = after;
    act(() => socket.serverSends('sale_changed', delta));
    const notice = await within(row).findByTestId('edit-conflict');
    expect(notice).toHaveTextContent('Someone changed Section name to Furniture while you were editing');
    expect(within(row).getByLabelText('Section name')).toHaveValue('Desks');
    const sent = () => calls.filter((c) => c.path === '/api/sales/sections/update/s1/sec1').map((c) => c.body);
    expect(sent()).toEqual([]);
    await userEvent.click(within(notice).getByRole('button', { name: 'Use Desks' }));
    await waitFor(() => expect(sent()).toEqual([{ name: 'Desks', base: { name: 'Furniture' }, overwrite: true }]));
    await waitFor(() => expect(row).toHaveTextContent('Desks'));
  });
});
