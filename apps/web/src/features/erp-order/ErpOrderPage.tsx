// The order of the built-in demo ERP that 'Open in Odoo' opens (/erp/orders/:odooId): the simulator has no web
// client, so the app shows the order as the ERP holds it — sections and lines, totals, state — read-only.
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ErpOrderLineView, ErpOrderSectionView } from '@quotewright/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useHideMoney } from '../../app/discrete';
import { PageHeader } from '../../components/PageHeader';
import { PageSkeleton } from '../../components/PageSkeleton';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime, formatMoney, formatPercent } from '../../lib/format';
import { stateChipColor } from '../../lib/saleState';
import { type ErpOrder, useErpOrder } from './api/order';

export const DEMO_ERP_NOTICE =
  'This is the built-in demo ERP (an Odoo simulator that runs inside this app). It has no screens of its own, so its orders are shown here, read-only. With a real Odoo connected, Open in Odoo opens the order in Odoo.';

/** "2", "1.5": the ERP's decimal string without trailing zeros, thousands grouped. */
function formatQty(value: string | null): string {
  if (value === null) return '';
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: 4 }) : value;
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value || '—'}
      </Typography>
    </Box>
  );
}

function LineRow({ line, hideMoney }: { line: ErpOrderLineView; hideMoney: boolean }) {
  const span = hideMoney ? 2 : 5;
  if (line.kind !== 'product') {
    return (
      <TableRow data-testid="erp-order-line" data-kind={line.kind}>
        <TableCell colSpan={span}>
          <Typography
            variant="body2"
            sx={
              line.kind === 'subsection'
                ? { fontWeight: 600 }
                : { fontStyle: 'italic', color: 'text.secondary', whiteSpace: 'pre-wrap' }
            }
          >
            {line.description}
          </Typography>
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow data-testid="erp-order-line" data-kind="product">
      <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{line.description}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatQty(line.quantity)}
        {line.uom ? ` ${line.uom}` : ''}
      </TableCell>
      {!hideMoney && (
        <>
          <TableCell align="right">{formatMoney(line.unitPrice)}</TableCell>
          <TableCell align="right">{Number(line.discount ?? 0) === 0 ? '' : formatPercent(line.discount)}</TableCell>
          <TableCell align="right">{formatMoney(line.subtotal)}</TableCell>
        </>
      )}
    </TableRow>
  );
}

function SectionTable({ section, hideMoney }: { section: ErpOrderSectionView; hideMoney: boolean }) {
  return (
    <Box component="section" aria-label={section.name ?? 'Lines'} data-testid="erp-order-section" sx={{ mb: 3 }}>
      {section.name !== null && (
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {section.name}
          {section.optional ? ' (optional, not in the total)' : ''}
        </Typography>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Description</TableCell>
              <TableCell align="right">Quantity</TableCell>
              {!hideMoney && (
                <>
                  <TableCell align="right">Unit Price</TableCell>
                  <TableCell align="right">Disc. %</TableCell>
                  <TableCell align="right">Subtotal</TableCell>
                </>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {section.lines.length === 0 ? (
              <TableRow>
                <TableCell colSpan={hideMoney ? 2 : 5}>
                  <Typography variant="body2" color="text.secondary">
                    No lines in this section
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              section.lines.map((l) => <LineRow key={l.id} line={l} hideMoney={hideMoney} />)
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function Totals({ order }: { order: ErpOrder }) {
  const rows: [string, string][] = [
    ['Untaxed Amount', order.amountUntaxed],
    ['Taxes', order.amountTax],
    ['Total', order.amountTotal],
  ];
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 360, ml: 'auto' }}>
      <Table size="small" aria-label="Totals" data-testid="erp-order-totals">
        <TableFooter>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ color: 'text.primary', fontSize: '0.875rem' }}>
                {label}
              </TableCell>
              <TableCell
                align="right"
                sx={{ color: 'text.primary', fontSize: '0.875rem', fontWeight: label === 'Total' ? 700 : 400 }}
              >
                {formatMoney(value)}
              </TableCell>
            </TableRow>
          ))}
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

export function ErpOrderPage() {
  const { odooId } = useParams();
  const { data: order, error, isPending } = useErpOrder(odooId);
  const hideMoney = useHideMoney();

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <>
        <PageHeader title="ERP order" />
        <Alert severity={missing ? 'info' : 'error'} data-testid="erp-order-error">
          {missing
            ? `The demo ERP has no order ${odooId ?? ''}, or the app is connected to a real Odoo, whose orders open in Odoo itself.`
            : errorMessage(error)}
        </Alert>
        <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 2 }}>
          Go to the sales list
        </Button>
      </>
    );
  }
  if (isPending || !order) return <PageSkeleton />;

  return (
    <Box data-testid="erp-order">
      <PageHeader
        title={order.name}
        subtitle="Order in the demo ERP (read-only)"
        actions={<Chip label={order.stateLabel} color={stateChipColor(order.state)} data-testid="erp-order-state" />}
      />
      <Alert severity="info" sx={{ mb: 3 }} data-testid="erp-order-demo">
        {DEMO_ERP_NOTICE}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <Field label="Customer" value={order.customer} />
        <Field label="Invoice address" value={order.invoiceAddress} />
        <Field label="Delivery address" value={order.deliveryAddress} />
        <Field label="Salesperson" value={order.salesperson} />
        <Field label="Order date" value={order.dateOrder ? formatDateTime(order.dateOrder) : null} />
        <Field label="Source document" value={order.origin} />
        <Field
          label="Quote in this app"
          value={
            order.sale ? (
              <RouterLink to={`/sale/${order.sale.id}`}>
                {order.sale.quoteNumber}
                {order.sale.name ? ` — ${order.sale.name}` : ''}
              </RouterLink>
            ) : null
          }
        />
      </Paper>
      {order.sections.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This order has no lines.
        </Typography>
      ) : (
        order.sections.map((s, i) => (
          // a section is a line of the order in the ERP, with no id on this page: its position and name
          <SectionTable key={`${i}-${s.name ?? ''}`} section={s} hideMoney={hideMoney} />
        ))
      )}
      {hideMoney ? (
        <Typography variant="body2" color="text.secondary" data-testid="erp-order-money-hidden">
          Prices and totals are hidden in discrete mode.
        </Typography>
      ) : (
        <Totals order={order} />
      )}
    </Box>
  );
}
