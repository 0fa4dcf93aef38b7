import { Box, Typography } from '@mui/material';
import { useHideMoney } from '../../../app/discrete';
import { formatMoney } from '../../../lib/format';
import type { SaleListGroup } from '../api/sales';

/**
 * A group's heading in the grouped sales list: its name with the count and total of ALL its sales (summed by the
 * server). The total is left out in discrete mode. It never wraps: the cell lets it run over the group row's empty
 * cells (GROUPED_CELL_SX).
 */
export function GroupSummary({ group }: { group: SaleListGroup }) {
  const hideMoney = useHideMoney();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }} data-group-label={group.label}>
      {group.label}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }} data-testid="group-summary">
        {group.count} {group.count === 1 ? 'sale' : 'sales'}
        {hideMoney ? '' : ` · ${formatMoney(group.total_price)}`}
      </Typography>
    </Box>
  );
}

/** The first cell of a group row: drawn above its (empty) neighbours so the summary is never clipped. */
export const GROUPED_CELL_SX = { overflow: 'visible', whiteSpace: 'nowrap', position: 'relative', zIndex: 1 } as const;
