import { Box, Typography } from '@mui/material';
import { toDecimalOrZero } from '@quotewright/domain';
import { MoneyCell } from '../../../components/MoneyCell';
import { formatMoney } from '../../../lib/format';
import type { SaleListItem } from '../api/sales';

/**
 * A sale's total in the list: without its optional sections (what the customer orders), and under it, when the sale
 * has optional sections with a total, that total ("+ $1,234.00 optional"); the total with them in the tooltip. The
 * amount never wraps; the word may go to a line of its own in a narrow column.
 */
export function SaleTotal({ sale }: { sale: Pick<SaleListItem, 'total_price' | 'optional_total'> }) {
  const optional = toDecimalOrZero(sale.optional_total);
  if (optional.isZero()) return <MoneyCell value={sale.total_price} />;
  const withOptional = toDecimalOrZero(sale.total_price).plus(optional);
  return (
    <Box
      component="span"
      title={`Total with optional sections: ${formatMoney(withOptional)}`}
      sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}
    >
      <MoneyCell value={sale.total_price} />
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ lineHeight: 1.25, textAlign: 'right' }}
        data-testid="sale-optional-total"
      >
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {optional.isNegative() ? '−' : '+'} {formatMoney(optional.abs())}
        </Box>{' '}
        optional
      </Typography>
    </Box>
  );
}
