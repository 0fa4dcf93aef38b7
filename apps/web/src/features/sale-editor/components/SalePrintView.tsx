// What the Print button prints on a sale (shown only in print): the sale's sections and their lines as a customer
// would read them. Never cost, margin or markup; in discrete mode no money at all. Every section is printed, with
// every line (the on-screen lines table is virtualized and shows one section at a time, so it is not printed).
// A section with Show Details off prints as one line with its total (docs/product/screens.md#sections-table).
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useHideMoney } from '../../../app/discrete';
import { formatMoney } from '../../../lib/format';
import type { Sale, SaleLine } from '../api/types';

function LineRow({ line, hideMoney }: { line: SaleLine; hideMoney: boolean }) {
  if (line.kind !== 'product') {
    return (
      <TableRow data-kind={line.kind}>
        <TableCell
          colSpan={hideMoney ? 4 : 6}
          sx={{
            fontStyle: line.kind === 'note' ? 'italic' : undefined,
            fontWeight: line.kind === 'header' ? 700 : undefined,
            whiteSpace: 'pre-wrap',
          }}
        >
          {line.name}
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow data-kind="product">
      <TableCell>{line.product.name}</TableCell>
      <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{line.name}</TableCell>
      <TableCell align="right">{line.quantity}</TableCell>
      <TableCell>{line.uom.name ?? ''}</TableCell>
      {!hideMoney && <TableCell align="right">{formatMoney(line.price)}</TableCell>}
      {!hideMoney && <TableCell align="right">{formatMoney(line.subtotal)}</TableCell>}
    </TableRow>
  );
}

export function SalePrintView({ sale }: { sale: Sale }) {
  const hideMoney = useHideMoney();
  const party = [
    ['Customer', sale.customer?.name],
    ['Invoice address', sale.customer_invoice?.name],
    ['Delivery address', sale.customer_shipping?.name],
    ['Salesperson', sale.salesperson?.name],
  ].filter((p): p is [string, string] => Boolean(p[1]));
  return (
    <Box data-testid="sale-print" sx={{ display: 'none', displayPrint: 'block' }}>
      {party.length > 0 && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, mt: 0 }}>
          {party.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {sale.sections.map((section) => (
        <Box key={section._id} component="section" sx={{ mt: 3, breakInside: 'avoid-page' }}>
          <Typography variant="h6" component="h2" sx={{ display: 'flex', gap: 2 }}>
            <Box component="span" sx={{ flexGrow: 1 }}>
              {section.name}
            </Box>
            {!hideMoney && <span>{formatMoney(section.pricing.total_price)}</span>}
          </Typography>
          {section.show_details && section.lines.length > 0 && (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Model</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell align="right">Qty</TableCell>
                  <TableCell>UOM</TableCell>
                  {!hideMoney && <TableCell align="right">Price</TableCell>}
                  {!hideMoney && <TableCell align="right">Subtotal</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {section.lines.map((line) => (
                  <LineRow key={line._id} line={line} hideMoney={hideMoney} />
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      ))}
      {!hideMoney && (
        <Typography variant="h6" component="p" sx={{ mt: 3, textAlign: 'right' }} data-testid="print-total">
          Total {formatMoney(sale.pricing.total_price)}
        </Typography>
      )}
    </Box>
  );
}
