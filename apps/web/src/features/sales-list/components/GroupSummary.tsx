import { Box, Typography } from '@mui/material';
import type { SaleListGroupDto } from '@quotewright/contracts';
import { formatMoney } from '@quotewright/domain';
import { useHideMoney } from '../../../app/discrete';

/**
 * A group's heading in the grouped sales list: its name with the count and total of the WHOLE group (from the
 * server), not just the rows on this page. The total is left out in discrete mode. It never wraps: the grouped
 * cell lets it run over the group row's empty cells (GROUPED_CELL_SX), where the narrow column used to cut it off.
 */
export function GroupSummary({ label, group }: { label: string; group: SaleListGroupDto | undefined }) {
  const hideMoney = useHideMoney();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-group-label={label || '(none)'}>
      {label || '(none)'}
      {group && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ ml: 1 }}
          data-testid="group-summary"
        >
          {group.count} {group.count === 1 ? 'sale' : 'sales'}
          {hideMoney ? '' : ` · ${formatMoney(group.total_price)}`}
        </Typography>
      )}
    </Box>
  );
}

/** The grouped cell of a group row: drawn above its (empty) neighbours so the summary is never clipped. */
export const GROUPED_CELL_SX = { overflow: 'visible', whiteSpace: 'nowrap', position: 'relative', zIndex: 1 } as const;
