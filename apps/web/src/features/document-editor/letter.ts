// The editor's content ↔ the stored cover letter (packages/contracts cover-letter.ts): paragraphs of text runs, plain
// or bold. Reading walks the editable element's DOM (what the browser's editing made: text, <b>/<strong> or a bold
// font weight, <div>/<p> blocks and <br>); writing builds DOM nodes, never HTML text, so a stored letter cannot
// inject markup.
import type { CoverLetterBody, CoverLetterRun } from '@quotewright/contracts';

const BLOCKS = new Set(['DIV', 'P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE']);

function isBold(el: Element): boolean {
  if (el.tagName === 'B' || el.tagName === 'STRONG') return true;
  const weight = (el as HTMLElement).style?.fontWeight;
  return weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
}

/** The letter the element holds. */
export function readLetter(root: Element): CoverLetterBody {
  const paragraphs: CoverLetterRun[][] = [[]];
  const current = () => paragraphs[paragraphs.length - 1]!;
  const newParagraph = () => {
    paragraphs.push([]);
  };
  const push = (text: string, bold: boolean) => {
    if (text === '') return;
    const runs = current();
    const last = runs[runs.length - 1];
    if (last && !!last.bold === bold) last.text += text;
    else runs.push(bold ? { text, bold: true } : { text });
  };
  const walk = (node: Node, bold: boolean) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) push(child.textContent ?? '', bold);
      else if (child instanceof Element) {
        if (child.tagName === 'BR') {
          newParagraph();
          continue;
        }
        const block = BLOCKS.has(child.tagName);
        // A block starts on its own line (unless it is the first thing of an empty paragraph).
        if (block && current().length > 0) newParagraph();
        walk(child, bold || isBold(child));
        if (block && current().length > 0) newParagraph();
      }
    }
  };
  walk(root, false);
  // No trailing empty paragraph made by the last block's end.
  while (paragraphs.length > 1 && paragraphs[paragraphs.length - 1]!.length === 0) paragraphs.pop();
  return paragraphs.length === 1 && paragraphs[0]!.length === 0 ? [] : paragraphs;
}

/** Replaces the element's content with the letter: one <div> per paragraph (<br> for an empty one), <b> for bold. */
export function writeLetter(root: Element, body: CoverLetterBody): void {
  const doc = root.ownerDocument;
  root.replaceChildren(
    ...body.map((paragraph) => {
      const div = doc.createElement('div');
      if (paragraph.every((r) => r.text === '')) div.append(doc.createElement('br'));
      for (const run of paragraph) {
        const text = doc.createTextNode(run.text);
        if (run.bold) {
          const b = doc.createElement('b');
          b.append(text);
          div.append(b);
        } else div.append(text);
      }
      return div;
    }),
  );
}
