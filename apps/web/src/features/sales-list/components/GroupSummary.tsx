import { Typography } from '@mui/material';
import type { SaleListGroupDto } from '@quotewright/contracts';
import { formatMoney } from '@quotewright/domain';
import { useHideMoney } from '../../../app/discrete';

/**
 * A group's heading in the grouped sales list: its name with the count and total of the WHOLE group (from the
 * server), not just the rows on this page. The total is left out in discrete mode.
 */
export function GroupSummary({ label, group }: { label: string; group: SaleListGroupDto | undefined }) {
  const hideMoney = useHideMoney();
  return (
    <>
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
    </>
  );
}
