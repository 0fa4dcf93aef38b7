import { Box, Chip, Typography } from '@mui/material';
import { saleStateLabel } from '@quotewright/domain';
import { useHideMoney } from '../../../app/discrete';
import { formatMoney } from '../../../lib/format';
import { stateChipColor } from '../../../lib/saleState';
import type { Sale } from '../api/types';

/** The drawer's sale summary (SPEC §2 Shell: shown while a sale is loaded). */
export function SaleSummary({ sale }: { sale: Sale }) {
  const hideMoney = useHideMoney();
  const lines = sale.sections.reduce((n, s) => n + s.lines.length, 0);
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {sale.quote_number}
      </Typography>
      <Typography fontWeight={600} noWrap title={sale.name}>
        {sale.name || 'Untitled quote'}
      </Typography>
      <Chip size="small" label={saleStateLabel(sale.state)} color={stateChipColor(sale.state)} sx={{ my: 0.5 }} />
      <Typography variant="body2" color="text.secondary">
        {sale.sections.length} section{sale.sections.length === 1 ? '' : 's'}, {lines} line{lines === 1 ? '' : 's'}
      </Typography>
      {!hideMoney && (
        <Typography variant="body2" data-testid="summary-total">
          Total {formatMoney(sale.pricing.total_price)}
        </Typography>
      )}
    </Box>
  );
}
