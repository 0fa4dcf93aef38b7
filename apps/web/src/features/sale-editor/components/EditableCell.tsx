// An inline-editable cell whose editing state lives in the cell itself: typing re-renders only this cell, never
// the table (DESIGN §10: responsive at 2,000 lines). Double-click or Enter/F2 starts editing; Enter (Shift+Enter
// for a new line in multiline cells) or leaving the field commits; Escape cancels.
//
// Live co-editing (issue 10): while open, a cell given `watch` is told when another editor changes that field. It
// then says who changed it and to what; the user keeps theirs (Enter, or "Keep mine") or takes the new value
// (Escape, or "Use theirs"). A draft the user has not touched simply follows the new value.
//
// A refused value is never thrown away: refused before it is sent (onCommit answers the reason) or by the server
// afterwards (the `refused` callback handed to onCommit), the cell stays or opens again with the typed text, in an
// error state with the reason attached beneath it, so the user corrects it and presses Enter again; Escape restores
// the saved value.
import { Alert, Box, Button, InputBase, Popper } from '@mui/material';
import { memo, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type EditConflict, watchEdit } from '../hooks/editConflicts';
import type { LineField } from './LinesTable';

export const editConflictNotice = (name: string, label: string, value: string) =>
  `${name} changed ${label} to ${value} while you were editing`;

/**
 * Shows a server's refusal of a committed value in the cell: it opens again with `typed` and the reason. Answers false
 * when the cell cannot show it (gone from the screen, or being edited again): the caller reports it another way.
 */
export type CellRefusal = (reason: string) => boolean;

/** The reason a value is refused before it is sent, or undefined when it was sent (or there was nothing to send). */
export type CellCommit = (value: string, refused: CellRefusal) => string | undefined;

/** Whether opening a cell may take the focus: not while the user is typing somewhere else. */
function focusIsFree(): boolean {
  const active = document.activeElement;
  return !(
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active?.closest('[role="dialog"]')
  );
}

export const EditableCell = memo(function EditableCell({
  value,
  display,
  editable,
  multiline,
  numeric,
  label,
  onCommit,
  watch,
  tabIndex = 0,
}: {
  value: string;
  display?: ReactNode;
  editable: boolean;
  multiline?: boolean;
  numeric?: boolean;
  label: string;
  onCommit: CellCommit;
  /** The line field this cell edits: changes of it by other editors are reported while the cell is open. */
  watch?: { line: string; field: LineField };
  /** The shown value's tab index: -1 in a grid, which moves the focus between its cells itself. */
  tabIndex?: number;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  /** Why the draft was refused (shown beneath the cell until the draft is sent again or dropped). */
  const [error, setError] = useState<string | null>(null);
  /** The text the error is about. */
  const refusedText = useRef<string | null>(null);
  const [autoFocus, setAutoFocus] = useState(true);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const errorId = useId();
  const editing = draft !== null;

  // The value changed while the cell is open: an untouched draft follows it (adjusting state while rendering). A
  // refused draft is the user's text: it never follows.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft === seen && error === null) setDraft(value);
  }

  // A refusal may arrive after the cell closed (the server's answer): it opens the cell again, unless it is gone.
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const refusal = useCallback(
    (typed: string): CellRefusal =>
      (reason) => {
        if (!mounted.current || draftRef.current !== null) return false;
        setAutoFocus(focusIsFree());
        setConflict(null);
        refusedText.current = typed;
        setError(reason);
        setDraft(typed);
        return true;
      },
    [],
  );

  const watchLine = watch?.line;
  const watchField = watch?.field;
  useEffect(() => {
    if (!editing || watchLine === undefined || watchField === undefined) return;
    return watchEdit({ line: watchLine, field: watchField, notify: setConflict });
  }, [editing, watchLine, watchField]);

  const start = () => {
    if (!editable) return;
    setConflict(null);
    setError(null);
    setAutoFocus(true);
    setDraft(value);
  };
  const finish = (commit: boolean) => {
    if (draft === null) return;
    const next = draft;
    if (commit && next !== value) {
      const reason = onCommit(next, refusal(next));
      if (reason !== undefined) {
        // refused before it was sent: the text stays, with the reason
        refusedText.current = next;
        setError(reason);
        return;
      }
    }
    setDraft(null);
    setConflict(null);
    setError(null);
  };
  if (editing) {
    // Theirs differs from the draft: the user chooses.
    const choose = conflict !== null && draft !== value;
    const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();
    return (
      <>
        <InputBase
          ref={setAnchor}
          autoFocus={autoFocus}
          fullWidth
          multiline={multiline}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          // leaving a refused text as it was keeps it as it is: only Enter sends it again
          onBlur={() => (error !== null && draft === refusedText.current ? undefined : finish(true))}
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
          error={error !== null}
          inputProps={{
            'aria-label': label,
            'aria-invalid': error !== null,
            'aria-describedby': error !== null ? errorId : undefined,
            style: { textAlign: numeric ? 'right' : 'left' },
          }}
          sx={{
            fontSize: 'inherit',
            px: 0.5,
            border: error !== null ? 2 : 1,
            borderColor: error !== null ? 'error.main' : conflict ? 'warning.main' : 'primary.main',
            borderRadius: 0.5,
            bgcolor: 'background.paper',
          }}
        />
        {(error !== null || conflict) && anchor && (
          // Attached to the cell (not a toast elsewhere on the page): it moves with the cell and says what to fix.
          <Popper open anchorEl={anchor} placement="bottom-start" sx={{ zIndex: (t) => t.zIndex.tooltip }}>
            <Box
              sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 0.5, maxWidth: 420 }}
              // a portal still bubbles React events to the row: a click here must not select it
              onClick={(e) => e.stopPropagation()}
              onMouseDown={keepFocus}
            >
              {error !== null && (
                <Alert
                  severity="error"
                  variant="outlined"
                  id={errorId}
                  data-testid="cell-error"
                  sx={{ bgcolor: 'background.paper', boxShadow: 3, py: 0, alignItems: 'center' }}
                >
                  {error}
                  <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}>
                    Correct it and press Enter, or press Escape to keep the saved value.
                  </Box>
                </Alert>
              )}
              {conflict && (
                <Alert
                  severity="warning"
                  variant="outlined"
                  data-testid="edit-conflict"
                  sx={{ bgcolor: 'background.paper', boxShadow: 3, py: 0, alignItems: 'center' }}
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
              )}
            </Box>
          </Popper>
        )}
      </>
    );
  }
  return (
    <Box
      role={editable ? 'button' : undefined}
      tabIndex={editable ? tabIndex : undefined}
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
