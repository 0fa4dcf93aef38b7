import { Box, Chip, Typography } from '@mui/material';
import { isOptionalSection, saleStateLabel } from '@quotewright/domain';
import { useHideMoney } from '../../../app/discrete';
import { formatMoney } from '../../../lib/format';
import { stateChipColor } from '../../../lib/saleState';
import { useSaleSelect } from '../api/sale';
import type { Sale } from '../api/types';

/** What the summary shows of a sale: a small object, equal from one line edit to the next but for the total. */
const summaryOf = (sale: Sale) => ({
  quote_number: sale.quote_number,
  name: sale.name,
  state: sale.state,
  sections: sale.sections.length,
  lines: sale.sections.reduce((n, s) => n + s.lines.length, 0),
  total_price: sale.pricing.total_price,
  /** Shown only when the sale has optional sections (they are not in the total). */
  total_with_optional: sale.sections.some(isOptionalSection) ? sale.pricing.total_with_optional : null,
});

/**
 * The drawer's sale summary (shown while a sale is loaded). It reads the cached sale itself: an edit renders this
 * summary, not the editor that put it in the drawer.
 */
export function SaleSummary({ saleId }: { saleId: string }) {
  const hideMoney = useHideMoney();
  const sale = useSaleSelect(saleId, summaryOf);
  if (!sale) return null;
  const lines = sale.lines;
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
        {sale.sections} section{sale.sections === 1 ? '' : 's'}, {lines} line{lines === 1 ? '' : 's'}
      </Typography>
      {!hideMoney && (
        <Typography variant="body2" data-testid="summary-total">
          Total {formatMoney(sale.total_price)}
        </Typography>
      )}
      {!hideMoney && sale.total_with_optional !== null && (
        <Typography variant="body2" color="text.secondary" data-testid="summary-total-with-optional">
          With optional {formatMoney(sale.total_with_optional)}
        </Typography>
      )}
    </Box>
  );
}
