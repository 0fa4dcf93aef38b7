import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';

/** Paging within an expanded group: which of its sales are shown, and the previous and next ones. */
export function GroupPager({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  /** The group's heading (names the buttons for screen readers). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 5 }} data-testid="group-pager">
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {label}: sales {from}–{to} of {total}
      </Typography>
      <Tooltip title="Previous sales">
        <span>
          <IconButton
            size="small"
            aria-label={`Previous sales of ${label}`}
            disabled={page <= 0}
            onClick={(e) => {
              e.stopPropagation();
              onPage(page - 1);
            }}
          >
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Next sales">
        <span>
          <IconButton
            size="small"
            aria-label={`Next sales of ${label}`}
            disabled={page >= last}
            onClick={(e) => {
              e.stopPropagation();
              onPage(page + 1);
            }}
          >
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
