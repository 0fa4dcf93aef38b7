import { usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '../../lib/types';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, problem, type Received, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';

const admin = makeUser({ _id: 'admin', name: 'Admin Person', email: 'admin@example.test', isAdmin: true });

function people(n: number): User[] {
  return Array.from({ length: n }, (_, i) =>
    makeUser({
      _id: `p${i}`,
      name: `Person ${String(i).padStart(2, '0')}`,
      email: `p${i}@example.test`,
      azure_id: i === 0 ? 'azure-oid' : null,
    }),
  );
}

/** The user the server creates from a create request (the password is not answered; the default modules). */
const created = ({ name, email, isAdmin }: Received<typeof usersApi.create>['body']) => ({
  name,
  email,
  isAdmin: isAdmin ?? false,
});

/** The user as the server changes it: the fields sent, each module's access merged with the one held. */
function changed(user: User, { name, email, isAdmin, modules }: Received<typeof usersApi.update>['body']): User {
  const merged = { ...user.modules };
  for (const [module, access] of Object.entries(modules ?? {}) as [keyof User['modules'], object | undefined][])
    merged[module] = { ...merged[module], ...access };
  return {
    ...user,
    ...(name !== undefined ? { name } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(isAdmin !== undefined ? { isAdmin } : {}),
    modules: merged,
  };
}

function setup(users: User[], ...handlers: HttpHandler[]) {
  window.localStorage.setItem('token', makeToken({ sub: 'admin', name: admin.name, exp: nowSeconds() + 3600 }));
  return serve(answer(usersApi.get, admin), answer(usersApi.list, [admin, ...users]), ...handlers);
}

const dataRows = () =>
  screen
    .getAllByRole('row')
    .filter((r) => within(r).queryAllByRole('cell').length > 0 && /@example\.test/.test(r.textContent ?? ''));

async function findRow(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = dataRows().find((r) => r.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found!;
}

async function waitRows(n: number) {
  // the suite's own wait (test/setup.ts): the first render of the page may take a while on a busy machine
  await waitFor(() => expect(dataRows()).toHaveLength(n));
}

describe('user management', () => {
  it('lists users with the documented columns, 20 per page', async () => {
    setup(people(24));
    renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    await waitRows(20);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const name of ['Name', 'Email', 'Admin Rights', 'Created On', 'Azure Linked']) {
      expect(
        headers.some((h) => h.includes(name)),
        name,
      ).toBe(true);
    }
    expect(headers.some((h) => h.includes('Password'))).toBe(false);
    const first = await findRow('Person 00');
    expect(within(first).getByText('Linked')).toBeInTheDocument();
  });

  it('inline add: field errors from the server stay under the fields with the values kept', async () => {
    const { calls } = setup(
      people(1),
      answer(
        usersApi.create,
        problem(409, 'Email already in use', { email: 'This email is already registered' }, 'EMAIL_TAKEN'),
      ),
    );
    renderApp('/users');
    await waitRows(2);
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'New Person');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'p0@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'a-password-1{Enter}');
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('New Person');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/users')?.body).toMatchObject({
      name: 'New Person',
      email: 'p0@example.test',
      password: 'a-password-1',
      isAdmin: false,
    });
  });

  it('inline add: required fields are checked before anything is sent', async () => {
    const { calls } = setup([]);
    renderApp('/users');
    await waitRows(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('inline add creates the user and adds the row', async () => {
    setup(
      [],
      answer(usersApi.create, ({ body }) => makeUser({ ...created(body), _id: 'new1' })),
    );
    renderApp('/users');
    await waitRows(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Brand New');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'new@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'a-password-1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Admin Rights' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Brand New created')).toBeInTheDocument();
    await waitRows(2);
    expect(await findRow('Brand New')).toBeInTheDocument();
  });

  it('a user added while the list has several pages is shown: the table turns to their page', async () => {
    const list = [admin, ...people(24)];
    setup(
      [],
      answer(usersApi.list, () => list),
      answer(usersApi.create, ({ body }) => {
        const user = makeUser({ ...created(body), _id: 'zed' });
        list.push(user);
        return user;
      }),
    );
    renderApp('/users');
    await waitRows(20);
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Zed Last');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'zed@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'a-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Zed Last created')).toBeInTheDocument();
    // sorted by name, Zed Last is on page 2: it is the page shown
    expect(await findRow('zed@example.test')).toBeInTheDocument();
  });

  it('inline edit sends only the changed fields; Escape cancels', async () => {
    const target = people(1)[0]!;
    const { calls } = setup(
      [target],
      answer(usersApi.update, ({ body }) => changed(target, body)),
    );
    renderApp('/users');
    let row = await findRow('Person 00');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Person 00' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, ' Edited{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    row = await findRow('Person 00');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit Person 00' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), ' Renamed{Enter}');
    expect(await screen.findByText('User Person 00 Renamed saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/users/p0', { name: 'Person 00 Renamed' }],
    ]);
    expect(await findRow('Person 00 Renamed')).toBeInTheDocument();
  });

  it('module access: Save sends the modules, Discard restores them', async () => {
    const target = people(1)[0]!;
    const { calls } = setup(
      [target],
      answer(usersApi.update, ({ body }) => changed(target, body)),
    );
    renderApp('/users');
    const row = await findRow('Person 00');
    await userEvent.click(within(row).getByRole('button', { name: 'Expand' }));
    const panel = await screen.findByTestId('modules-p0');
    const save = within(panel).getByRole('button', { name: 'Save' });
    const discard = within(panel).getByRole('button', { name: 'Discard' });
    expect(save).toBeDisabled();

    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Accounting Enabled' }));
    expect(save).toBeEnabled();
    await userEvent.click(discard);
    expect(within(panel).getByRole('checkbox', { name: 'Accounting Enabled' })).not.toBeChecked();
    expect(save).toBeDisabled();

    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Inventory Enabled' }));
    const inventory = panel.querySelector('[data-module="inventory"]') as HTMLElement;
    await userEvent.click(within(inventory).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: 'Full Rights' }));
    await userEvent.click(within(screen.getByTestId('modules-p0')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Module access saved for Person 00')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/users/p0' && c.method === 'POST')?.body).toEqual({
      modules: {
        sales: { enabled: false, level: 'viewer' },
        accounting: { enabled: false, level: 'viewer' },
        inventory: { enabled: true, level: 'full_rights' },
      },
    });
  });

  it('delete asks first and shows server refusals in the Error dialog', async () => {
    const target = people(1)[0]!;
    const { calls } = setup([target], answer(usersApi.remove, problem(409, 'Cannot delete the last admin')));
    renderApp('/users');
    const row = await findRow('Person 00');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete Person 00' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete the following user? Person 00 (p0@example.test)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete Person 00' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('Cannot delete the last admin');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/users/p0']);
    await userEvent.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await findRow('Person 00')).toBeInTheDocument();
  });

  it('the signed-in admin cannot delete themselves', async () => {
    setup([]);
    renderApp('/users');
    const row = await findRow('Admin Person');
    expect(within(row).getByRole('button', { name: 'Delete Admin Person' })).toBeDisabled();
  });
});
