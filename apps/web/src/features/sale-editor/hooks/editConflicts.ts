// Edit conflicts (decision 0020): while a line's cell is open for editing, a change of that very field by another
// editor is reported to the cell, which asks before the person's own value replaces it ("keep 44 / use 33"). The same
// question comes from the server when an edit based on an older value is refused (409 EDIT_CONFLICT): two saves at
// the same moment, or a change that had not reached this browser yet. Open cells register here (EditableCell); the
// sale's room (useSaleRoom) reports each delta from someone else.
import {
  EDIT_CONFLICT,
  HEADER_BASE_FIELDS,
  type HeaderEditConflict,
  isSameHeaderValue,
  type SaleDelta,
  type SaleHeaderBase,
  type SectionEditConflict,
  type EditConflict as ServerConflict,
} from '@quotewright/contracts';
import { ApiError } from '../../../lib/api';
import type { Sale, SaleHeader, SaleHeaderEdit, SaleLine } from '../api/types';
import type { LineField } from '../lineField';

export interface EditConflict {
  /** Who changed the field (their name; "Someone" when not known). */
  by: string;
  /** The field's value now (as the cell edits it). */
  value: string;
  /**
   * The value each line of the edit holds now, by line id (the lines the server found changed; the cell's own line
   * at least): "use mine" is an explicit overwrite of exactly these.
   */
  replaces: ReadonlyMap<string, string>;
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
    if (value !== fieldText(old, edit.field))
      edit.notify({ by: delta.by.name, value, replaces: new Map([[edit.line, value]]) });
  }
}

/** The conflicts a refusal lists (409 EDIT_CONFLICT: of lines, the header or a section), none for any other failure. */
function problemConflicts(err: unknown): unknown[] {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== EDIT_CONFLICT) return [];
  const list = err.problem?.conflicts;
  return Array.isArray(list) ? list : [];
}

/** The conflicts of a refused edit of lines (409 EDIT_CONFLICT), or none for any other failure. */
export function serverConflicts(err: unknown): ServerConflict[] {
  return problemConflicts(err).filter((c): c is ServerConflict => typeof (c as ServerConflict).line === 'string');
}

/** The header fields a refused header edit found changed (409 EDIT_CONFLICT), or none for any other failure. */
export function headerConflictsOf(err: unknown): HeaderEditConflict[] {
  return problemConflicts(err).filter((c): c is HeaderEditConflict => (c as HeaderEditConflict).header === true);
}

/** The name a refused rename of `section` found changed (409 EDIT_CONFLICT), or undefined. */
export function sectionConflictOf(err: unknown, section: string): SectionEditConflict | undefined {
  return problemConflicts(err).find((c): c is SectionEditConflict => (c as SectionEditConflict).section === section);
}

/**
 * What a saved sale's header edit sends: the fields the person changed from what the panel showed when editing
 * started (`base`), each with that value as its base (decision 0020); the others are left out, so that a change of
 * them by someone else stays.
 */
export function headerEditOf(header: SaleHeader, base: SaleHeader): SaleHeaderEdit {
  const edit: Record<string, unknown> = {};
  const based: Record<string, unknown> = {};
  for (const field of HEADER_BASE_FIELDS) {
    if (isSameHeaderValue(header[field], base[field])) continue;
    edit[field] = header[field];
    based[field] = base[field];
  }
  return { ...edit, base: based as SaleHeaderBase };
}

/**
 * The question a refused edit of `field` of `line` asks, from the server's conflicts: about that very cell when it
 * is among them (else the first one); `replaces` lists every line the edit found changed.
 */
export function conflictOfRefusal(err: unknown, line: string, field: LineField): EditConflict | undefined {
  const all = serverConflicts(err);
  const mine = all.find((c) => c.line === line && c.field === field) ?? all[0];
  if (!mine) return undefined;
  return {
    by: mine.by?.name ?? 'Someone',
    value: mine.value,
    replaces: new Map(all.filter((c) => c.field === mine.field).map((c) => [c.line, c.value])),
  };
}
