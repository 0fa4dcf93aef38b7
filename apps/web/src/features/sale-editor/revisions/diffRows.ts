// A comparison (packages/contracts revisions.ts SaleDiff) as the rows the compare view lists, one after the other:
// every section that differs (in the after order, removed ones where they were) with its differing lines and how
// many of its lines are the same, then the sections that are the same, collapsed into one row. Pure, so that a
// 2,000-line quote is flattened once per answer and the list only renders the rows in view.
import { type LineDiff, REVISION_SENSITIVE_FIELDS, type SaleDiff, type SectionDiff } from '@quotewright/contracts';

export type DiffRow =
  | { type: 'section'; key: string; section: SectionDiff }
  | { type: 'line'; key: string; section: SectionDiff; line: LineDiff }
  | { type: 'same-lines'; key: string; count: number }
  | { type: 'same-sections'; key: string; sections: SectionDiff[]; expanded: boolean };

/** The rows of `diff`; the unchanged sections listed one by one when `showSame`. */
export function diffRows(diff: SaleDiff, showSame: boolean): DiffRow[] {
  const rows: DiffRow[] = [];
  const same: SectionDiff[] = [];
  for (const section of diff.sections) {
    if (section.status === 'unchanged') {
      same.push(section);
      continue;
    }
    rows.push({ type: 'section', key: `s:${section._id}`, section });
    for (const line of section.lines) rows.push({ type: 'line', key: `l:${section._id}:${line._id}`, section, line });
    if (section.unchanged > 0) rows.push({ type: 'same-lines', key: `u:${section._id}`, count: section.unchanged });
  }
  if (same.length > 0) {
    rows.push({ type: 'same-sections', key: 'same-sections', sections: same, expanded: showSame });
    if (showSame) for (const section of same) rows.push({ type: 'section', key: `s:${section._id}`, section });
  }
  return rows;
}

/** "Qty 5 → 8" for each change a person may see (discrete mode hides price, discount, cost and markup). */
export function changeTexts(line: LineDiff, hideMoney: boolean): { shown: string[]; hidden: number } {
  const shown: string[] = [];
  let hidden = 0;
  for (const c of line.changes) {
    if (hideMoney && REVISION_SENSITIVE_FIELDS.has(c.field)) hidden += 1;
    else shown.push(`${c.label} ${c.from || '(empty)'} → ${c.to || '(empty)'}`);
  }
  return { shown, hidden };
}

/** Where the line is, or was: "line 4", "line 2 → 5", "from Main, line 2 → line 1", "was line 3". */
export function placeText(line: LineDiff): string {
  const { before, after } = line;
  if (line.status === 'added' && after) return `line ${after.position}`;
  if (line.status === 'removed' && before) return `was line ${before.position}`;
  if (before && after) {
    if (line.moved_section)
      return `moved from ${before.section_name}, line ${before.position} → line ${after.position}`;
    if (line.moved) return `moved: line ${before.position} → ${after.position}`;
    return `line ${after.position}`;
  }
  return '';
}

export const STATUS_LABELS: Record<LineDiff['status'] | SectionDiff['status'], string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  moved: 'Moved',
  unchanged: 'Unchanged',
};

/** The counts of a comparison in words: "2 lines changed · 1 line removed · …" (only those not zero). */
export function countsText(diff: SaleDiff): string[] {
  const c = diff.counts;
  const n = (count: number, one: string, what: string) =>
    count === 0 ? [] : [`${count.toLocaleString('en-US')} ${count === 1 ? one : `${one}s`} ${what}`];
  return [
    ...n(c.sections_added, 'section', 'added'),
    ...n(c.sections_removed, 'section', 'removed'),
    ...n(c.sections_renamed, 'section', 'renamed'),
    ...n(c.sections_moved, 'section', 'moved'),
    ...n(c.sections_options, 'section', 'with options changed'),
    ...n(c.lines_added, 'line', 'added'),
    ...n(c.lines_removed, 'line', 'removed'),
    ...n(c.lines_changed, 'line', 'changed'),
    ...n(c.lines_moved, 'line', 'moved'),
    ...n(c.lines_unchanged, 'line', 'unchanged'),
  ];
}
