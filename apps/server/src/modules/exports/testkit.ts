// Test helpers of the exports: the text runs of a PDF made by pdfkit, each with the base font it is drawn in.
// Embedded (Type0, Identity-H) fonts are decoded through their ToUnicode maps; standard fonts as WinAnsi.
import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';

export interface TextRun {
  text: string;
  font: string;
}

const WIN_ANSI_EXTRA: Record<number, string> = { 150: '–', 151: '—', 128: '€', 146: '’' };
const winAnsi = (hex: string) =>
  [...Buffer.from(hex, 'hex')].map((b) => WIN_ANSI_EXTRA[b] ?? String.fromCharCode(b)).join('');
/** UTF-16BE hex (as in ToUnicode maps) → text. */
const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

function inflated(body: string): string {
  const m = body.match(/stream\r?\n([\s\S]*?)\r?\nendstream/);
  if (!m) return '';
  try {
    return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
  } catch {
    return m[1]!;
  }
}

/** A ToUnicode CMap: glyph code → text (bfchar pairs and bfrange ranges, with or without arrays). */
function parseCmap(cmap: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      out.set(parseInt(m[1]!, 16), utf16(m[2]!.replace(/\s/g, '')));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(m[1]!, 16);
      const to = parseInt(m[2]!, 16);
      if (m[3]!.startsWith('[')) {
        // A ligature maps to several characters, written with spaces inside: <0066 0069> is "fi".
        [...m[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((u, i) =>
          out.set(from + i, utf16(u[1]!.replace(/\s/g, ''))),
        );
      } else {
        const start = parseInt(m[3]!.slice(1, -1), 16);
        for (let c = from; c <= to; c++) out.set(c, String.fromCodePoint(start + (c - from)));
      }
    }
  }
  return out;
}

export function pdfTextRuns(pdf: Buffer): TextRun[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(m[1]!, m[2]!);
  // Font object number → its base font (subset prefix removed) and, for embedded fonts, its ToUnicode map.
  const fonts = new Map<string, { name: string; cmap?: Map<number, string> }>();
  for (const [num, body] of objects) {
    const dict = body.split(/\bstream\b/)[0]!;
    if (!/\/Type\s*\/Font\b/.test(dict) || /\/Subtype\s*\/CIDFontType/.test(dict)) continue;
    const base = dict.match(/\/BaseFont\s*\/([^\s/<>[\]]+)/)?.[1] ?? '?';
    const toUnicode = dict.match(/\/ToUnicode\s+(\d+) 0 R/)?.[1];
    fonts.set(num, {
      name: base.replace(/^[A-Z]{6}\+/, ''),
      ...(toUnicode ? { cmap: parseCmap(inflated(objects.get(toUnicode) ?? '')) } : {}),
    });
  }
  const resource = new Map<string, { name: string; cmap?: Map<number, string> }>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) resource.set(m[1]!, fonts.get(m[2]!) ?? { name: '?' });

  const runs: TextRun[] = [];
  for (const body of objects.values()) {
    const content = inflated(body);
    if (!content.includes('Tf')) continue;
    let font: { name: string; cmap?: Map<number, string> } = { name: '?' };
    for (const op of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[-\d.\s])*)\] TJ/g)) {
      if (op[1]) {
        font = resource.get(op[1]) ?? { name: '?' };
        continue;
      }
      const text = [...op[2]!.matchAll(/<([0-9a-f]*)>/g)]
        .map((h) => {
          const cmap = font.cmap;
          if (!cmap) return winAnsi(h[1]!);
          return (h[1]!.match(/.{4}/g) ?? []).map((g) => cmap.get(parseInt(g, 16)) ?? '\uFFFD').join('');
        })
        .join('');
      runs.push({ text, font: font.name });
    }
  }
  return runs;
}

/** All the text of a PDF, one run per line. */
export const pdfText = (pdf: Buffer) =>
  pdfTextRuns(pdf)
    .map((r) => r.text)
    .join('\n');

/**
 * The PDF's pages as poppler's pdftotext reads them (`-layout`: columns kept on their lines), as a customer's PDF
 * reader would extract them. Needs poppler-utils (installed by .ci/run).
 */
export function pdfPages(pdf: Buffer): string[] {
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  const pages = text.split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

/** The page size in points, as pdfinfo reports it ("Page size: 595.28 x 841.89 pts (A4)"). */
export function pdfPageSize(pdf: Buffer): { width: number; height: number; pages: number } {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  if (!size || !pages) throw new Error(`pdfinfo did not report a page size:\n${info}`);
  return { width: Number(size[1]), height: Number(size[2]), pages: Number(pages[1]) };
}
