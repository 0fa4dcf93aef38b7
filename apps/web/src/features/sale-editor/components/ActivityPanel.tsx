// The sale's activity feed (docs/product/screens.md#activity): who changed what, when. An "Activity" button among
// the editor's header actions opens it in a side drawer, so the editor's layout (docs/product/screens.md#sale-editor)
// stays as it is. Newest first, a page at a time, refreshed whenever the sale's version moves (our edits and everyone
// else's).
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, Button, Drawer, IconButton, List, ListItem, Skeleton, Tooltip, Typography } from '@mui/material';
import { ACTIVITY_PAGE_SIZE, type ActivityEntryDto, activitySentence } from '@quotewright/contracts';
import { useEffect, useState } from 'react';
import { useHideMoney } from '../../../app/discrete';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSaleActivity } from '../api/activity';

export const NO_ACTIVITY_MESSAGE = 'No activity yet.';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "3 hours ago", "yesterday"; a week or more: the date. */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 45 * 60) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86400) return relative.format(Math.round(seconds / 86400), 'day');
  return formatDate(iso);
}

/** The current time, renewed every `ms` (relative times move on while the panel is open). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function ActivityItem({
  entry,
  hideMoney,
  now,
  divider,
}: {
  entry: ActivityEntryDto;
  hideMoney: boolean;
  now: number;
  divider: boolean;
}) {
  const sentence = activitySentence(entry, { hideMoney });
  return (
    <ListItem alignItems="flex-start" divider={divider} sx={{ display: 'block', px: 0 }} data-testid="activity-entry">
      <Typography variant="body2">{sentence.text}</Typography>
      {sentence.items.length > 0 && (
        <Box component="ul" sx={{ my: 0.5, pl: 2.5, color: 'text.secondary', typography: 'body2' }}>
          {sentence.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of phrases
            <li key={i}>{item}</li>
          ))}
          {sentence.more > 0 && <li>…and {sentence.more} more</li>}
        </Box>
      )}
      <Tooltip title={formatDateTime(entry.created_on)} placement="left">
        <Typography component="time" dateTime={entry.created_on} variant="caption" color="text.secondary">
          {relativeTime(entry.created_on, now)}
        </Typography>
      </Tooltip>
    </ListItem>
  );
}

/** The feed of one sale; `version` is the sale's current version (a change refreshes the feed). */
export function ActivityPanel({
  saleId,
  version,
  pageSize = ACTIVITY_PAGE_SIZE,
}: {
  saleId: string;
  version: number;
  pageSize?: number;
}) {
  const hideMoney = useHideMoney();
  const now = useNow(30_000);
  const feed = useSaleActivity(saleId, version, pageSize);

  if (feed.isPending) {
    return (
      <Box aria-busy="true" aria-label="Loading activity">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} variant="text" height={40} />
        ))}
      </Box>
    );
  }
  if (feed.isError && feed.entries.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void feed.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(feed.error)}
      </Alert>
    );
  }
  if (feed.entries.length === 0) return <Typography color="text.secondary">{NO_ACTIVITY_MESSAGE}</Typography>;
  return (
    <Box>
      <List dense disablePadding aria-label="Activity entries">
        {/* the entries are the list's only children (a list holds list items): each draws its own divider */}
        {feed.entries.map((e, i) => (
          <ActivityItem key={e._id} entry={e} hideMoney={hideMoney} now={now} divider={i < feed.entries.length - 1} />
        ))}
      </List>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {feed.entries.length} of {feed.total}
        </Typography>
        {feed.hasNextPage && (
          <Button size="small" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** The editor's "Activity" button and the drawer it opens (the feed is read only while the drawer is open). */
export function SaleActivityButton({ saleId, version }: { saleId: string; version: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<HistoryIcon />} variant="outlined" onClick={() => setOpen(true)}>
        Activity
      </Button>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        // Above the top bar (which sits above the navigation drawer): the panel's title and close button stay visible.
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } }, 'data-print': 'hide' } as object }}
      >
        <Box component="section" aria-label="Activity" sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              Activity
            </Typography>
            <IconButton aria-label="Close activity" onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          {open && <ActivityPanel saleId={saleId} version={version} />}
        </Box>
      </Drawer>
    </>
  );
}
