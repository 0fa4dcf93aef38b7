// The question an open cell asks when someone else changed its field while the person was editing it (known from the
// sale's room, or from the server refusing the save): "Erin Editor changed Qty to 44 while you were editing", then
// "Keep 44" (theirs stays, the typed text is dropped) or "Use 33" (an explicit overwrite: Erin is told).
import { Alert, Box, Button } from '@mui/material';
import type { Ref } from 'react';

export const editConflictNotice = (name: string, label: string, value: string) =>
  `${name} changed ${label} to ${value} while you were editing`;

/** A value on a button: long descriptions cut short. */
const short = (v: string) => {
  const flat = v.replace(/\s+/g, ' ').trim();
  return flat.length > 24 ? `${flat.slice(0, 23)}…` : flat || '(empty)';
};

export function ConflictPrompt({
  by,
  label,
  theirs,
  mine,
  firstButton,
  onKeep,
  onUse,
}: {
  by: string;
  label: string;
  theirs: string;
  /** The person's value; the question is asked only while it differs from theirs. */
  mine: string;
  /** The first choice, for the keyboard (Enter or Tab in the cell moves there). */
  firstButton?: Ref<HTMLButtonElement>;
  onKeep(): void;
  onUse(): void;
}) {
  const choose = mine !== theirs;
  // a click on a choice must not take the focus from the cell first (its blur would save)
  const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid="edit-conflict"
      sx={{ bgcolor: 'background.paper', boxShadow: 3, py: 0, alignItems: 'center' }}
      onKeyDown={(e) => {
        // Escape on a choice keeps theirs, like Escape in the cell
        if (e.key === 'Escape') {
          e.stopPropagation();
          onKeep();
        }
      }}
      action={
        choose ? (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Button ref={firstButton} size="small" color="inherit" onMouseDown={keepFocus} onClick={onKeep}>
              Keep {short(theirs)}
            </Button>
            <Button size="small" color="inherit" onMouseDown={keepFocus} onClick={onUse}>
              Use {short(mine)}
            </Button>
          </Box>
        ) : undefined
      }
    >
      {editConflictNotice(by, label, short(theirs))}
      {choose && (
        <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}>
          Escape keeps {short(theirs)}; Tab reaches the choices.
        </Box>
      )}
    </Alert>
  );
}
