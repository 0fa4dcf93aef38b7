// The customer PDF as a customer reads it: documents drawn by pdf.ts and read back with poppler's pdftotext — every
// block (seller, addresses, quote facts, payment terms), each presentation of a section, optional sections left out
// of the total, Odoo's taxes once published, another currency, page size, page numbers and the table's titles on
// every page, a section heading never alone at the bottom of a page, the cover letter as its own page.
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { salePdf } from './pdf';
import type { DocumentSection, QuoteDocument } from './quote-document';
import type { ViewLine } from './sale-view';
import { pdfPageSize, pdfPages } from './testkit';

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
const render = (d: QuoteDocument) => bytes(salePdf(d));

const usd = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const eur = (v: number) =>
  `${v.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0€`;

function line(over: Partial<ViewLine> & Pick<ViewLine, 'description'>): ViewLine {
  const quantity = over.quantity ?? 1;
  const price = over.price ?? 100;
  return {
    kind: 'product',
    model: '',
    manufacturer: '',
    quantity,
    price,
    cost: 60,
    discount: 0,
    markupPercent: 40,
    uom: 'Units',
    subtotal: over.subtotal ?? quantity * price,
    ...over,
  };
}

function section(name: string, presentation: DocumentSection['presentation'], lines: ViewLine[]): DocumentSection {
  return { name, presentation, lines, total: lines.reduce((s, l) => s + l.subtotal, 0) };
}

const LOGO = Buffer.from(
  // A 2×2 red PNG.
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

function quote(over: Partial<QuoteDocument> = {}): QuoteDocument {
  const sections = over.sections ?? [
    section('Desks', 'details', [
      line({ model: 'DESK-1', description: 'Sit-stand desk', quantity: 2, price: 450 }),
      line({ model: 'CHAIR-9', description: 'Task chair', quantity: 4, price: 120, discount: 10, subtotal: 432 }),
    ]),
    section('Cabling', 'quantities', [line({ model: 'CAT6', description: 'Patch cable', quantity: 25, price: 4 })]),
    section('Installation', 'total', [line({ description: 'Installer day', quantity: 2, price: 600 })]),
    section('Extended warranty', 'optional', [line({ description: '3-year warranty', quantity: 1, price: 250 })]),
  ];
  return {
    quoteNumber: 'Q00042',
    name: 'Head office fit-out',
    date: new Date('2026-11-27T10:00:00Z'),
    expiry: new Date('2026-12-27T10:00:00Z'),
    seller: {
      name: 'YourCompany GmbH',
      logo: LOGO,
      lines: ['Hauptstraße 1', '10115 Berlin', 'Germany'],
      vat: 'DE123456789',
      phone: '+49 30 1234567',
      email: 'info@yourcompany.example',
      website: 'www.yourcompany.example',
    },
    invoice: { name: 'Azure Interior', lines: ['4557 De Silva St', 'Fremont CA 94538', 'United States'] },
    delivery: { name: 'Azure Interior, Warehouse', lines: ['12 Dock Road', 'Oakland CA 94607'] },
    customerReference: 'PO-7781',
    salesperson: { name: 'Sam Sales', email: 'sam@yourcompany.example' },
    paymentTerms: '30 Days',
    sections,
    untaxed: 900 + 432 + 100 + 1200,
    erp: null,
    money: usd,
    paper: 'A4',
    coverLetter: null,
    ...over,
  };
}

/** The text of a page with its runs of spaces folded, so words of one line can be looked for together. */
const flat = (page: string) => page.replace(/[ \t]+/g, ' ');

describe('the customer PDF, read as text', () => {
  it('says who it is from and to whom, until when, by whom and on which terms', async () => {
    const [first] = pdfPages(await render(quote()));
    const text = flat(first!);
    for (const expected of [
      'YourCompany GmbH',
      'Hauptstraße 1',
      '10115 Berlin',
      'Tax ID: DE123456789',
      'Quote Q00042',
      'Quote date: 11/27/2026',
      'Expiry date: 12/27/2026',
      'Salesperson: Sam Sales',
      'sam@yourcompany.example',
      'Your reference: PO-7781',
      'INVOICE ADDRESS',
      'Azure Interior',
      '4557 De Silva St',
      'DELIVERY ADDRESS',
      'Azure Interior, Warehouse',
      '12 Dock Road',
      'Head office fit-out',
      'Payment terms: 30 Days',
    ])
      expect(text).toContain(expected);
    // The footer: the company's contact line and the page number.
    expect(text).toContain('YourCompany GmbH · +49 30 1234567 · info@yourcompany.example · www.yourcompany.example');
    expect(text).toMatch(/Page 1 of 1\s*$/);
  });

  it('prints each section as presented; the optional one after the total, not counted in it', async () => {
    const text = flat(pdfPages(await render(quote()))[0]!);
    // Details: quantity, unit price, discount and subtotal; the Disc. % column is there because a line has one.
    expect(text).toMatch(/DESK-1 — Sit-stand desk 2 \$450\.00 \$900\.00/);
    expect(text).toMatch(/CHAIR-9 — Task chair 4 \$120\.00 10\.00% \$432\.00/);
    expect(text).toMatch(/Subtotal \$1,332\.00/);
    // Quantities only: the quantity, no price; the section's subtotal.
    expect(text).toMatch(/CAT6 — Patch cable 25\n/);
    expect(text).not.toContain('$4.00');
    expect(text).toMatch(/Subtotal \$100\.00/);
    // Total only: one line with the name and total, never its lines.
    expect(text).toMatch(/Installation \$1,200\.00/);
    expect(text).not.toContain('Installer day');
    // The total counts the three main sections only; the optional section comes after it, with its own subtotal.
    expect(text).toMatch(/Untaxed total \$2,632\.00/);
    const total = text.indexOf('Untaxed total');
    const optional = text.indexOf('Optional\n');
    expect(optional).toBeGreaterThan(total);
    expect(text.slice(optional)).toMatch(
      /Extended warranty[\s\S]*3-year warranty 1 \$250\.00 \$250\.00[\s\S]*Subtotal \$250\.00/,
    );
    expect(text.slice(optional)).toContain('not included in the total above');
    expect(text).not.toContain('Taxes');
  });

  it('once published, shows Odoo’s untaxed amount, taxes and total, in the company’s currency', async () => {
    const pdf = await render(quote({ erp: { untaxed: 2632, tax: 394.8, total: 3026.8 }, money: eur }));
    const text = flat(pdfPages(pdf)[0]!);
    expect(text).toMatch(/Untaxed amount 2\.632,00 €/);
    expect(text).toMatch(/Taxes 394,80 €/);
    expect(text).toMatch(/Total 3\.026,80 €/);
    expect(text).not.toContain('Untaxed total');
    expect(text).toMatch(/Sit-stand desk 2 450,00 € 900,00 €/);
    expect(text).not.toContain('$');
  });

  it('is A4 for a company outside the Letter countries, US Letter otherwise', async () => {
    expect(pdfPageSize(await render(quote({ paper: 'A4' })))).toMatchObject({ width: 595.28, height: 841.89 });
    expect(pdfPageSize(await render(quote({ paper: 'LETTER' })))).toMatchObject({ width: 612, height: 792 });
  });

  it('repeats the column titles and the footer on every page and never leaves a section heading alone', async () => {
    // Many sections of several lines, with long descriptions that wrap: headings fall near page ends somewhere.
    const long = 'A description long enough to wrap over two lines of the description column in the table of the quote';
    const sections = Array.from({ length: 40 }, (_, i) =>
      section(
        `Room ${i + 1}`,
        'details',
        Array.from({ length: 3 + (i % 4) }, (_, k) =>
          line({ model: `M-${i}-${k}`, description: k === 1 ? long : 'Chair' }),
        ),
      ),
    );
    const pages = pdfPages(await render(quote({ sections })));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page).toMatch(/Description\s+Qty\s+Unit Price\s+Subtotal/);
      expect(flat(page)).toMatch(new RegExp(`Page ${i + 1} of ${pages.length}\\s*$`));
      expect(flat(page)).toContain('YourCompany GmbH · +49 30 1234567');
      // The last line of the content (before the footer) is never a section's heading.
      const content = page
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('YourCompany GmbH ·') && !/^Page \d+ of \d+$/.test(l));
      expect(content.at(-1)).not.toMatch(/^Room \d+$/);
    });
    // Every line of every section is printed once, the long description whole.
    const all = pages.join('\n');
    for (let i = 0; i < 40; i++) expect(all).toContain(`Room ${i + 1}`);
    expect(all.match(/M-\d+-\d+/g)).toHaveLength(sections.reduce((n, s) => n + s.lines.length, 0));
    expect(flat(all)).toContain('two lines of the');
  });

  it('prints the cover letter as its own first page, then the quote', async () => {
    const pages = pdfPages(
      await render(quote({ coverLetter: [[{ text: 'Dear Azure Interior,', bold: true }], [{ text: 'Our offer.' }]] })),
    );
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Dear Azure Interior,');
    expect(pages[0]).not.toContain('Quote Q00042');
    expect(pages[1]).toContain('Quote Q00042');
    expect(flat(pages[0]!)).toMatch(/Page 1 of 2/);
  });

  it('without ERP data: no seller block, one address, no expiry or terms; an unreadable logo is left out', async () => {
    const bare = await render(
      quote({
        seller: null,
        delivery: null,
        expiry: null,
        paymentTerms: null,
        customerReference: null,
        paper: 'LETTER',
      }),
    );
    const text = flat(pdfPages(bare)[0]!);
    expect(text).toContain('INVOICE AND DELIVERY ADDRESS');
    expect(text).not.toContain('Expiry date');
    expect(text).not.toContain('Payment terms');
    expect(text).toMatch(/Page 1 of 1/);
    const badLogo = quote();
    badLogo.seller!.logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(flat(pdfPages(await render(badLogo))[0]!)).toContain('YourCompany GmbH');
  });
});
