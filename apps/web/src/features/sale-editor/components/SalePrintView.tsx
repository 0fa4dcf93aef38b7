// What the Print button prints on a sale (shown only in print): the sale's sections and their lines as a customer
// would read them. Never cost, margin or markup; in discrete mode no money at all. Every section is printed, with
// every line (the on-screen lines table is virtualized and shows one section at a time, so it is not printed).
// Each section as presented (decision 0032): Details with prices, Quantities only without them, Total only as one
// line with its total, Optional after the sale's total under an "Optional" heading (not counted in it).
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useHideMoney } from '../../../app/discrete';
import { formatMoney } from '../../../lib/format';
import type { Sale, SaleLine, SaleSection } from '../api/types';

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
      {sale.sections
        .filter((s) => s.presentation !== 'optional')
        .map((section) => (
          <PrintSection key={section._id} section={section} hideMoney={hideMoney} />
        ))}
      {!hideMoney && (
        <Typography variant="h6" component="p" sx={{ mt: 3, textAlign: 'right' }} data-testid="print-total">
          Total {formatMoney(sale.pricing.total_price)}
        </Typography>
      )}
      {sale.sections.some((s) => s.presentation === 'optional') && (
        <Box data-testid="print-optional">
          <Typography variant="h5" component="h2" sx={{ mt: 4 }}>
            Optional
          </Typography>
          {sale.sections
            .filter((s) => s.presentation === 'optional')
            .map((section) => (
              <PrintSection key={section._id} section={section} hideMoney={hideMoney} />
            ))}
        </Box>
      )}
    </Box>
  );
}

function PrintSection({ section, hideMoney }: { section: SaleSection; hideMoney: boolean }) {
  const prices = !hideMoney && section.presentation !== 'quantities';
  return (
    <Box component="section" sx={{ mt: 3, breakInside: 'avoid-page' }}>
      <Typography variant="h6" component="h2" sx={{ display: 'flex', gap: 2 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {section.name}
        </Box>
        {!hideMoney && <span>{formatMoney(section.pricing.total_price)}</span>}
      </Typography>
      {section.presentation !== 'total' && section.lines.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Model</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Qty</TableCell>
              <TableCell>UOM</TableCell>
              {prices && <TableCell align="right">Price</TableCell>}
              {prices && <TableCell align="right">Subtotal</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {section.lines.map((line) => (
              <LineRow key={line._id} line={line} hideMoney={!prices} />
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
