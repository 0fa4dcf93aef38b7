// An inline-editable cell whose editing state lives in the cell itself: typing re-renders only this cell, never
// the table (docs/architecture.md#performance-targets: responsive at 2,000 lines). Double-click or Enter/F2 starts
// editing; Enter (Shift+Enter for a new line in multiline cells) or leaving the field commits; Escape cancels.
//
// Live co-editing: while open, a cell given `watch` is told when another editor changes that field, and every save
// carries the value the cell showed when editing started (its base): the server refuses a save whose base moved on.
// Either way the cell asks (ConflictPrompt): "Erin Editor changed Qty to 44 while you were editing — Keep 44 / Use
// 33". Keeping theirs drops the typed text; using mine is an explicit overwrite (Erin is told). Nothing is written
// over someone else's value without that choice. A draft the user has not touched simply follows the new value. An
// open cell also shows the others who is in its row (presence).
//
// A refused value is never thrown away: refused before it is sent (onCommit answers the reason) or by the server
// afterwards (the `refused` callback handed to onCommit), the cell stays or opens again with the typed text, in an
// error state with the reason attached beneath it, so the user corrects it and presses Enter again; Escape restores
// the saved value.
import { Alert, Box, InputBase, Popper } from '@mui/material';
import { memo, type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { conflictOfRefusal, type EditConflict, watchEdit } from '../hooks/editConflicts';
import { openCell } from '../hooks/presence';
import type { LineField } from '../lineField';
import { ConflictPrompt } from './ConflictPrompt';

export { editConflictNotice } from './ConflictPrompt';

/**
 * Shows a server's refusal of a committed value in the cell: it opens again with `typed` and the reason (`err`, the
 * failure: an edit conflict is asked about instead). Answers false when the cell cannot show it (gone from the
 * screen, or being edited again): the caller reports it another way.
 */
export type CellRefusal = (reason: string, err?: unknown) => boolean;

/**
 * How a value is saved: `base` the value the cell showed when editing started; `overwrite` (the person chose "use
 * mine") the values it replaces, by line.
 */
export interface CellSave {
  base: string;
  overwrite?: ReadonlyMap<string, string>;
}

/** The reason a value is refused before it is sent, or undefined when it was sent (or there was nothing to send). */
export type CellCommit = (value: string, refused: CellRefusal, save: CellSave) => string | undefined;

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
  /** The value the edit is based on: shown when editing started (or followed since, while the draft was untouched). */
  const [base, setBase] = useState(value);
  /** The draft is the person's text (typed, or given back after a refusal): it never follows a new value. */
  const [touched, setTouched] = useState(false);
  const firstChoice = useRef<HTMLButtonElement | null>(null);
  const promptRef = useRef<HTMLDivElement | null>(null);
  const errorId = useId();
  const editing = draft !== null;

  // The value changed while the cell is open: an untouched draft follows it, and the edit is then based on it
  // (adjusting state while rendering). A typed or refused draft is the user's text: it never follows (a refused one
  // may equal the value shown a moment ago: the edit's own, before it was rolled back).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (draft !== null && !touched && draft === seen && error === null) {
      setDraft(value);
      setBase(value);
    }
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
  const watchLine = watch?.line;
  const watchField = watch?.field;
  const refusal = useCallback(
    (typed: string, based: string): CellRefusal =>
      (reason, err) => {
        if (!mounted.current || draftRef.current !== null) return false;
        setAutoFocus(focusIsFree());
        const asked =
          watchLine !== undefined && watchField !== undefined && conflictOfRefusal(err, watchLine, watchField);
        setBase(based);
        if (asked) {
          // someone else's value won: the question, not an error
          setConflict(asked);
          setError(null);
        } else {
          setConflict(null);
          refusedText.current = typed;
          setError(reason);
        }
        setTouched(true);
        setDraft(typed);
        return true;
      },
    [watchLine, watchField],
  );

  useEffect(() => {
    if (!editing || watchLine === undefined || watchField === undefined) return;
    const unwatch = watchEdit({ line: watchLine, field: watchField, notify: setConflict });
    const close = openCell(watchLine);
    return () => {
      unwatch();
      close();
    };
  }, [editing, watchLine, watchField]);

  const start = () => {
    if (!editable) return;
    setConflict(null);
    setError(null);
    setAutoFocus(true);
    setBase(value);
    setTouched(false);
    setDraft(value);
  };
  const close = () => {
    setDraft(null);
    setConflict(null);
    setError(null);
  };
  /** Sends the draft (based on `base`, or as an explicit overwrite of what the question said is there now). */
  const finish = (commit: boolean, overwrite?: ReadonlyMap<string, string>) => {
    if (draft === null) return;
    const next = draft;
    if (commit && (next !== value || overwrite)) {
      const based = (watchLine !== undefined && overwrite?.get(watchLine)) || base;
      const reason = onCommit(next, refusal(next, based), { base, overwrite });
      if (reason !== undefined) {
        // refused before it was sent: the text stays, with the reason
        refusedText.current = next;
        setError(reason);
        return;
      }
    }
    close();
  };
  if (editing) {
    // Theirs differs from the draft: the person chooses; no save goes out without that choice.
    const choose = conflict !== null && draft !== conflict.value;
    const toChoices = () => firstChoice.current?.focus();
    return (
      <>
        <InputBase
          ref={setAnchor}
          autoFocus={autoFocus}
          fullWidth
          multiline={multiline}
          value={draft}
          onChange={(e) => {
            setTouched(true);
            setDraft(e.target.value);
          }}
          onBlur={(e) => {
            // moving to the question's choices, or leaving a refused text as it was, keeps the cell open
            if (promptRef.current?.contains(e.relatedTarget as Node | null)) return;
            if (error !== null && draft === refusedText.current) return;
            finish(true);
          }}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Escape') finish(false);
            else if (choose && (e.key === 'Tab' || (e.key === 'Enter' && !(multiline && e.shiftKey)))) {
              // a question is open: Enter or Tab goes to its choices, never past them
              e.preventDefault();
              toChoices();
            } else if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
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
          <CellMessages
            anchor={anchor}
            promptRef={promptRef}
            error={error}
            errorId={errorId}
            conflict={conflict}
            label={label}
            draft={draft}
            firstChoice={firstChoice}
            onKeep={close}
            onUse={(replaces) => finish(true, replaces)}
          />
        )}
      </>
    );
  }
  return (
    <CellDisplay
      editable={editable}
      multiline={multiline}
      numeric={numeric}
      label={label}
      tabIndex={tabIndex}
      onStart={start}
    >
      {display ?? value}
    </CellDisplay>
  );
});

/**
 * Why the draft is refused, or someone else's change to choose against: attached to the cell (not a toast elsewhere on
 * the page), it moves with the cell and says what to fix.
 */
function CellMessages({
  anchor,
  promptRef,
  error,
  errorId,
  conflict,
  label,
  draft,
  firstChoice,
  onKeep,
  onUse,
}: {
  anchor: HTMLElement;
  promptRef: RefObject<HTMLDivElement | null>;
  error: string | null;
  errorId: string;
  conflict: EditConflict | null;
  label: string;
  draft: string;
  firstChoice: RefObject<HTMLButtonElement | null>;
  onKeep: () => void;
  onUse: (replaces: EditConflict['replaces']) => void;
}) {
  const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();
  return (
    <Popper open anchorEl={anchor} placement="bottom-start" sx={{ zIndex: (t) => t.zIndex.tooltip }}>
      <Box
        ref={promptRef}
        sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 0.5, maxWidth: 460 }}
        // a portal still bubbles React events to the row: a click here must not select it, nor a key reach
        // the table's keys
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
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
          <ConflictPrompt
            by={conflict.by}
            label={label}
            theirs={conflict.value}
            mine={draft}
            firstButton={firstChoice}
            onKeep={onKeep}
            onUse={() => onUse(conflict.replaces)}
          />
        )}
      </Box>
    </Popper>
  );
}

/** The cell's value while it is not edited: double-click, Enter or F2 starts editing. */
function CellDisplay({
  editable,
  multiline,
  numeric,
  label,
  tabIndex,
  onStart,
  children,
}: {
  editable: boolean;
  multiline?: boolean;
  numeric?: boolean;
  label: string;
  tabIndex: number;
  onStart: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      role={editable ? 'button' : undefined}
      tabIndex={editable ? tabIndex : undefined}
      aria-label={editable ? `Edit ${label}` : undefined}
      onDoubleClick={onStart}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'F2') {
          e.preventDefault();
          onStart();
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
      {children}
    </Box>
  );
}
