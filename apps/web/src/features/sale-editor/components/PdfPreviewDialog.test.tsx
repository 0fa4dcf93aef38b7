// Preview PDF (docs/product/screens.md#pdf-preview): the document of the sale's version in the dialog; a section's
// presentation or the validity changed there is the editor's own edit, and the preview is drawn again for the new
// version; Download saves what is shown; a viewer sees the settings unchangeable.
import { companyApi, exportsApi, saleSectionsApi, salesApi, usersApi } from '@quotewright/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { answer } from '../../../test/msw';
import type { Sale } from '../api/types';
import { change, openSale, sale, setup } from '../test/liveSale';

const pdfOf = (version: number) =>
  new Response(`%PDF-1.3 version ${version}`, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="Office_Q00007.pdf"' },
  });

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

let urls: string[] = [];
let blobs: Blob[] = [];
beforeEach(() => {
  urls = [];
  blobs = [];
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blobs.push(b as Blob);
    const url = `blob:preview-${++n}`;
    urls.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  // Saving a file clicks a link to its object URL: jsdom cannot follow it.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function openPreview() {
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: /Preview PDF/ }));
  return screen.findByRole('dialog', { name: /Preview PDF — Q00007/ });
}

describe('Preview PDF', () => {
  it('shows the PDF; a presentation changed there is saved and the preview drawn again', async () => {
    let current: Sale = sale;
    const pdfs: number[] = [];
    const { calls } = setup(
      () => current,
      answer(companyApi.documentSettings, { quote_validity_days: 30 }),
      answer(exportsApi.pdf, () => {
        pdfs.push(current.version);
        return pdfOf(current.version);
      }),
      answer(saleSectionsApi.update, (req) => {
        const { delta, after } = change(current, (s) => {
          s.sections[0]!.presentation = req.body.presentation!;
          s.sections[0]!.show_details = req.body.presentation !== 'total';
        });
        current = after;
        return delta;
      }),
    );
    await openSale('/sale/s1');
    const dialog = await openPreview();
    const frame = await within(dialog).findByTitle('PDF of Q00007');
    await waitFor(() => expect(frame).toHaveAttribute('data-version', String(sale.version)));
    expect(frame).toHaveAttribute('src', urls.at(-1));
    expect(await textOf(blobs.at(-1)!)).toBe(`%PDF-1.3 version ${sale.version}`);
    expect(within(dialog).getByTestId('preview-validity')).toHaveValue('');
    expect(within(dialog).getByText('Empty: the default, 30 days')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Main' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Quantities only' }));
    await waitFor(() => expect(frame).toHaveAttribute('data-version', String(sale.version + 1)));
    const update = calls.find((c) => c.path === '/api/sales/sections/update/s1/sec1');
    expect(update?.body).toEqual({ presentation: 'quantities' });
    expect(pdfs).toEqual([sale.version, sale.version + 1]);
    expect(await textOf(blobs.at(-1)!)).toBe(`%PDF-1.3 version ${sale.version + 1}`);
    expect(within(dialog).getByRole('combobox', { name: 'Main' })).toHaveTextContent('Quantities only');
  });

  it('the validity is saved with the sale; a bad number is refused in place', async () => {
    let current: Sale = sale;
    const { calls } = setup(
      () => current,
      answer(companyApi.documentSettings, { quote_validity_days: 30 }),
      answer(exportsApi.pdf, () => pdfOf(current.version)),
      answer(salesApi.update, (req) => {
        const { delta, after } = change(current, (s) => {
          s.validity_days = req.body.validity_days ?? null;
        });
        current = after;
        return delta;
      }),
    );
    await openSale('/sale/s1');
    const dialog = await openPreview();
    const field = within(dialog).getByTestId('preview-validity');
    await userEvent.type(field, '4x');
    await userEvent.tab();
    expect(within(dialog).getByText(/Enter a whole number of days from 0 to/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/sales/s1' && c.method === 'POST')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '45{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/sales/s1' && c.method === 'POST')?.body).toEqual({ validity_days: 45 }),
    );
    await waitFor(() =>
      expect(within(dialog).getByTitle('PDF of Q00007')).toHaveAttribute('data-version', String(sale.version + 1)),
    );
  });

  it('Download saves the document shown; a viewer cannot change how it prints', async () => {
    const viewer = makeUser({ _id: 'v1', name: 'Vera', modules: { sales: { enabled: true, level: 'viewer' } } });
    setup(
      () => sale,
      answer(usersApi.get, viewer),
      answer(companyApi.documentSettings, { quote_validity_days: 30 }),
      answer(exportsApi.pdf, () => pdfOf(sale.version)),
    );
    await openSale('/sale/s1');
    const dialog = await openPreview();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled());
    expect(within(dialog).getByTestId('preview-validity')).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Main' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByText('Only people who may edit this quote change how it prints.')).toBeInTheDocument();
    const before = blobs.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    // saveBlob makes its own object URL of the same document
    expect(blobs.length).toBe(before + 1);
    expect(await textOf(blobs.at(-1)!)).toBe(`%PDF-1.3 version ${sale.version}`);
  });
});
