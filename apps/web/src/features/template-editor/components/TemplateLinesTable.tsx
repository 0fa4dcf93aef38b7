// The lines of one template section (docs/product/screens.md#template-editor): drag handle, Model, Manufacturer,
// Description, Qty, Price, Cost, Based on Total, UOM, Subtotal. Notes are italic and headers bold and show only their
// text; price and cost show as $ or as a percent (Based on Total); negatives in the error colour. A product dropped on
// the table ('Add product here') is appended; a drop without a product id is ignored. Click / ctrl-click / shift-click
// select; Edit applies the changed fields to every selected line. No paging; column chooser and export.
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import NotesIcon from '@mui/icons-material/Notes';
import TitleIcon from '@mui/icons-material/Title';
import { Box, Button, Checkbox, Typography } from '@mui/material';
import type { LineDto, SectionDto } from '@quotewright/contracts';
import { lineFieldWarning } from '@quotewright/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { DataTable, useDataTable } from '../../../components/DataTable';
import { TextLineDialog } from '../../../components/lines/TextLineDialog';
import { WithValueWarning } from '../../../components/lines/ValueWarning';
import { formatMoney } from '../../../lib/format';
import { draggedProductId, isProductDrag } from '../../../lib/products';
import type { LineEdits } from '../api/template';
import { downloadCsv, isNegative, templateAmount, toCsv } from './format';
import { LineEditDialog, type LineEditRefusal } from './LineDialogs';

export const DELETE_LINES_PROMPT = 'Are you sure you want to delete the following line(s)?';

export interface TemplateLinesHandlers {
  dropProduct(productId: number): void;
  addText(kind: 'note' | 'header', text: string): void;
  /** Answers the server's refusal (the edit dialog stays open with it), or nothing once saved. */
  update(edits: LineEdits): Promise<LineEditRefusal | undefined> | undefined;
  remove(ids: string[]): void;
  reorder(index: number, point: number): void;
}

const text = (l: LineDto) => l.kind !== 'product';

function Money({ line, value, field }: { line: LineDto; value: string; field: 'price' | 'cost' }) {
  if (text(line)) return null;
  return (
    <WithValueWarning warning={lineFieldWarning(line, field)}>
      <Box component="span" sx={{ color: isNegative(value) ? 'error.main' : undefined }}>
        {templateAmount(line, value)}
      </Box>
    </WithValueWarning>
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
  const [selected, setSelected] = useState<string[]>([]);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [dropping, setDropping] = useState(false);
  const [dialogKind, setDialogKind] = useState<null | 'edit' | 'note' | 'header'>(null);
  // The selection resets whenever the line data changes (docs/product/screens.md#lines-table).
  useEffect(() => {
    setSelected([]);
    setAnchor(null);
  }, [lines]);

  const select = (e: MouseEvent, index: number) => {
    const id = lines[index]!._id;
    if (e.shiftKey && anchor !== null) {
      const [a, b] = anchor < index ? [anchor, index] : [index, anchor];
      setSelected(lines.slice(a, b + 1).map((l) => l._id));
      return;
    }
    setAnchor(index);
    if (e.ctrlKey || e.metaKey) setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
    else setSelected([id]);
  };

  const columns = useMemo<MRT_ColumnDef<LineDto>[]>(
    () => [
      {
        id: 'model',
        header: 'Model',
        accessorFn: (l) => (text(l) ? '' : l.product.name),
        size: 120,
      },
      {
        id: 'manufacturer',
        header: 'Manufacturer',
        accessorFn: (l) => (text(l) ? '' : (l.product.manufacturer.name ?? '')),
        size: 120,
      },
      {
        id: 'description',
        header: 'Description',
        accessorKey: 'name',
        size: 260,
        Cell: ({ row }) => (
          <Box
            component="span"
            sx={{
              whiteSpace: 'pre-wrap',
              fontStyle: row.original.kind === 'note' ? 'italic' : undefined,
              fontWeight: row.original.kind === 'header' ? 700 : undefined,
            }}
            data-kind={row.original.kind}
          >
            {row.original.name}
          </Box>
        ),
      },
      {
        id: 'quantity',
        header: 'Qty',
        accessorKey: 'quantity',
        size: 70,
        Cell: ({ row }) =>
          text(row.original) ? null : (
            <WithValueWarning warning={lineFieldWarning(row.original, 'quantity')}>
              <Box component="span" sx={{ color: isNegative(row.original.quantity) ? 'error.main' : undefined }}>
                {row.original.quantity}
              </Box>
            </WithValueWarning>
          ),
      },
      {
        id: 'price',
        header: 'Price',
        accessorKey: 'price',
        size: 100,
        meta: { sensitive: 'price' },
        Cell: ({ row }) => <Money line={row.original} value={row.original.price} field="price" />,
      },
      {
        id: 'cost',
        header: 'Cost',
        accessorKey: 'cost',
        size: 100,
        meta: { sensitive: 'cost' },
        Cell: ({ row }) => <Money line={row.original} value={row.original.cost} field="cost" />,
      },
      {
        id: 'price_percentage_active',
        header: 'Based on Total',
        accessorKey: 'price_percentage_active',
        size: 90,
        Cell: ({ row }) =>
          text(row.original) ? null : (
            <Checkbox
              size="small"
              disabled
              checked={row.original.price_percentage_active}
              inputProps={{ 'aria-label': 'Based on Total' }}
            />
          ),
      },
      { id: 'uom', header: 'UOM', accessorFn: (l) => l.uom.name ?? '', size: 80 },
      {
        id: 'subtotal',
        header: 'Subtotal',
        accessorKey: 'subtotal',
        size: 100,
        meta: { sensitive: 'price' },
        Cell: ({ row }) =>
          text(row.original) ? null : (
            <Box component="span" sx={{ color: isNegative(row.original.subtotal) ? 'error.main' : undefined }}>
              {formatMoney(row.original.subtotal)}
            </Box>
          ),
      },
    ],
    [],
  );

  const exportCsv = () =>
    downloadCsv(
      toCsv([
        ['Model', 'Manufacturer', 'Description', 'Qty', 'Price', 'Cost', 'Based on Total', 'UOM', 'Subtotal'],
        ...lines.map((l) =>
          text(l)
            ? ['', '', l.name, '', '', '', '', '', '']
            : [
                l.product.name,
                l.product.manufacturer.name,
                l.name,
                l.quantity,
                l.price,
                l.cost,
                l.price_percentage_active,
                l.uom.name,
                l.subtotal,
              ],
        ),
      ]),
      `${section.name || 'section'}_lines.csv`,
    );

  const table = useDataTable<LineDto>({
    columns,
    data: lines,
    getRowId: (l) => l._id,
    enablePagination: false,
    enableSorting: false,
    enableColumnActions: false,
    enableGlobalFilter: false,
    enableColumnFilters: false,
    enableRowOrdering: editable,
    enableBottomToolbar: false,
    muiRowDragHandleProps: ({ table: tbl }) => ({
      onDragEnd: () => {
        const { draggingRow, hoveredRow } = tbl.getState();
        if (draggingRow && hoveredRow && hoveredRow.index !== undefined && hoveredRow.index !== draggingRow.index)
          handlers.reorder(draggingRow.index, hoveredRow.index);
      },
    }),
    muiTableBodyRowProps: ({ row }) => ({
      onClick: (e) => select(e, row.index),
      selected: selected.includes(row.original._id),
      'aria-selected': selected.includes(row.original._id),
      'data-testid': `template-line-${row.index}`,
      sx: { cursor: 'pointer', userSelect: 'none' },
    }),
    renderTopToolbarCustomActions: () => (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {editable && (
          <>
            <Button size="small" startIcon={<NotesIcon />} onClick={() => setDialogKind('note')}>
              Add note
            </Button>
            <Button size="small" startIcon={<TitleIcon />} onClick={() => setDialogKind('header')}>
              Add header
            </Button>
            <Button
              size="small"
              startIcon={<EditIcon />}
              disabled={selected.length === 0}
              onClick={() => setDialogKind('edit')}
            >
              Edit
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={selected.length === 0}
              onClick={async () => {
                const chosen = lines.filter((l) => selected.includes(l._id));
                const ok = await dialog.confirm({
                  message: (
                    <>
                      {DELETE_LINES_PROMPT}
                      <Box component="ul" sx={{ mb: 0 }}>
                        {chosen.map((l) => (
                          <li key={l._id}>{text(l) ? l.name : `${l.product.name} — ${l.name}`}</li>
                        ))}
                      </Box>
                    </>
                  ),
                  confirmLabel: 'Delete',
                });
                if (ok) handlers.remove(chosen.map((l) => l._id));
              }}
            >
              Delete
            </Button>
          </>
        )}
        <Button size="small" startIcon={<FileDownloadIcon />} onClick={exportCsv}>
          Export
        </Button>
      </Box>
    ),
  });

  const chosenLines = lines.filter((l) => selected.includes(l._id));
  return (
    <Box
      data-testid={`template-lines-${section.name}`}
      onDragOver={(e) => {
        if (!editable || !isProductDrag(e.dataTransfer)) return;
        e.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(e) => {
        setDropping(false);
        if (!editable) return;
        const id = draggedProductId(e.dataTransfer);
        e.preventDefault();
        if (id === null) return; // a drop without a product id is ignored
        handlers.dropProduct(id);
      }}
      sx={{ position: 'relative', outline: dropping ? '2px dashed' : undefined, outlineColor: 'primary.main' }}
    >
      {dropping && (
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
      )}
      <DataTable table={table} />
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
