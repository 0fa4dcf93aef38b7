// The sale's templates (docs/product/screens.md#templates-menu): choose a template and its sections, merge (default) or
// overwrite; Refresh / Remove of applied templates, a deleted one shown as such; no Templates button for viewers.
import {
  saleTemplatesApi,
  type TemplateDto,
  type TemplateListDto,
  templatesApi,
  usersApi,
} from '@quotewright/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../../test/fixtures';
import { answer, problem, serve } from '../../../test/msw';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Sale } from '../api/types';
import { change, line, openSale, sale, setup } from '../test/liveSale';
import { ApplyTemplateDialog, TEMPLATE_DELETED_TOOLTIP } from './SaleTemplates';

const list: TemplateListDto = [
  { _id: 't1', name: 'Install kit', total_price: '10.00', updated_on: '2026-01-01T00:00:00Z' },
  { _id: 't2', name: 'Other kit', total_price: '5.00', updated_on: '2026-01-01T00:00:00Z' },
];
const emptyPricing = sale.sections[0]!.pricing;
const kit: TemplateDto = {
  _id: 't1',
  name: 'Install kit',
  total_price: '10.00',
  created_on: '2026-01-01T00:00:00Z',
  updated_on: '2026-01-01T00:00:00Z',
  created_by: { id: 'a1', name: 'Admin' },
  updated_by: { id: 'a1', name: 'Admin' },
  pricing: sale.pricing,
  version: 1,
  sections: [
    { ...sale.sections[0]!, _id: 'ts1', name: 'Hardware', lines: [line('x1', 'Desk'), line('x2', 'Leg')] },
    { ...sale.sections[0]!, _id: 'ts2', name: 'Extras', lines: [line('x3', 'Lamp')], pricing: emptyPricing },
  ],
};

async function chooseTemplate(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Apply Template' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Template' }));
  fireEvent.click(await screen.findByRole('option', { name }));
  return dialog;
}

describe('Apply Template dialog', () => {
  function render() {
    const user = makeUser();
    window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
    serve(answer(usersApi.get, user), answer(templatesApi.list, list), answer(templatesApi.get, kit));
    const onApply = vi.fn();
    renderWithProviders(<ApplyTemplateDialog onCancel={vi.fn()} onApply={onApply} />);
    return onApply;
  }

  it('lists the templates; every section of the chosen one is checked, merge is the default', async () => {
    const onApply = render();
    const dialog = await screen.findByRole('dialog', { name: 'Apply Template' });
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Template' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Install kit', 'Other kit']);
    await userEvent.click(screen.getByRole('option', { name: 'Install kit' }));
    expect(await within(dialog).findByLabelText('Hardware (2 lines)')).toBeChecked();
    expect(within(dialog).getByLabelText('Extras (1 line)')).toBeChecked();
    expect(within(dialog).getByLabelText('Merge')).toBeChecked();
    expect(within(dialog).getByLabelText('Overwrite')).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ templateId: 't1', sections: ['ts1', 'ts2'], copyStyle: 'merge' });
  });

  it('applies only the chosen sections, with overwrite; no section chosen: nothing to apply', async () => {
    const onApply = render();
    const dialog = await chooseTemplate('Install kit');
    await userEvent.click(await within(dialog).findByLabelText('Hardware (2 lines)'));
    await userEvent.click(within(dialog).getByLabelText('Extras (1 line)'));
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Extras (1 line)'));
    await userEvent.click(within(dialog).getByLabelText('Overwrite'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ templateId: 't1', sections: ['ts2'], copyStyle: 'overwrite' });
  });
});

// The whole editor renders here: slow on a busy machine.
describe('the Templates menu of the sale editor', { timeout: 45_000 }, () => {
  const applied: Sale = { ...sale, template_ids: [{ _id: 't1', name: 'Install kit' }] };

  it('applies a template (overwrite): the request, the change shown and "Template Added"', async () => {
    let current = sale;
    const { after, delta } = change(sale, (s) => {
      s.sections.push({ ...s.sections[0]!, _id: 'sec2', name: 'Extras', lines: [line('n1', 'Lamp')] });
      s.template_ids = [{ _id: 't1', name: 'Install kit' }];
    });
    const { calls } = setup(
      () => current,
      answer(templatesApi.list, list),
      answer(templatesApi.get, kit),
      answer(saleTemplatesApi.add, () => {
        current = after;
        return delta;
      }),
    );
    await openSale('/sale/s1');
    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Apply Template…' }));
    const dialog = await chooseTemplate('Install kit');
    await userEvent.click(await within(dialog).findByLabelText('Hardware (2 lines)'));
    await userEvent.click(within(dialog).getByLabelText('Overwrite'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('dialog', { name: 'Template Added' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/sales/templates/add/s1/t1')?.body).toEqual({
      sections: ['ts2'],
      copyStyle: 'overwrite',
    });
    expect(screen.getAllByTestId('section-row').map((r) => within(r).getByText(/Main|Extras/).textContent)).toEqual([
      'Main',
      'Extras',
    ]);
  });

  it('a failed apply is reported once, in the Error dialog, and ends the loading state', async () => {
    setup(
      () => sale,
      answer(templatesApi.list, list),
      answer(templatesApi.get, kit),
      answer(saleTemplatesApi.add, problem(409, 'This sale can no longer be edited')),
    );
    await openSale('/sale/s1');
    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Apply Template…' }));
    const dialog = await chooseTemplate('Install kit');
    await within(dialog).findByLabelText('Hardware (2 lines)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('This sale can no longer be edited');
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).not.toBeVisible());
    await userEvent.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('snackbar')).not.toBeInTheDocument();
  });

  it('shows a deleted template as deleted: Refresh disabled with a tooltip, Remove still works', async () => {
    const both: Sale = { ...sale, template_ids: [{ _id: 'tGone', name: 'Old kit' }, ...applied.template_ids] };
    let current = both;
    const { after, delta } = change(both, (s) => {
      s.template_ids = applied.template_ids;
    });
    const { calls } = setup(
      () => current,
      answer(templatesApi.list, list),
      answer(saleTemplatesApi.remove, () => {
        current = after;
        return delta;
      }),
    );
    await openSale('/sale/s1');
    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    const refreshGone = await screen.findByRole('menuitem', { name: /Refresh Old kit/ });
    await waitFor(() => expect(refreshGone).toHaveAttribute('aria-disabled', 'true'));
    expect(refreshGone).toHaveTextContent('Template deleted');
    expect(screen.getByRole('menuitem', { name: 'Refresh Install kit' })).not.toHaveAttribute('aria-disabled');
    await userEvent.hover(screen.getByTestId('template-deleted-tGone'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TEMPLATE_DELETED_TOOLTIP);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove Old kit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Template' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('dialog', { name: 'Template Removed' })).toHaveTextContent(
      'empty sections were also deleted',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/sales/templates/remove/s1/tGone',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    expect(await screen.findByRole('menuitem', { name: 'Remove Install kit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Old kit/ })).not.toBeInTheDocument();
  });

  it('a template deleted since the menu was read: Refresh reports the 404 once, then shows it as deleted', async () => {
    let templates = list;
    setup(
      () => applied,
      answer(templatesApi.list, () => templates),
      answer(saleTemplatesApi.refresh, () => {
        templates = list.filter((t) => t._id !== 't1');
        return problem(404, 'Template not found');
      }),
    );
    await openSale('/sale/s1');
    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    const refresh = await screen.findByRole('menuitem', { name: 'Refresh Install kit' });
    await userEvent.click(refresh);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Refresh Template' })).getByRole('button', { name: 'Refresh' }),
    );
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('Template not found');
    await userEvent.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Template Refreshed' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Templates' }));
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: /Refresh Install kit/ })).toHaveAttribute('aria-disabled', 'true'),
    );
    expect(screen.getByRole('menuitem', { name: 'Remove Install kit' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers no Templates button to a sales viewer', async () => {
    const viewer = makeUser({ _id: 'a1', modules: { sales: { enabled: true, level: 'viewer' } } });
    setup(() => applied, answer(usersApi.get, viewer));
    await openSale('/sale/s1');
    expect(screen.getByTestId('section-row')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Templates' })).not.toBeInTheDocument();
  });
});
