// The first cell of a grouped list's rows that are not sales (docs/product/screens.md#sales-list): a group's chevron
// and summary, the pager of an expanded group's sales, or the state of reading them.
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, CircularProgress, IconButton, Typography } from '@mui/material';
import { errorMessage } from '../../../lib/api';
import type { ListRow } from '../hooks/useSalesListRows';
import { GroupPager } from './GroupPager';
import { GroupSummary } from './GroupSummary';

export function GroupRowCell({
  row,
  pageSize,
  onToggle,
  onPage,
}: {
  row: ListRow;
  pageSize: number;
  onToggle: (key: string) => void;
  onPage: (key: string, page: number) => void;
}) {
  if (row.kind === 'group') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton
          size="small"
          aria-expanded={row.expanded}
          aria-label={`${row.expanded ? 'Hide' : 'Show'} the sales of ${row.group.label}`}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(row.group.key);
          }}
        >
          <ExpandMoreIcon
            fontSize="small"
            sx={{ transform: row.expanded ? 'rotate(180deg)' : 'rotate(-90deg)', transition: 'transform 150ms' }}
          />
        </IconButton>
        <GroupSummary group={row.group} />
      </Box>
    );
  }
  if (row.kind === 'pager') {
    return (
      <GroupPager
        label={row.group.label}
        page={row.page}
        pageSize={pageSize}
        total={row.total}
        onPage={(p) => onPage(row.group.key, p)}
      />
    );
  }
  if (row.kind === 'status') {
    return (
      <Box component="output" sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 5 }}>
        {row.loading ? (
          <>
            <CircularProgress size={14} />
            <Typography variant="caption" color="text.secondary">
              Loading the sales of {row.group.label}…
            </Typography>
          </>
        ) : (
          <Typography variant="caption" color="error">
            The sales of {row.group.label} could not be loaded: {errorMessage(row.error)}
          </Typography>
        )}
      </Box>
    );
  }
  return null;
}
