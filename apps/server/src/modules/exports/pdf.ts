// The customer PDF of a sale (docs/product/rules.md#exports, marked beta). A customer document: descriptions,
// quantities, unit prices, subtotals and totals — NEVER cost, margin or markup. A section with show_details false
// prints as one line with its total; notes are italic, headers bold.

import { createRequire } from 'node:module';
import { type CoverLetterBody, coverLetterIsEmpty } from '@quotewright/contracts';
import { formatDate, formatMoney, formatPercent } from '@quotewright/domain';
import PDFDocument from 'pdfkit';
import type { SaleView, ViewLine } from './sale-view';

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
const PAGE = { width: 612, height: 792 }; // US Letter, in points
const WIDTH = PAGE.width - 2 * MARGIN;
// Description | Qty | Unit price | Subtotal
const COLS = [
  { x: MARGIN, width: WIDTH - 230, align: 'left' as const },
  { x: MARGIN + WIDTH - 225, width: 50, align: 'right' as const },
  { x: MARGIN + WIDTH - 170, width: 80, align: 'right' as const },
  { x: MARGIN + WIDTH - 85, width: 85, align: 'right' as const },
];
// Description | Qty | Unit price | Disc. % | Subtotal: only when a printed line has a discount
const COLS_DISCOUNT = [
  { x: MARGIN, width: WIDTH - 285, align: 'left' as const },
  { x: MARGIN + WIDTH - 280, width: 50, align: 'right' as const },
  { x: MARGIN + WIDTH - 225, width: 80, align: 'right' as const },
  { x: MARGIN + WIDTH - 140, width: 50, align: 'right' as const },
  { x: MARGIN + WIDTH - 85, width: 85, align: 'right' as const },
];

interface Cells {
  description?: string | null;
  qty?: string | null;
  price?: string | null;
  discount?: string | null;
  subtotal?: string | null;
}

/** Whether the document shows the Disc. % column: some line it prints in detail has a discount. */
export function showsDiscount(view: SaleView): boolean {
  return view.sections.some((s) => s.showDetails && s.lines.some((l) => l.kind === 'product' && l.discount !== 0));
}

export interface PdfOptions {
  now: Date;
  /** The sale's cover letter (document editor): its own first page when it holds any text. */
  coverLetter?: CoverLetterBody | null;
}

/** The PDF as a readable stream (already ended: pdfkit buffers what was drawn). */
export function salePdf(view: SaleView, opts: PdfOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: false,
    info: { Title: `Quote ${view.quoteNumber}`, Author: 'Quotewright', Subject: view.name },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  let y = MARGIN;
  const bottom = PAGE.height - MARGIN;
  const discounts = showsDiscount(view);
  const COLS_USED = discounts ? COLS_DISCOUNT : COLS;

  /** One table row; starts a new page (with the column titles again) when it does not fit. */
  const row = (c: Cells, font: Font, size = 10, gap = 4) => {
    const cells = discounts
      ? [c.description, c.qty, c.price, c.discount, c.subtotal]
      : [c.description, c.qty, c.price, c.subtotal];
    doc.font(font).fontSize(size);
    const heights = cells.map((t, i) => (t ? doc.heightOfString(t, { width: COLS_USED[i]!.width }) : 0));
    const h = Math.max(size, ...heights);
    if (y + h > bottom) {
      doc.addPage();
      y = MARGIN;
      columnTitles();
      doc.font(font).fontSize(size);
    }
    cells.forEach((t, i) => {
      if (t) doc.text(t, COLS_USED[i]!.x, y, { width: COLS_USED[i]!.width, align: COLS_USED[i]!.align });
    });
    y += h + gap;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + WIDTH, y - 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    y += 2;
  };
  function columnTitles() {
    row(
      { description: 'Description', qty: 'Qty', price: 'Unit Price', discount: 'Disc. %', subtotal: 'Subtotal' },
      FONT.bold,
      10,
      6,
    );
    rule();
  }

  if (opts.coverLetter && !coverLetterIsEmpty(opts.coverLetter)) {
    // The letter flows over as many pages as it needs (pdfkit breaks pages inside text); the quote starts on a new one.
    doc.font(FONT.regular).fontSize(11).text('', MARGIN, MARGIN, { width: WIDTH });
    for (const paragraph of opts.coverLetter) {
      const runs = paragraph.filter((r) => r.text !== '');
      if (runs.length === 0) {
        doc.moveDown(1);
        continue;
      }
      runs.forEach((r, i) => {
        doc.font(r.bold ? FONT.bold : FONT.regular).text(r.text, { width: WIDTH, continued: i < runs.length - 1 });
      });
      doc.moveDown(0.5);
    }
    doc.addPage();
    y = MARGIN;
  }

  doc.font(FONT.bold).fontSize(18).text(`Quote ${view.quoteNumber}`, MARGIN, y, { width: WIDTH });
  y = doc.y + 6;
  const header: [string, string][] = [
    ['Quote', view.name],
    ['Customer', view.customer],
    ['Date', formatDate(opts.now)],
    ['Salesperson', view.salesperson],
  ];
  for (const [label, value] of header) {
    if (!value) continue;
    doc.font(FONT.bold).fontSize(10).text(`${label}: `, MARGIN, y, { continued: true });
    doc.font(FONT.regular).text(value, { width: WIDTH });
    y = doc.y + 2;
  }
  y += 16;
  columnTitles();

  for (const section of view.sections) {
    if (!section.showDetails) {
      row({ description: section.name, subtotal: formatMoney(section.pricing.total_price) }, FONT.regular);
      y += 6;
      continue;
    }
    row({ description: section.name }, FONT.bold, 12, 6);
    for (const line of section.lines) lineRow(line);
    row({ price: 'Subtotal', subtotal: formatMoney(section.pricing.total_price) }, FONT.bold);
    y += 6;
  }
  rule();
  row({ price: 'Total', subtotal: formatMoney(view.pricing.total_price) }, FONT.bold, 12);

  function lineRow(line: ViewLine) {
    if (line.kind === 'note') return row({ description: line.description }, FONT.italic);
    if (line.kind === 'header') return row({ description: line.description }, FONT.bold);
    const description = [line.model, line.description].filter((t) => t.trim() !== '').join(' — ');
    row(
      {
        description,
        qty: String(line.quantity),
        price: formatMoney(line.price),
        discount: line.discount !== 0 ? formatPercent(line.discount) : null,
        subtotal: formatMoney(line.subtotal),
      },
      FONT.regular,
    );
  }

  doc.end();
  return doc;
}
