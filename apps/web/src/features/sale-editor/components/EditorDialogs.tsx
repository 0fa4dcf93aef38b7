// The sale editor's dialogs (docs/product/screens.md#dialogs-of-the-sale-editor): the product picker, Related Products
// for a bundle, Copy Sale Data, Set Markup, Move/Copy Lines, the text of a new note or header, and Paste lines. One at a time, as
// `DialogState` says (the picker besides: a bundle picked in it opens Related Products over it).
import type { LineMoveType } from '@quotewright/domain';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useDialog } from '../../../app/providers/dialog';
import { type BundleLine, RelatedProductsDialog } from '../../../components/products/RelatedProductsDialog';
import type { Product, ProductDetail } from '../../../lib/products';
import { useCopySections, useCreateTextLine, useMoveLines, usePasteLines, useSetMarkup } from '../api/mutations';
import type { Sale } from '../api/types';
import { settled } from '../hooks/editorTasks';
import { type CopyRequest, CopySaleDataDialog } from './CopySaleDataDialog';
import { MoveLinesDialog, SetMarkupDialog, TextLineDialog } from './SmallDialogs';

// The product picker's code (with the data-table library) loads when it is first opened.
const ProductPickerDialog = lazy(() =>
  import('./ProductPickerDialog').then((m) => ({ default: m.ProductPickerDialog })),
);
// So does the paste dialog's.
const PasteLinesDialog = lazy(() =>
  import('../../../components/paste/PasteLinesDialog').then((m) => ({ default: m.PasteLinesDialog })),
);

/** The product picker, open on a section: inserts go at `sequence` (or at the end), one after the other. */
export interface PickerState {
  sectionId: string;
  sequence: number;
  /** Lines added since it opened. */
  added: number;
}

export type DialogState =
  | {
      kind: 'related';
      sectionId: string;
      sequence: number;
      product: ProductDetail;
      /** Told how many lines were added (the picker counts them). */
      onAdded?: (count: number) => void;
    }
  | { kind: 'copy'; sectionIds: string[] }
  | { kind: 'markup'; sectionId: string; ids: string[] }
  | { kind: 'move'; sectionId: string; ids: string[] }
  | { kind: 'text'; sectionId: string; textKind: 'note' | 'header'; sequence: number }
  /** Paste lines into a section at `sequence`, with the text pasted on the table ('' from the toolbar). */
  | { kind: 'paste'; sectionId: string; sequence: number; text: string }
  | null;

export function EditorDialogs({
  sale,
  state,
  setState,
  picker,
  onClosePicker,
  pageSize,
  onInsertFromPicker,
  addLines,
}: {
  sale: Sale;
  state: DialogState;
  setState: (state: DialogState) => void;
  picker: PickerState | null;
  onClosePicker: () => void;
  pageSize: number;
  onInsertFromPicker: (product: Product) => void;
  /** Adds lines to a section; answers how many were added. */
  addLines: (target: string, lines: BundleLine[], sequence: number, bundle: ProductDetail | null) => Promise<string[]>;
}) {
  const navigate = useNavigate();
  const dialog = useDialog();
  const copySections = useCopySections(sale._id);
  const setMarkup = useSetMarkup(sale._id);
  const moveLines = useMoveLines(sale._id);
  const createTextLine = useCreateTextLine(sale._id);
  const pasteLines = usePasteLines(sale._id);
  const close = () => setState(null);

  const runCopy = async (req: CopyRequest) => {
    close();
    const result = await settled(
      copySections.mutateAsync({
        destination: req.destination,
        sections: req.sections,
        copyStyle: req.copyStyle,
        mergeProducts: req.mergeProducts,
      }),
    );
    if (!result) return;
    if (result.saleId === sale._id) {
      await dialog.open({ title: 'Copy Completed', message: 'The sections were copied into this sale.' });
      return;
    }
    const choice = await dialog.open({
      title: 'Copy Completed',
      message: 'Would you like to navigate to the destination sale now?',
      actions: [
        { label: 'Stay Here', value: 'stay' },
        { label: 'Go to Sale', value: 'go', variant: 'contained', autoFocus: true },
      ],
    });
    if (choice === 'go') navigate(`/sale/${result.saleId}`);
  };

  return (
    <>
      {picker && (
        <Suspense fallback={null}>
          <ProductPickerDialog
            open
            pageSize={pageSize}
            added={picker.added}
            onClose={onClosePicker}
            onInsert={onInsertFromPicker}
          />
        </Suspense>
      )}
      {state?.kind === 'related' && (
        <RelatedProductsDialog
          product={state.product}
          onCancel={close}
          onAdd={(lines) => {
            const { sectionId: target, sequence, product, onAdded } = state;
            close();
            void addLines(target, lines, sequence, product).then((ids) => {
              if (ids.length > 0) onAdded?.(ids.length);
            });
          }}
        />
      )}
      {state?.kind === 'copy' && (
        <CopySaleDataDialog sale={sale} initialSectionIds={state.sectionIds} onCancel={close} onCopy={runCopy} />
      )}
      {state?.kind === 'markup' && (
        <SetMarkupDialog
          count={state.ids.length}
          onCancel={close}
          onApply={(markup) => {
            const { sectionId: target, ids } = state;
            close();
            setMarkup.mutate({ sectionId: target, ids, markup });
          }}
        />
      )}
      {state?.kind === 'move' && (
        <MoveLinesDialog
          sections={sale.sections}
          currentSectionId={state.sectionId}
          count={state.ids.length}
          onCancel={close}
          onApply={(to: string, type: LineMoveType) => {
            const { sectionId: from, ids } = state;
            close();
            moveLines.mutate({ from, to, type, ids });
          }}
        />
      )}
      {state?.kind === 'paste' && (
        <Suspense fallback={null}>
          <PasteLinesDialog
            initialText={state.text}
            target={sale.sections.find((s) => s._id === state.sectionId)?.name ?? ''}
            onClose={close}
            onConfirm={(lines) =>
              pasteLines.mutateAsync({ sectionId: state.sectionId, sequence: state.sequence, lines })
            }
          />
        </Suspense>
      )}
      {state?.kind === 'text' && (
        <TextLineDialog
          kind={state.textKind}
          onCancel={close}
          onApply={(text) => {
            const { sectionId: target, textKind, sequence } = state;
            close();
            createTextLine.mutate({ sectionId: target, kind: textKind, name: text, sequence });
          }}
        />
      )}
    </>
  );
}
