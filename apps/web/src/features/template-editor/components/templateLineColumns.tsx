// The columns of a template section's lines (docs/product/screens.md#template-editor): the lines tables' shared
// columns (components/lines/columns.ts) as the template shows them. Notes and headers show only their text (a note in
// italics, a header in bold); price and cost as $ or as a percent (Based on Total); negatives in the error colour.
import { Box, Checkbox } from '@mui/material';
import type { LineDto } from '@quotewright/contracts';
import { lineFieldWarning } from '@quotewright/domain';
import type { MRT_ColumnDef } from 'material-react-table';
import { isTextLine, LINE_COLUMNS, lineText } from '../../../components/lines/columns';
import { WithValueWarning } from '../../../components/lines/ValueWarning';
import { formatMoney } from '../../../lib/format';
import { downloadCsv, isNegative, templateAmount, toCsv } from './format';

function Money({ line, value, field }: { line: LineDto; value: string; field: 'price' | 'cost' }) {
  if (isTextLine(line)) return null;
  return (
    <WithValueWarning warning={lineFieldWarning(line, field)}>
      <Box component="span" sx={{ color: isNegative(value) ? 'error.main' : undefined }}>
        {templateAmount(line, value)}
      </Box>
    </WithValueWarning>
  );
}

export const TEMPLATE_LINE_COLUMNS: MRT_ColumnDef<LineDto>[] = [
  {
    id: 'model',
    ...LINE_COLUMNS.model,
    accessorFn: (l) => (isTextLine(l) ? '' : lineText(l, 'model')),
    size: 120,
  },
  {
    id: 'manufacturer',
    ...LINE_COLUMNS.manufacturer,
    accessorFn: (l) => (isTextLine(l) ? '' : lineText(l, 'manufacturer')),
    size: 120,
  },
  {
    id: 'description',
    ...LINE_COLUMNS.description,
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
    ...LINE_COLUMNS.quantity,
    accessorKey: 'quantity',
    size: 70,
    Cell: ({ row }) =>
      isTextLine(row.original) ? null : (
        <WithValueWarning warning={lineFieldWarning(row.original, 'quantity')}>
          <Box component="span" sx={{ color: isNegative(row.original.quantity) ? 'error.main' : undefined }}>
            {row.original.quantity}
          </Box>
        </WithValueWarning>
      ),
  },
  {
    id: 'price',
    ...LINE_COLUMNS.price,
    accessorKey: 'price',
    size: 100,
    Cell: ({ row }) => <Money line={row.original} value={row.original.price} field="price" />,
  },
  {
    id: 'cost',
    ...LINE_COLUMNS.cost,
    accessorKey: 'cost',
    size: 100,
    Cell: ({ row }) => <Money line={row.original} value={row.original.cost} field="cost" />,
  },
  {
    id: 'price_percentage_active',
    ...LINE_COLUMNS.price_percentage_active,
    accessorKey: 'price_percentage_active',
    size: 90,
    Cell: ({ row }) =>
      isTextLine(row.original) ? null : (
        <Checkbox
          size="small"
          disabled
          checked={row.original.price_percentage_active}
          inputProps={{ 'aria-label': 'Based on Total' }}
        />
      ),
  },
  { id: 'uom', ...LINE_COLUMNS.uom, accessorFn: (l) => lineText(l, 'uom'), size: 80 },
  {
    id: 'subtotal',
    ...LINE_COLUMNS.subtotal,
    accessorKey: 'subtotal',
    size: 100,
    Cell: ({ row }) =>
      isTextLine(row.original) ? null : (
        <Box component="span" sx={{ color: isNegative(row.original.subtotal) ? 'error.main' : undefined }}>
          {formatMoney(row.original.subtotal)}
        </Box>
      ),
  },
];

/** A CSV of a section's lines, under the table's column headers. */
export function downloadLinesCsv(lines: readonly LineDto[], sectionName: string) {
  downloadCsv(
    toCsv([
      TEMPLATE_LINE_COLUMNS.map((c) => c.header),
      ...lines.map((l) =>
        isTextLine(l)
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
    `${sectionName || 'section'}_lines.csv`,
  );
}
