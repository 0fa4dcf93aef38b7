// No silent overwrite: two people editing one quote never write over each other without a word. A save based on a
// value the other changed meanwhile is asked about in the cell ("Erin Editor changed Qty to 44 while you were
// editing — Keep 44 / Use 33"); "Use 33" replaces it and Erin is told; edits of different fields merge; each row
// shows who has one of its cells open.
import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminHeaders,
  createSaleViaApi,
  ensureErpData,
  expectNoA11yViolations,
  findProducts,
  shot,
  signInAsNewUser,
} from './helpers';

// What one browser sees of the other's change: well within a second on an idle machine, but the journeys run beside
// other servers and browsers on two cores.
const expect = baseExpect.configure({ timeout: 30_000 });

const editorModules = { sales: { enabled: true, level: 'editor' as const } };

// The demo ERP's catalog, fetched once (the first fetch of a fresh server takes a while on a busy machine).
test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await ensureErpData(request);
});
// Two browsers and axe checks on a 2-core machine shared with other work.
test.describe.configure({ timeout: 240_000 });

/** A sale with one section of two product lines (quantity 2 each), and Erin and Bob on it in two browsers. */
async function twoEditors(browser: Browser, request: APIRequestContext) {
  const [product] = (await findProducts(request, { pageSize: 10 })).filter((p) => !p.is_bundle && p.active);
  expect(product, 'an active product').toBeTruthy();
  const sale = await createSaleViaApi(request, `Conflicts ${Date.now().toString(36)}`, ['Main']);
  const section = sale.sections[0]!;
  const headers = await adminHeaders(request);
  const added = await request.post(`/api/sales/lines/create/${sale._id}/${section._id}`, {
    headers,
    data: {
      lines: [
        { product: product!.id, quantity: '2' },
        { product: product!.id, quantity: '2' },
      ],
      sequence: -1,
    },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const contexts = [await browser.newContext(), await browser.newContext()] as const;
  const [erin, bob] = [await contexts[0].newPage(), await contexts[1].newPage()] as const;
  const tag = Date.now().toString(36);
  await signInAsNewUser(erin, request, {
    prefix: `erin-${tag}`,
    name: 'Erin Editor',
    password: 'Erin-conflict-1',
    modules: editorModules,
  });
  await signInAsNewUser(bob, request, {
    prefix: `bob-${tag}`,
    name: 'Bob Builder',
    password: 'Bob-conflict-1',
    modules: editorModules,
  });
  for (const page of [erin, bob]) await page.goto(`/sale/${sale._id}?section=${section._id}`);
  // Both in the sale's room: a readiness wait, generous for a busy machine (with two other browsers and servers
  // beside it, a socket's handshake took up to several seconds there); latency is not this test's subject.
  for (const page of [erin, bob]) await expect(page.getByTestId('editor-avatar')).toHaveCount(2, { timeout: 90_000 });
  const stored = async () =>
    (await (await request.get(`/api/sales/${sale._id}`, { headers })).json()).sections[0].lines.map(
      (l: { quantity: string; price: string }) => ({ quantity: l.quantity, price: l.price }),
    );
  return {
    erin,
    bob,
    stored,
    close: async () => {
      for (const c of contexts) await c.close();
    },
  };
}

const row = (page: Page, i = 0) => page.getByTestId('line-row').nth(i);
/** Opens the cell `label` of row `i` and types `text` without saving; answers the cell's input. */
async function typeIn(page: Page, label: string, text: string, i = 0) {
  await row(page, i)
    .getByRole('button', { name: `Edit ${label}` })
    .dblclick();
  const input = row(page, i).getByRole('textbox', { name: label });
  await input.fill(text);
  return input;
}
const shown = (page: Page, label: string, i = 0) => row(page, i).getByRole('button', { name: `Edit ${label}` });

test('Erin saves first: Bob is asked before his value replaces hers; "Use 33" replaces it and Erin is told', async ({
  browser,
  request,
}) => {
  const { erin, bob, stored, close } = await twoEditors(browser, request);
  const bobInput = await typeIn(bob, 'Qty', '33');
  const erinInput = await typeIn(erin, 'Qty', '44');
  await erinInput.press('Enter');
  await expect(shown(erin, 'Qty')).toHaveText('44');

  // Bob's screen asks; Enter does not save over Erin's value, it moves to the choices.
  const question = bob.getByTestId('edit-conflict');
  await expect(question).toContainText('Erin Editor changed Qty to 44 while you were editing');
  await expect(bobInput).toHaveValue('33');
  await bobInput.press('Enter');
  await expect(question.getByRole('button', { name: 'Keep 44' })).toBeFocused();
  await expect.poll(async () => (await stored())[0].quantity).toBe('44');
  await expectNoA11yViolations(bob);
  await shot(bob, 'edit-conflict-question');

  // "Use 33": an explicit overwrite. Erin sees 33, and is told who replaced her value.
  await question.getByRole('button', { name: 'Use 33' }).click();
  await expect(question).toHaveCount(0);
  await expect(shown(bob, 'Qty')).toHaveText('33');
  await expect(shown(erin, 'Qty')).toHaveText('33');
  await expect(erin.getByTestId('snackbar')).toContainText('Bob Builder replaced your Qty 44 with 33 on line 1');
  await shot(erin, 'edit-conflict-replaced');
  expect((await stored())[0].quantity).toBe('33');
  await close();
});

test('Bob saves first: Erin is asked; "Keep" keeps Bob’s value and sends nothing of hers', async ({
  browser,
  request,
}) => {
  const { erin, bob, stored, close } = await twoEditors(browser, request);
  const erinInput = await typeIn(erin, 'Qty', '44');
  const bobInput = await typeIn(bob, 'Qty', '33');
  await bobInput.press('Enter');
  const question = erin.getByTestId('edit-conflict');
  await expect(question).toContainText('Bob Builder changed Qty to 33 while you were editing');
  await expect(erinInput).toHaveValue('44');
  await question.getByRole('button', { name: 'Keep 33' }).click();
  await expect(question).toHaveCount(0);
  await expect(shown(erin, 'Qty')).toHaveText('33');
  await expect(shown(bob, 'Qty')).toHaveText('33');
  expect((await stored())[0].quantity).toBe('33');
  await expect(bob.getByTestId('snackbar')).toHaveCount(0);
  await close();
});

test('two saves at the same moment: one wins, the other is asked, nobody is overwritten silently', async ({
  browser,
  request,
}) => {
  const { erin, bob, stored, close } = await twoEditors(browser, request);
  const erinInput = await typeIn(erin, 'Qty', '11');
  const bobInput = await typeIn(bob, 'Qty', '22');
  await Promise.all([erinInput.press('Enter'), bobInput.press('Enter')]);
  // Exactly one of them is asked (from the server's refusal, or from the other's change arriving first).
  const asked = async () =>
    (await erin.getByTestId('edit-conflict').count()) + (await bob.getByTestId('edit-conflict').count());
  await expect.poll(asked).toBe(1);
  const loser = (await erin.getByTestId('edit-conflict').count()) === 1 ? erin : bob;
  const winner = loser === erin ? bob : erin;
  const won = loser === erin ? '22' : '11';
  const lost = loser === erin ? '11' : '22';
  const question = loser.getByTestId('edit-conflict');
  await expect(question).toContainText(
    `${winner === erin ? 'Erin Editor' : 'Bob Builder'} changed Qty to ${won} while you were editing`,
  );
  await expect(loser.getByRole('textbox', { name: 'Qty' })).toHaveValue(lost);
  await expect(shown(winner, 'Qty')).toHaveText(won);
  expect((await stored())[0].quantity).toBe(won);
  await question.getByRole('button', { name: `Keep ${won}` }).click();
  await expect(shown(loser, 'Qty')).toHaveText(won);
  expect(await asked()).toBe(0);
  await close();
});

test('edits of different fields, and of different lines, merge without a word', async ({ browser, request }) => {
  const { erin, bob, stored, close } = await twoEditors(browser, request);
  // Both cells open at once on the same line, then saved one after the other.
  const erinQty = await typeIn(erin, 'Qty', '7');
  const bobPrice = await typeIn(bob, 'Price', '150');
  await erinQty.press('Enter');
  await bobPrice.press('Enter');
  const erinLine2 = await typeIn(erin, 'Qty', '9', 1);
  const bobLine2 = await typeIn(bob, 'Price', '20', 1);
  await bobLine2.press('Enter');
  await erinLine2.press('Enter');
  for (const page of [erin, bob]) {
    await expect(shown(page, 'Qty')).toHaveText('7');
    await expect(shown(page, 'Price')).toHaveText('$150.00');
    await expect(shown(page, 'Qty', 1)).toHaveText('9');
    await expect(shown(page, 'Price', 1)).toHaveText('$20.00');
    await expect(page.getByTestId('edit-conflict')).toHaveCount(0);
  }
  expect(await stored()).toEqual([
    { quantity: '7', price: '150.00' },
    { quantity: '9', price: '20.00' },
  ]);
  await close();
});

test('a row shows who has one of its cells open, in their colour, until they leave it', async ({
  browser,
  request,
}) => {
  const { erin, bob, close } = await twoEditors(browser, request);
  const input = await typeIn(erin, 'Description', 'Changed', 1);
  const marker = row(bob, 1).getByTestId('row-presence');
  await expect(marker).toHaveText('Erin Editor');
  await expect(row(bob, 0).getByTestId('row-presence')).toHaveCount(0);
  // Erin does not see herself.
  await expect(erin.getByTestId('row-presence')).toHaveCount(0);
  await expectNoA11yViolations(bob);
  await shot(bob, 'row-presence');
  // Moving to another cell of the same row keeps the marker; leaving the row moves it.
  await input.press('Escape');
  await row(erin, 0).getByRole('button', { name: 'Edit Qty' }).dblclick();
  await expect(row(bob, 0).getByTestId('row-presence')).toHaveText('Erin Editor');
  await expect(row(bob, 1).getByTestId('row-presence')).toHaveCount(0);
  await row(erin, 0).getByRole('textbox', { name: 'Qty' }).press('Escape');
  await expect(bob.getByTestId('row-presence')).toHaveCount(0);
  // Her browser goes away with a cell open: the marker goes too.
  await row(erin, 0).getByRole('button', { name: 'Edit Qty' }).dblclick();
  await expect(row(bob, 0).getByTestId('row-presence')).toHaveText('Erin Editor');
  await erin.close();
  await expect(bob.getByTestId('row-presence')).toHaveCount(0);
  await close();
});

test('the header and a section name: a save based on a value changed meanwhile is asked about; other fields merge', async ({
  page,
  request,
}) => {
  const saleName = `Header ${Date.now().toString(36)}`;
  const sale = await createSaleViaApi(request, saleName, ['Main']);
  const headers = await adminHeaders(request);
  /** Someone else's change, as another person's browser would send it (based on what it showed). */
  const elsewhere = async (path: string, data: object) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
  };
  const stored = async () => (await (await request.get(`/api/sales/${sale._id}`, { headers })).json()) as SaleJson;
  type SaleJson = { name: string; validity_days: number | null; sections: { name: string }[] };
  await signInAsNewUser(page, request, {
    prefix: `erin-header-${Date.now().toString(36)}`,
    name: 'Erin Editor',
    password: 'Erin-conflict-1',
    modules: editorModules,
  });
  await page.goto(`/sale/${sale._id}`);
  const panel = page.getByTestId('info-panel');
  const name = panel.getByRole('textbox', { name: 'Name' });

  // Erin renames the quote while someone else renames it too: her Save asks, her text kept; "Use" replaces theirs.
  await panel.getByRole('button', { name: 'Edit', exact: true }).click();
  await name.fill('Erin’s name');
  await elsewhere(`/api/sales/${sale._id}`, { name: 'Their name', base: { name: saleName } });
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  const question = panel.getByTestId('edit-conflict');
  await expect(question).toContainText('Someone changed Name to Their name while you were editing');
  await expect(name).toHaveValue('Erin’s name');
  expect((await stored()).name).toBe('Their name');
  await expectNoA11yViolations(page);
  await question.getByRole('button', { name: 'Use Erin’s name' }).click();
  await expect(page.getByTestId('sale-name')).toHaveText('Erin’s name');
  expect((await stored()).name).toBe('Erin’s name');

  // Different fields merge without a word: someone renames it while Erin changes the validity.
  await expect(panel).toHaveAttribute('data-expanded', 'false', { timeout: 10_000 }); // folds after a save
  await page.getByTestId('sale-name').click();
  await panel.getByRole('button', { name: 'Edit', exact: true }).click();
  await panel.getByTestId('validity-days').fill('45');
  await elsewhere(`/api/sales/${sale._id}`, { name: 'Renamed again', base: { name: 'Erin’s name' } });
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('sale-name')).toHaveText('Renamed again');
  await expect(panel.getByTestId('edit-conflict')).toHaveCount(0);
  await expect.poll(async () => (await stored()).validity_days).toBe(45);
  expect((await stored()).name).toBe('Renamed again');

  // A section renamed meanwhile: Erin's rename asks; Keep shows theirs and sends nothing.
  const rows = page.getByTestId('section-row');
  await rows.first().getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('Section name').fill('Erin’s section');
  await elsewhere(`/api/sales/sections/update/${sale._id}/${sale.sections[0]!._id}`, {
    name: 'Their section',
    base: { name: 'Main' },
  });
  await page.getByLabel('Section name').press('Enter');
  const asked = page.getByTestId('edit-conflict');
  await expect(asked).toContainText('Someone changed Section name to Their section while you were editing');
  await asked.getByRole('button', { name: 'Keep Their section' }).click();
  await expect(rows.first()).toHaveAttribute('data-section-name', 'Their section');
  expect((await stored()).sections[0]!.name).toBe('Their section');
});
