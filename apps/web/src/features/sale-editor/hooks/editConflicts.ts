// Edit conflicts (issue 10): while a line's cell is open for editing, a change of that very field by another editor
// is reported to the cell, which tells the user who changed it and to what before their own value overwrites it.
// Open cells register here (EditableCell); the sale's room (useSaleRoom) reports each delta from someone else.
import type { SaleDelta } from '@quotewright/contracts';
import type { Sale, SaleLine } from '../api/types';
import type { LineField } from '../components/LinesTable';

export interface EditConflict {
  /** Who changed the field. */
  by: string;
  /** The field's new value (as the cell edits it). */
  value: string;
}

export interface OpenEdit {
  line: string;
  field: LineField;
  notify(conflict: EditConflict): void;
}

/** The cells open for editing now (one at a time in practice). */
const openEdits = new Set<OpenEdit>();

/** Watches an open cell; returns the function that stops watching (when the cell closes). */
export function watchEdit(edit: OpenEdit): () => void {
  openEdits.add(edit);
  return () => {
    openEdits.delete(edit);
  };
}

/** A line's field as its cell edits it. */
export function fieldText(line: SaleLine, field: LineField): string {
  return String(line[field]);
}

function findLine(sale: Sale, id: string): SaleLine | undefined {
  for (const s of sale.sections) {
    const line = s.lines.find((l) => l._id === id);
    if (line) return line;
  }
  return undefined;
}

/** Tells every open cell whose field `delta` (someone else's change, applied to `before`) changed. */
export function reportEditConflicts(before: Sale, delta: SaleDelta): void {
  const changed = delta.changes.lines?.changed;
  if (openEdits.size === 0 || !changed?.length) return;
  for (const edit of [...openEdits]) {
    const after = changed.find((c) => c.line._id === edit.line)?.line;
    const old = after && findLine(before, edit.line);
    if (!after || !old) continue;
    const value = fieldText(after, edit.field);
    if (value !== fieldText(old, edit.field)) edit.notify({ by: delta.by.name, value });
  }
}
