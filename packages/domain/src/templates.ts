// Templates applied to a sale (docs/product/rules.md#templates): every line copied from a template remembers it, so
// Refresh replaces exactly those lines and Remove deletes them (and the sections they leave empty). Based-on-Total
// lines of a template become money when they land in a sale: percents of the sale section's other product lines, as the
// section is after the change. All functions are pure.
import { type PricedLine, type PricingLine, resolvePercentLines } from './pricing';

/**
 * The lines of one sale section with the template's Based-on-Total lines (those `fromTemplate` picks) made concrete
 * money against the section's other non-percent product lines. Every other line is returned as it is.
 */
export function resolveTemplateLines<T extends PricingLine>(
  lines: readonly T[],
  fromTemplate: (line: T) => boolean,
): PricedLine<T>[] {
  const resolved = resolvePercentLines(lines);
  return lines.map((line, i) => (fromTemplate(line) ? resolved[i]! : line)) as PricedLine<T>[];
}

/**
 * Refresh of one section: the lines `fromTemplate` picks are replaced by `fresh` (the template's current lines),
 * which go where the first of them was; the section's other lines keep their order. With none there, `fresh` is
 * appended.
 */
export function replaceTemplateLines<L>(
  lines: readonly L[],
  fromTemplate: (line: L) => boolean,
  fresh: readonly L[],
): L[] {
  const first = lines.findIndex(fromTemplate);
  const kept = lines.filter((l) => !fromTemplate(l));
  const at = first < 0 ? kept.length : first;
  return [...kept.slice(0, at), ...fresh, ...kept.slice(at)];
}

/**
 * Remove of a template: per section, the lines left once the template's are gone, and whether the section is to be
 * deleted (it held lines of the template and holds nothing else). Sections without lines of the template are left
 * out of the answer (nothing changes there), so an empty section the user made is kept.
 */
export function planTemplateRemoval<S extends { lines: readonly L[] }, L>(
  sections: readonly S[],
  fromTemplate: (line: L) => boolean,
): { section: S; kept: L[]; remove: boolean }[] {
  return sections.flatMap((section) => {
    if (!section.lines.some(fromTemplate)) return [];
    const kept = section.lines.filter((l) => !fromTemplate(l));
    return [{ section, kept, remove: kept.length === 0 }];
  });
}
