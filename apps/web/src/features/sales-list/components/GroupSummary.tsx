import { Box, Typography } from '@mui/material';
import type { SaleListGroupDto } from '@quotewright/contracts';
import { formatMoney } from '@quotewright/domain';

/**
 * A group's heading in the grouped sales list: its name with the count of the WHOLE group (from the server), not
 * just the rows on this page. The group's total is shown by GroupTotal in the Total column of the same row: a
 * grouped column is narrow, and the total written beside the name was cut off.
 */
export function GroupSummary({ label, group }: { label: string; group: SaleListGroupDto | undefined }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
      <span>{label || '(none)'}</span>
      {group && (
        <Typography component="span" variant="caption" color="text.secondary" data-testid="group-summary">
          {group.count} {group.count === 1 ? 'sale' : 'sales'}
        </Typography>
      )}
    </Box>
  );
}

/** The whole group's total, in the group row's Total cell (that column is gone in discrete mode). */
export function GroupTotal({ group }: { group: SaleListGroupDto | undefined }) {
  if (!group) return null;
  return (
    <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="group-total">
      {formatMoney(group.total_price)}
    </Box>
  );
}
