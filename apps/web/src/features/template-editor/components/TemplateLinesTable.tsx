// The lines of one template section (docs/product/screens.md#template-editor): drag handle, Model, Manufacturer,
// Description, Qty, Price, Cost, Based on Total, UOM, Subtotal (templateLineColumns.tsx). A product dropped on the
// table ('Add product here') is appended; a drop without a product id is ignored. Click / ctrl-click / shift-click
// select as in the sale's lines table; Edit applies the changed fields to every selected line. `Paste lines` (or Ctrl+V
// on the table) opens the paste dialog, the lines going below the selection. No paging; column chooser and export.
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Typography } from '@mui/material';
import type { LineDto, ProductDto, SectionDto } from '@quotewright/contracts';
import { lazy, Suspense, useState } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { DataTable, useDataTable } from '../../../components/DataTable';
import { isTextLine } from '../../../components/lines/columns';
import { AddTextLineButtons, DELETE_LINES_MESSAGE, DeleteLinesButton } from '../../../components/lines/LineActions';
import { pastePoint, tablePasteText } from '../../../components/lines/pastePoint';
import { QuickAddRow } from '../../../components/lines/QuickAddRow';
import { TextLineDialog } from '../../../components/lines/TextLineDialog';
import { useLineSelection } from '../../../components/lines/useLineSelection';
import { useProductDrop } from '../../../components/lines/useProductDrop';
import type { PasteAnswer, PasteLine } from '../../../components/paste/PasteLinesDialog';
import type { LineEdits } from '../api/template';
import { LineEditDialog, type LineEditRefusal } from './LineDialogs';
import { downloadLinesCsv, TEMPLATE_LINE_COLUMNS } from './templateLineColumns';
import { ExportButton, templateTableOptions } from './templateTable';

// The paste dialog's code loads when it is first opened.
const PasteLinesDialog = lazy(() =>
  import('../../../components/paste/PasteLinesDialog').then((m) => ({ default: m.PasteLinesDialog })),
);

export interface TemplateLinesHandlers {
  dropProduct(productId: number): void;
  addText(kind: 'note' | 'header', text: string): void;
  /** Answers the server's refusal (the edit dialog stays open with it), or nothing once saved. */
  update(edits: LineEdits): Promise<LineEditRefusal | undefined> | undefined;
  remove(ids: string[]): void;
  reorder(index: number, point: number): void;
  /** Adds pasted lines at `sequence` as one change; rejects with the server's refusal (the dialog shows it). */
  paste?(lines: PasteLine[], sequence: number): Promise<PasteAnswer>;
  /** The entry row's product and quantity added at the end of the section (QuickAddRow; a bundle through its dialog). */
  quickAdd?(product: ProductDto, quantity?: string): Promise<undefined>;
}

/** The template's lines are edited in a dialog: the entry row asks the quantity itself and keeps the focus. */
const noTable = () => null;

/** Over the table while a product from the product list is dragged over it. */
function DropOverlay() {
  return (
    <Typography
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        zIndex: 2,
        bgcolor: 'action.hover',
      }}
      fontWeight={600}
    >
      Add product here
    </Typography>
  );
}

export function TemplateLinesTable({
  section,
  editable,
  handlers,
}: {
  section: SectionDto;
  editable: boolean;
  handlers: TemplateLinesHandlers;
}) {
  const dialog = useDialog();
  const lines = section.lines;
  // The selection resets whenever the line data changes (docs/product/screens.md#lines-table).
  const { selected, click } = useLineSelection(lines);
  const drop = useProductDrop(editable, (productId) => handlers.dropProduct(productId));
  const [dialogKind, setDialogKind] = useState<null | 'edit' | 'note' | 'header'>(null);
  const [pasting, setPasting] = useState<{ text: string; sequence: number } | null>(null);
  const paste = editable ? handlers.paste : undefined;
  const canPaste = paste !== undefined;
  const chosenLines = lines.filter((l) => selected.has(l._id));

  const confirmRemove = async () => {
    const ok = await dialog.confirm({
      message: (
        <>
          {DELETE_LINES_MESSAGE}
          <Box component="ul" sx={{ mb: 0 }}>
            {chosenLines.map((l) => (
              <li key={l._id}>{isTextLine(l) ? l.name : `${l.product.name} — ${l.name}`}</li>
            ))}
          </Box>
        </>
      ),
      confirmLabel: 'Delete',
    });
    if (ok) handlers.remove(chosenLines.map((l) => l._id));
  };

  const table = useDataTable<LineDto>({
    columns: TEMPLATE_LINE_COLUMNS,
    data: lines,
    getRowId: (l) => l._id,
    ...templateTableOptions<LineDto>(editable, (from, to) => handlers.reorder(from, to)),
    muiTableBodyRowProps: ({ row }) => ({
      onClick: (e) => click(row.index, { ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey }),
      selected: selected.has(row.original._id),
      'aria-selected': selected.has(row.original._id),
      'data-testid': `template-line-${row.index}`,
      sx: { cursor: 'pointer', userSelect: 'none' },
    }),
    renderTopToolbarCustomActions: () => (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {editable && (
          <>
            <AddTextLineButtons onAdd={setDialogKind} />
            <Button
              size="small"
              startIcon={<EditIcon />}
              disabled={selected.size === 0}
              onClick={() => setDialogKind('edit')}
            >
              Edit
            </Button>
            <DeleteLinesButton disabled={selected.size === 0} onClick={confirmRemove} />
            {canPaste && (
              <Button
                size="small"
                startIcon={<ContentPasteIcon />}
                onClick={() => setPasting({ text: '', sequence: pastePoint(lines, selected) })}
              >
                Paste lines
              </Button>
            )}
          </>
        )}
        <ExportButton onClick={() => downloadLinesCsv(lines, section.name)} />
      </Box>
    ),
  });

  return (
    <Box
      data-testid={`template-lines-${section.name}`}
      // focusable, so that a click on the table takes the focus and Ctrl+V reaches it
      tabIndex={-1}
      onPaste={(e) => {
        const text = canPaste && pasting === null && dialogKind === null ? tablePasteText(e) : undefined;
        if (text === undefined) return;
        e.preventDefault();
        setPasting({ text, sequence: pastePoint(lines, selected) });
      }}
      {...drop.dropProps}
      sx={{
        position: 'relative',
        outline: drop.active ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
      }}
    >
      {drop.active && <DropOverlay />}
      <DataTable table={table} />
      {editable && handlers.quickAdd && <QuickAddRow onAdd={handlers.quickAdd} table={noTable} askQuantity />}
      {dialogKind === 'edit' && chosenLines.length > 0 && (
        <LineEditDialog
          lines={chosenLines}
          onCancel={() => setDialogKind(null)}
          onApply={async (edit) => {
            const refusal = await handlers.update(chosenLines.map((l) => ({ _id: l._id, ...edit })));
            if (!refusal) setDialogKind(null);
            return refusal;
          }}
        />
      )}
      {pasting && paste && (
        <Suspense fallback={null}>
          <PasteLinesDialog
            initialText={pasting.text}
            target={section.name}
            onClose={() => setPasting(null)}
            onConfirm={(pasted) => paste(pasted, pasting.sequence)}
          />
        </Suspense>
      )}
      {(dialogKind === 'note' || dialogKind === 'header') && (
        <TextLineDialog
          kind={dialogKind}
          onCancel={() => setDialogKind(null)}
          onApply={(value) => {
            const kind = dialogKind;
            setDialogKind(null);
            handlers.addText(kind, value);
          }}
        />
      )}
    </Box>
  );
}
