// Test helpers of the exports: the text runs of a PDF made by pdfkit (standard fonts, WinAnsi hex strings in
// Flate-compressed content streams), each with the base font it is drawn in.
import { inflateSync } from 'node:zlib';

export interface TextRun {
  text: string;
  font: string;
}

const WIN_ANSI_EXTRA: Record<number, string> = { 150: '–', 151: '—', 128: '€', 146: '’' };
const decodeHex = (hex: string) =>
  [...Buffer.from(hex, 'hex')].map((b) => WIN_ANSI_EXTRA[b] ?? String.fromCharCode(b)).join('');

export function pdfTextRuns(pdf: Buffer): TextRun[] {
  const raw = pdf.toString('latin1');
  // Font resource name → object number → base font.
  const baseFontOf = new Map<string, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*<<\s*\/Type \/Font\s*\/BaseFont \/([\w-]+)/g))
    baseFontOf.set(m[1]!, m[2]!);
  const fontOf = new Map<string, string>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontOf.set(m[1]!, baseFontOf.get(m[2]!) ?? '?');
  const runs: TextRun[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    let font = '?';
    for (const op of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[-\d.\s])*)\] TJ/g)) {
      if (op[1]) font = fontOf.get(op[1]) ?? '?';
      else {
        const text = [...op[2]!.matchAll(/<([0-9a-f]*)>/g)].map((h) => decodeHex(h[1]!)).join('');
        runs.push({ text, font });
      }
    }
  }
  return runs;
}

/** All the text of a PDF, one run per line. */
export const pdfText = (pdf: Buffer) =>
  pdfTextRuns(pdf)
    .map((r) => r.text)
    .join('\n');
