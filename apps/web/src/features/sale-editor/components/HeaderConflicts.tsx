// The header's side of "no silent overwrite" (decision 0020): while the info panel is being edited, a header field
// someone else changes is asked about at once (as a line's open cell does), a field the person has not touched
// follows the new value, and a refused save asks the same question (InfoPanel's `refused`).

import { Stack } from '@mui/material';
import {
  HEADER_BASE_FIELDS,
  HEADER_FIELD_LABELS,
  type HeaderEditConflict,
  headerValueText,
  isSameHeaderValue,
} from '@quotewright/contracts';
import { type Dispatch, type SetStateAction, useEffect } from 'react';
import type { Sale, SaleHeader } from '../api/types';
import { ConflictPrompt } from './ConflictPrompt';

/** The header fields of a sale as the panel edits them (a new sale: empty). */
export function headerOf(sale: Sale | undefined): SaleHeader {
  return {
    name: sale?.name ?? '',
    customer: sale?.customer ?? null,
    customer_invoice: sale?.customer_invoice ?? null,
    customer_shipping: sale?.customer_shipping ?? null,
    template: sale?.template ?? null,
    salesperson: sale?.salesperson ?? null,
    validity_days: sale?.validity_days ?? null,
  };
}

/** The header fields someone else changed while the person was editing: each asked about (Keep theirs / Use mine). */
export function HeaderConflicts({
  conflicts,
  draft,
  onChoose,
}: {
  conflicts: readonly HeaderEditConflict[];
  draft: SaleHeader;
  onChoose(conflict: HeaderEditConflict, mine: boolean): void;
}) {
  return (
    <Stack spacing={1}>
      {conflicts.map((c) => (
        <ConflictPrompt
          key={c.field}
          by={c.by?.name ?? 'Someone'}
          label={HEADER_FIELD_LABELS[c.field]}
          theirs={c.value}
          mine={headerValueText(draft[c.field])}
          onKeep={() => onChoose(c, false)}
          onUse={() => onChoose(c, true)}
        />
      ))}
    </Stack>
  );
}

export interface HeaderEditState {
  draft: SaleHeader;
  base: SaleHeader;
  conflicts: HeaderEditConflict[];
}

/**
 * What a change of the sale (`now`, its header as it arrived) means for an open edit: each field someone changed
 * since the edit's base follows the new value when the person has not touched it, moves its base when the person
 * typed that same value, and is asked about otherwise (nobody named: the sale's last editor may have changed
 * something else since). Fields already asked about are asked about with their newest value.
 */
export function followHeader(state: HeaderEditState, now: SaleHeader): HeaderEditState {
  let { draft, base } = state;
  const conflicts = [...state.conflicts];
  for (const field of HEADER_BASE_FIELDS) {
    const value = now[field];
    if (isSameHeaderValue(value, base[field])) continue;
    const asked = conflicts.findIndex((c) => c.field === field);
    if (asked < 0 && isSameHeaderValue(draft[field], base[field])) {
      draft = { ...draft, [field]: value };
      base = { ...base, [field]: value };
    } else if (isSameHeaderValue(draft[field], value)) {
      base = { ...base, [field]: value };
      if (asked >= 0) conflicts.splice(asked, 1);
    } else {
      const conflict: HeaderEditConflict = {
        header: true,
        field,
        value: headerValueText(value),
        base: headerValueText(base[field]),
        current: value,
        by: null,
        at: null,
      };
      if (asked >= 0) conflicts[asked] = conflict;
      else conflicts.push(conflict);
    }
  }
  return { draft, base, conflicts };
}

/**
 * Applies followHeader to the panel's edit each time the sale moves to another version while it is being edited
 * (`editing`: false while the person's own save is under way — its optimistic values and their rollback are not
 * someone else's change — and checked again once it is over).
 */
export function useLiveHeaderConflicts(
  editing: boolean,
  sale: Sale | undefined,
  state: HeaderEditState,
  set: {
    draft: Dispatch<SetStateAction<SaleHeader>>;
    base: Dispatch<SetStateAction<SaleHeader>>;
    conflicts: Dispatch<SetStateAction<HeaderEditConflict[]>>;
  },
): void {
  // Only a new version of the sale is news (not the person typing): the state is read as it is then.
  useEffect(() => {
    if (!editing || !sale) return;
    const next = followHeader(state, headerOf(sale));
    if (next.draft !== state.draft) set.draft(next.draft);
    if (next.base !== state.base) set.base(next.base);
    if (next.conflicts.length !== state.conflicts.length || next.conflicts.some((c, i) => c !== state.conflicts[i]))
      set.conflicts(next.conflicts);
  }, [sale?.version, editing]);
}
