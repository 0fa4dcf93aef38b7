// Stock entries (quants) of one location or one product: the row detail of both stock screens
// (docs/product/screens.md#stock-by-location).
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { StockEntryDto } from '@quotewright/contracts';

const QTY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
export const formatQuantity = (n: number) => QTY.format(n);

/**
 * A location's quants list their Product; a product's their Location (then Lot/Serial, Reserved, On Hand).
 */
export function QuantsTable({ quants, of }: { quants: StockEntryDto[]; of: 'location' | 'product' }) {
  if (quants.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        {of === 'location' ? 'Nothing in stock here.' : 'No stock of this product.'}
      </Typography>
    );
  return (
    <Table size="small" aria-label="Stock entries">
      <TableHead>
        <TableRow>
          <TableCell>{of === 'location' ? 'Product' : 'Location'}</TableCell>
          <TableCell>Lot/Serial</TableCell>
          <TableCell align="right">Reserved</TableCell>
          <TableCell align="right">On Hand</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {quants.map((q) => (
          <TableRow key={q.id} data-testid="stock-quant">
            <TableCell>{of === 'location' ? q.product_id.name : q.location_id.name}</TableCell>
            <TableCell>{q.lot_id?.name ?? ''}</TableCell>
            <TableCell align="right">{formatQuantity(q.reserved_quantity)}</TableCell>
            <TableCell align="right">{formatQuantity(q.quantity)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
