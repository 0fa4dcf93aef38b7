// The customer PDF of a sale (docs/product/rules.md#the-customer-pdf): a customer document — who it is from and to
// whom, until when, by whom, on which terms, descriptions, quantities, unit prices, subtotals and totals, NEVER cost,
// margin or markup. Each section as presented: Details, Quantities only, Total only, or Optional (after the main
// sections, under its own heading, not counted in the total). The table's column titles repeat on every page, a
// section heading never ends a page, every page has the company's contact line and "Page n of m"; the cover letter
// is its own first page(s).
import { createRequire } from 'node:module';
import { coverLetterIsEmpty } from '@quotewright/contracts';
import { formatDate, formatPercent } from '@quotewright/domain';
import PDFDocument from 'pdfkit';
import type { DocumentParty, DocumentSection, QuoteDocument } from './quote-document';
import type { ViewLine } from './sale-view';

// An embedded Unicode font: the PDF's 14 standard fonts only draw Latin-1, and customers are named in any script.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`);
const FONT_FILES = {
  DejaVuSans: fontFile('DejaVuSans'),
  'DejaVuSans-Bold': fontFile('DejaVuSans-Bold'),
  'DejaVuSans-Oblique': fontFile('DejaVuSans-Oblique'),
} as const;
const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold', italic: 'DejaVuSans-Oblique' } as const;
type Font = (typeof FONT)[keyof typeof FONT];
const MARGIN = 50;
/** Room kept under the content for the footer (contact line and page number). */
const FOOTER = 36;
const PAPER = { A4: { width: 595.28, height: 841.89 }, LETTER: { width: 612, height: 792 } } as const;
const GREY = '#666666';

interface Cells {
  description?: string | null;
  qty?: string | null;
  price?: string | null;
  discount?: string | null;
  subtotal?: string | null;
}
type Column = { x: number; width: number; align: 'left' | 'right' };

/** Description | Qty | Unit price | (Disc. %) | Subtotal over the page's width. */
function columns(width: number, discounts: boolean): Column[] {
  const right = MARGIN + width;
  const cols: Column[] = [];
  const fixed = discounts ? [50, 80, 50, 85] : [50, 80, 85];
  const description = width - fixed.reduce((a, b) => a + b + 5, 0);
  cols.push({ x: MARGIN, width: description, align: 'left' });
  let x = MARGIN + description + 5;
  for (const w of fixed) {
    cols.push({ x, width: w, align: 'right' });
    x += w + 5;
  }
  cols[cols.length - 1] = { x: right - fixed.at(-1)!, width: fixed.at(-1)!, align: 'right' };
  return cols;
}

/** Whether the document shows the Disc. % column: some line it prints with prices has a discount. */
export function showsDiscount(sections: readonly DocumentSection[]): boolean {
  return sections.some(
    (s) =>
      (s.presentation === 'details' || s.presentation === 'optional') &&
      s.lines.some((l) => l.kind === 'product' && l.discount !== 0),
  );
}

const describe = (line: ViewLine) => [line.model, line.description].filter((t) => t.trim() !== '').join(' — ');
const quantity = (q: number) => String(q);

/** The PDF as a readable stream (already ended: pdfkit buffers what was drawn). */
export function salePdf(d: QuoteDocument): PDFKit.PDFDocument {
  const page = PAPER[d.paper];
  const width = page.width - 2 * MARGIN;
  const doc = new PDFDocument({
    size: d.paper,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
    info: { Title: `Quote ${d.quoteNumber}`, Author: d.seller?.name ?? 'Quotewright', Subject: d.name },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  coverLetter(doc, d, width);
  const t = quoteTable(doc, d, width, page.height - MARGIN - FOOTER);
  t.y = heading(doc, d, width, MARGIN);
  t.columnTitles();
  const main = d.sections.filter((s) => s.presentation !== 'optional');
  const optional = d.sections.filter((s) => s.presentation === 'optional');
  for (const s of main) t.section(s);
  totals(t, d);
  if (optional.length > 0) {
    t.y += 14;
    t.keep(80);
    doc.font(FONT.bold).fontSize(14).fillColor('black').text('Optional', MARGIN, t.y, { width });
    t.y = doc.y + 2;
    doc
      .font(FONT.italic)
      .fontSize(9)
      .fillColor(GREY)
      .text('These items are not included in the total above; they can be added on request.', MARGIN, t.y, { width });
    t.y = doc.y + 8;
    for (const s of optional) t.section(s);
  }
  if (d.paymentTerms) {
    t.y += 10;
    t.keep(30);
    doc.font(FONT.bold).fontSize(10).fillColor('black').text('Payment terms: ', MARGIN, t.y, { continued: true });
    doc.font(FONT.regular).text(d.paymentTerms, { width });
    t.y = doc.y;
  }
  footers(doc, d, width, page.height);
  doc.end();
  return doc;
}

/** Before the sale is in the ERP its untaxed total; once published, Odoo's untaxed amount, taxes and total. */
function totals(t: QuoteTable, d: QuoteDocument) {
  t.keep(60);
  t.rule();
  if (d.erp) {
    t.totalRow('Untaxed amount', d.money(d.erp.untaxed), FONT.regular);
    t.totalRow('Taxes', d.money(d.erp.tax), FONT.regular);
    t.totalRow('Total', d.money(d.erp.total), FONT.bold, 12);
  } else {
    t.totalRow('Untaxed total', d.money(d.untaxed), FONT.bold, 12);
  }
}

type QuoteTable = ReturnType<typeof quoteTable>;

/**
 * The quote's table from `y` down: rows of cells in the columns, a new page (with the column titles again) when a
 * row does not fit above `bottom`, sections as presented, total rows.
 */
function quoteTable(doc: PDFKit.PDFDocument, d: QuoteDocument, width: number, bottom: number) {
  const discounts = showsDiscount(d.sections);
  const cols = columns(width, discounts);
  const TITLES: Cells = {
    description: 'Description',
    qty: 'Qty',
    price: 'Unit Price',
    discount: 'Disc. %',
    subtotal: 'Subtotal',
  };
  const cellsOf = (c: Cells) =>
    discounts ? [c.description, c.qty, c.price, c.discount, c.subtotal] : [c.description, c.qty, c.price, c.subtotal];
  const t = {
    y: MARGIN,
    rowHeight(c: Cells, font: Font, size: number) {
      doc.font(font).fontSize(size);
      return Math.max(size, ...cellsOf(c).map((v, i) => (v ? doc.heightOfString(v, { width: cols[i]!.width }) : 0)));
    },
    draw(c: Cells, font: Font, size: number) {
      doc.font(font).fontSize(size).fillColor('black');
      cellsOf(c).forEach((v, i) => {
        if (v) doc.text(v, cols[i]!.x, t.y, { width: cols[i]!.width, align: cols[i]!.align });
      });
    },
    /** Starts a new page (titles first) when `needed` points do not fit under the current position. */
    keep(needed: number) {
      if (t.y + needed <= bottom) return;
      doc.addPage();
      t.y = MARGIN;
      t.columnTitles();
    },
    columnTitles() {
      const h = t.rowHeight(TITLES, FONT.bold, 10);
      t.draw(TITLES, FONT.bold, 10);
      t.y += h + 6;
      t.rule();
    },
    row(c: Cells, font: Font, size = 10, gap = 4) {
      const h = t.rowHeight(c, font, size);
      t.keep(h);
      t.draw(c, font, size);
      t.y += h + gap;
    },
    /** A total's row: its label right-aligned over the number columns, its amount in the Subtotal column. */
    totalRow(label: string, amount: string, font: Font, size = 10) {
      const last = cols.at(-1)!;
      const from = cols[1]!.x - 60;
      const labelWidth = last.x - 5 - from;
      doc.font(font).fontSize(size);
      const h = Math.max(size, doc.heightOfString(label, { width: labelWidth }));
      t.keep(h);
      doc.font(font).fontSize(size).fillColor('black');
      doc.text(label, from, t.y, { width: labelWidth, align: 'right' });
      doc.text(amount, last.x, t.y, { width: last.width, align: 'right' });
      t.y += h + 4;
    },
    rule() {
      doc
        .moveTo(MARGIN, t.y - 2)
        .lineTo(MARGIN + width, t.y - 2)
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke();
      t.y += 2;
    },
    line(line: ViewLine, prices: boolean) {
      if (line.kind === 'note') return t.row({ description: line.description }, FONT.italic);
      if (line.kind === 'header') return t.row({ description: line.description }, FONT.bold);
      t.row(
        prices
          ? {
              description: describe(line),
              qty: quantity(line.quantity),
              price: d.money(line.price),
              discount: line.discount !== 0 ? formatPercent(line.discount) : null,
              subtotal: d.money(line.subtotal),
            }
          : { description: describe(line), qty: quantity(line.quantity) },
        FONT.regular,
      );
    },
    section(s: DocumentSection) {
      if (s.presentation === 'total') {
        t.row({ description: s.name, subtotal: d.money(s.total) }, FONT.regular);
        t.y += 6;
        return;
      }
      // The heading stays with its first line (and the titles a new page would repeat).
      const first = s.lines[0];
      const firstHeight = first ? t.rowHeight({ description: describe(first) }, FONT.regular, 10) + 4 : 0;
      t.keep(t.rowHeight({ description: s.name }, FONT.bold, 12) + 6 + firstHeight);
      t.row({ description: s.name }, FONT.bold, 12, 6);
      for (const line of s.lines) t.line(line, s.presentation !== 'quantities');
      t.totalRow('Subtotal', d.money(s.total), FONT.bold);
      t.y += 6;
    },
  };
  return t;
}

/** The cover letter: its own first page(s) when it holds any text; the quote starts on a new page. */
function coverLetter(doc: PDFKit.PDFDocument, d: QuoteDocument, width: number) {
  if (!d.coverLetter || coverLetterIsEmpty(d.coverLetter)) return;
  // The letter flows over as many pages as it needs (pdfkit breaks pages inside text).
  doc.font(FONT.regular).fontSize(11).fillColor('black').text('', MARGIN, MARGIN, { width });
  for (const paragraph of d.coverLetter) {
    const runs = paragraph.filter((r) => r.text !== '');
    if (runs.length === 0) {
      doc.moveDown(1);
      continue;
    }
    runs.forEach((r, i) => {
      doc.font(r.bold ? FONT.bold : FONT.regular).text(r.text, { width, continued: i < runs.length - 1 });
    });
    doc.moveDown(0.5);
  }
  doc.addPage();
}

/** The first page's top: seller (logo, name, address, contact), quote facts, addresses. Answers the next y. */
function heading(doc: PDFKit.PDFDocument, d: QuoteDocument, width: number, top: number): number {
  const half = (width - 20) / 2;
  const right = MARGIN + half + 20;
  let left = top;
  const s = d.seller;
  if (s) {
    if (s.logo) {
      try {
        doc.image(s.logo, MARGIN, left, { fit: [140, 50] });
        left += 56;
      } catch {
        // A logo pdfkit cannot read (an SVG, damaged bytes) is left out; the name says who it is from.
      }
    }
    doc.font(FONT.bold).fontSize(12).fillColor('black').text(s.name, MARGIN, left, { width: half });
    doc.font(FONT.regular).fontSize(9);
    for (const line of [...s.lines, s.vat ? `Tax ID: ${s.vat}` : '']) if (line) doc.text(line, { width: half });
    left = doc.y;
  }
  // The quote's facts on the right.
  doc.font(FONT.bold).fontSize(18).fillColor('black').text(`Quote ${d.quoteNumber}`, right, top, { width: half });
  let at = doc.y + 4;
  const facts: [string, string | null][] = [
    ['Quote date', formatDate(d.date)],
    ['Expiry date', d.expiry ? formatDate(d.expiry) : null],
    ['Salesperson', d.salesperson ? d.salesperson.name : null],
    ['', d.salesperson?.email ?? null],
    ['Your reference', d.customerReference],
  ];
  for (const [label, value] of facts) {
    if (!value) continue;
    if (label) doc.font(FONT.bold).fontSize(10).text(`${label}: `, right, at, { continued: true, width: half });
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(value, label ? undefined : right, label ? undefined : at, { width: half });
    at = doc.y + 2;
  }
  let y = Math.max(left, at) + 16;
  // Invoice and delivery addresses side by side.
  const parties: [string, DocumentParty][] = [];
  if (d.invoice) parties.push([d.delivery ? 'Invoice address' : 'Invoice and delivery address', d.invoice]);
  if (d.delivery) parties.push(['Delivery address', d.delivery]);
  let lowest = y;
  parties.forEach(([label, party], i) => {
    const x = i === 0 ? MARGIN : right;
    doc.font(FONT.bold).fontSize(9).fillColor(GREY).text(label.toUpperCase(), x, y, { width: half });
    doc.font(FONT.bold).fontSize(10).fillColor('black').text(party.name, { width: half });
    doc.font(FONT.regular).fontSize(10);
    for (const line of party.lines) if (line) doc.text(line, { width: half });
    lowest = Math.max(lowest, doc.y);
  });
  y = lowest + (parties.length > 0 ? 16 : 0);
  if (d.name && d.name !== d.customerReference) {
    doc.font(FONT.bold).fontSize(12).fillColor('black').text(d.name, MARGIN, y, { width });
    y = doc.y + 12;
  }
  return y;
}

/** Every page: the company's contact line and "Page n of m" under the content. */
function footers(doc: PDFKit.PDFDocument, d: QuoteDocument, width: number, height: number) {
  const range = doc.bufferedPageRange();
  const s = d.seller;
  const contact = s ? [s.name, s.phone, s.email, s.website].filter((t) => t && t.trim() !== '').join(' · ') : '';
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Drawing in the bottom margin must not start a new page.
    const kept = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = height - MARGIN - FOOTER + 14;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + width, y - 4)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.font(FONT.regular).fontSize(8).fillColor(GREY);
    if (contact) doc.text(contact, MARGIN, y, { width: width - 80, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + width - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = kept;
  }
}
