// Undo and Redo in the sale editor's header, and their shortcuts: Ctrl+Z (⌘Z), Ctrl+Shift+Z or Ctrl+Y (⌘⇧Z) —
// except while a text field has the focus, where they undo its typing. api/undo.ts keeps the steps.
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSnackbar } from '../../../app/providers/snackbar';
import { errorMessage } from '../../../lib/api';
import { storeDelta } from '../api/mutations';
import { revertNewest, subscribeUndo, undoState } from '../api/undo';

/** Whether a key press belongs to a text field (its own undo). */
function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [role="textbox"]') !== null;
}

/** Which of undo / redo a key press asks for, if any. */
export function undoKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return undefined;
}

export function UndoButtons({ saleId }: { saleId: string }) {
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  useSyncExternalStore(
    useCallback((listener: () => void) => subscribeUndo(qc, saleId, listener), [qc, saleId]),
    () => undoState(qc, saleId).stamp,
  );
  const state = undoState(qc, saleId);

  const run = useCallback(
    (undo: boolean) => {
      revertNewest(qc, saleId, undo, (answer) => storeDelta(qc, answer))
        .then((done) => {
          if (!done) snackbar.show(undo ? 'Nothing to undo' : 'Nothing to redo', 'info');
        })
        .catch((err: unknown) => snackbar.show(errorMessage(err), 'warning'));
    },
    [qc, saleId, snackbar],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const asked = undoKey(e);
      if (!asked || inTextField(e.target) || e.defaultPrevented) return;
      e.preventDefault();
      run(asked === 'undo');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [run]);

  return (
    <>
      <Tooltip title="Undo your last change (Ctrl+Z)">
        <span>
          <IconButton aria-label="Undo" disabled={state.undo === 0} onClick={() => run(true)}>
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Redo (Ctrl+Shift+Z)">
        <span>
          <IconButton aria-label="Redo" disabled={state.redo === 0} onClick={() => run(false)}>
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
