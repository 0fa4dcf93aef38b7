import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { StockEntryDto } from '@quotewright/contracts';

const QTY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
export const formatQuantity = (n: number) => QTY.format(n);

/** A location's quants (SPEC §2 row detail): Product, Lot/Serial, Reserved, On Hand. */
export function QuantsTable({ quants }: { quants: StockEntryDto[] }) {
  if (quants.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        Nothing in stock here.
      </Typography>
    );
  return (
    <Table size="small" aria-label="Stock entries">
      <TableHead>
        <TableRow>
          <TableCell>Product</TableCell>
          <TableCell>Lot/Serial</TableCell>
          <TableCell align="right">Reserved</TableCell>
          <TableCell align="right">On Hand</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {quants.map((q) => (
          <TableRow key={q.id} data-testid="stock-quant">
            <TableCell>{q.product_id.name}</TableCell>
            <TableCell>{q.lot_id?.name ?? ''}</TableCell>
            <TableCell align="right">{formatQuantity(q.reserved_quantity)}</TableCell>
            <TableCell align="right">{formatQuantity(q.quantity)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
