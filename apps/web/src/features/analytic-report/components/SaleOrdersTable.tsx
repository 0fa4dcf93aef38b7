import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { SALE_STATE_LABELS } from '@quotewright/domain';
import { useHideMoney } from '../../../app/discrete';
import { MoneyCell } from '../../../components/MoneyCell';
import { formatDate, formatPercent } from '../../../lib/format';
import type { AnalyticAccount } from '../api/analytic';

/** A row's sale orders: those not in sale or done do not count in the totals and are greyed out. */
export function SaleOrdersTable({ sales }: { sales: AnalyticAccount['sales'] }) {
  const hide = useHideMoney();
  if (sales.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
        No sale orders for this account.
      </Typography>
    );
  return (
    <Table size="small" aria-label="Sale orders">
      <TableHead>
        <TableRow>
          <TableCell>Order #</TableCell>
          <TableCell>Name</TableCell>
          <TableCell>Order Date</TableCell>
          <TableCell>Status</TableCell>
          {!hide && <TableCell align="right">Untaxed Total</TableCell>}
          {!hide && <TableCell align="right">Total Cost</TableCell>}
          {!hide && <TableCell align="right">Margin</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {sales.map((s) => (
          <TableRow
            key={s.id}
            data-testid="analytic-sale"
            data-counts={s.counts}
            sx={s.counts ? undefined : { '& td': { color: 'text.secondary', fontStyle: 'italic' } }}
          >
            <TableCell>{s.name}</TableCell>
            <TableCell>{s.client_order_ref ?? ''}</TableCell>
            <TableCell>{s.date_order ? formatDate(s.date_order) : ''}</TableCell>
            <TableCell>{SALE_STATE_LABELS[s.state]}</TableCell>
            {!hide && (
              <TableCell align="right">
                <MoneyCell value={s.amount_untaxed} />
              </TableCell>
            )}
            {!hide && (
              <TableCell align="right">
                <MoneyCell value={s.total_cost} />
              </TableCell>
            )}
            {!hide && (
              <TableCell align="right">
                {s.margin === null ? (
                  '—'
                ) : (
                  <>
                    <MoneyCell value={s.margin} /> ({formatPercent(s.margin_percent)})
                  </>
                )}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
