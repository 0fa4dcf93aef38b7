// An inline-editable cell whose editing state lives in the cell itself: typing re-renders only this cell, never
// the table (DESIGN §10: responsive at 2,000 lines). Double-click or Enter/F2 starts editing; Enter (Shift+Enter
// for a new line in multiline cells) or leaving the field commits; Escape cancels.
//
// Live co-editing (issue 10): while open, a cell given `watch` is told when another editor changes that field. It
// then says who changed it and to what; the user keeps theirs (Enter, or "Keep mine") or takes the new value
// (Escape, or "Use theirs"). A draft the user has not touched simply follows the new value.
import { Alert, Box, Button, InputBase, Popper } from '@mui/material';
import { memo, type ReactNode, useEffect, useState } from 'react';
import { type EditConflict, watchEdit } from '../hooks/editConflicts';
import type { LineField } from './LinesTable';

export const editConflictNotice = (name: string, label: string, value: string) =>
  `${name} changed ${label} to ${value} while you were editing`;

export const EditableCell = memo(function EditableCell({
  value,
  display,
  editable,
  multiline,
  numeric,
  label,
  onCommit,
  watch,
}: {
  value: string;
  display?: ReactNode;
  editable: boolean;
  multiline?: boolean;
  numeric?: boolean;
  label: string;
  onCommit: (value: string) => void;
  /** The line field this cell edits: changes of it by other editors are reported while the cell is open. */
  watch?: { line: string; field: LineField };
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const editing = draft !== null;

  // The value changed while the cell is open: an untouched draft follows it (adjusting state while rendering).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft === seen) setDraft(value);
  }

  const watchLine = watch?.line;
  const watchField = watch?.field;
  useEffect(() => {
    if (!editing || watchLine === undefined || watchField === undefined) return;
    return watchEdit({ line: watchLine, field: watchField, notify: setConflict });
  }, [editing, watchLine, watchField]);

  const start = () => {
    if (!editable) return;
    setConflict(null);
    setDraft(value);
  };
  const finish = (commit: boolean) => {
    if (draft === null) return;
    const next = draft;
    setDraft(null);
    setConflict(null);
    if (commit && next !== value) onCommit(next);
  };
  if (editing) {
    // Theirs differs from the draft: the user chooses.
    const choose = conflict !== null && draft !== value;
    const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();
    return (
      <>
        <InputBase
          ref={setAnchor}
          autoFocus
          fullWidth
          multiline={multiline}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => finish(true)}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Escape') finish(false);
            else if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
              e.preventDefault();
              finish(true);
            }
          }}
          onClick={(e) => e.stopPropagation()}
          onFocus={(e) => e.target.select()}
          inputProps={{ 'aria-label': label, style: { textAlign: numeric ? 'right' : 'left' } }}
          sx={{
            fontSize: 'inherit',
            px: 0.5,
            border: 1,
            borderColor: conflict ? 'warning.main' : 'primary.main',
            borderRadius: 0.5,
            bgcolor: 'background.paper',
          }}
        />
        {conflict && anchor && (
          <Popper open anchorEl={anchor} placement="bottom-start" sx={{ zIndex: (t) => t.zIndex.tooltip }}>
            <Alert
              severity="warning"
              variant="outlined"
              data-testid="edit-conflict"
              sx={{ mt: 0.5, bgcolor: 'background.paper', boxShadow: 3, py: 0, alignItems: 'center' }}
              // a portal still bubbles React events to the row: a click here must not select it
              onClick={(e) => e.stopPropagation()}
              onMouseDown={keepFocus}
              action={
                choose ? (
                  <Box sx={{ display: 'flex', gap: 0.5 }}>
                    <Button size="small" color="inherit" onMouseDown={keepFocus} onClick={() => finish(true)}>
                      Keep mine
                    </Button>
                    <Button size="small" color="inherit" onMouseDown={keepFocus} onClick={() => finish(false)}>
                      Use theirs
                    </Button>
                  </Box>
                ) : undefined
              }
            >
              {editConflictNotice(conflict.by, label, conflict.value)}
              {choose && (
                <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}>
                  Enter keeps yours, Escape takes theirs.
                </Box>
              )}
            </Alert>
          </Popper>
        )}
      </>
    );
  }
  return (
    <Box
      role={editable ? 'button' : undefined}
      tabIndex={editable ? 0 : undefined}
      aria-label={editable ? `Edit ${label}` : undefined}
      onDoubleClick={start}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'F2') {
          e.preventDefault();
          start();
        }
      }}
      sx={{
        minHeight: 22,
        width: '100%',
        textAlign: numeric ? 'right' : 'left',
        whiteSpace: multiline ? 'pre-wrap' : 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        wordBreak: multiline ? 'break-word' : undefined,
        cursor: editable ? 'text' : 'default',
        outline: 'none',
        '&:focus-visible': { boxShadow: (t) => `inset 0 0 0 2px ${t.palette.primary.main}` },
      }}
    >
      {display ?? value}
    </Box>
  );
});
