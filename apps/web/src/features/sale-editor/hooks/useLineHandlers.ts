// The open section's lines table handlers (docs/product/screens.md#lines-table): edits, deletes and reorders go to
// their mutations; adding opens the picker or a dialog.
import { useMemo, useRef } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { DELETE_LINES_MESSAGE } from '../../../components/lines/LineActions';
import { useDeleteLines, useReorderLines, useUpdateLines } from '../api/mutations';
import type { LineChanges, SaleSection } from '../api/types';
import type { DialogState, PickerState } from '../components/EditorDialogs';
import type { LinesTableHandlers } from '../components/linesTableTypes';
import { delegateHandlers } from './stableCallbacks';

const LINE_HANDLERS: Record<keyof LinesTableHandlers, true> = {
  back: true,
  commit: true,
  remove: true,
  addText: true,
  insertProduct: true,
  dropProduct: true,
  setMarkup: true,
  moveCopy: true,
  reorder: true,
  pasteLines: true,
  quickAdd: true,
};

/**
 * The open section's handlers: one object while the section stays open (each calls this render's handler), so that
 * an edit elsewhere in the sale does not render the lines table again. Null while no section is open.
 */
export function useLineHandlers({
  saleId,
  sectionId,
  section,
  openSection,
  setDialogState,
  setPicker,
  addProduct,
}: {
  saleId: string;
  sectionId: string | null;
  section: SaleSection | null;
  openSection: (id: string | null) => void;
  setDialogState: (state: DialogState) => void;
  setPicker: (picker: PickerState) => void;
  addProduct: (productId: number, target: string, sequence: number) => Promise<string | undefined>;
}): LinesTableHandlers | null {
  const dialog = useDialog();
  const updateLines = useUpdateLines(saleId);
  const deleteLines = useDeleteLines(saleId);
  const reorderLines = useReorderLines(saleId);
  const sectionRef = useRef(section);
  sectionRef.current = section;

  const lineHandlersNow = (s: SaleSection): LinesTableHandlers => ({
    back: () => openSection(null),
    // a refusal shows in the edited cell, beside the typed text
    commit: (changes: LineChanges[], refused) => updateLines.mutate({ sectionId: s._id, changes, refused }),
    remove: async (ids) => {
      if (ids.length === 0) return;
      const ok = await dialog.confirm({
        title: 'Delete Lines',
        message: `${DELETE_LINES_MESSAGE}\n\n${ids.length} line${ids.length === 1 ? '' : 's'}`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (ok) deleteLines.mutate({ sectionId: s._id, ids });
    },
    addText: (textKind, sequence) => setDialogState({ kind: 'text', sectionId: s._id, textKind, sequence }),
    insertProduct: (sequence) => setPicker({ sectionId: s._id, sequence, added: 0 }),
    dropProduct: (productId) => void addProduct(productId, s._id, -1),
    setMarkup: (ids) => ids.length > 0 && setDialogState({ kind: 'markup', sectionId: s._id, ids }),
    moveCopy: (ids) => ids.length > 0 && setDialogState({ kind: 'move', sectionId: s._id, ids }),
    reorder: (from, to) => reorderLines.mutate({ sectionId: s._id, from, to }),
    pasteLines: (sequence, text) => setDialogState({ kind: 'paste', sectionId: s._id, sequence, text }),
    quickAdd: (product) => addProduct(product.id, s._id, -1),
  });

  const lineHandlersRef = useRef(lineHandlersNow);
  lineHandlersRef.current = lineHandlersNow;
  return useMemo(
    () =>
      sectionId === null
        ? null
        : delegateHandlers(
            () => lineHandlersRef.current(sectionRef.current ?? ({ _id: sectionId } as SaleSection)),
            LINE_HANDLERS,
          ),
    [sectionId],
  );
}
