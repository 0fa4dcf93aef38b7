// The Revisions panel of the sale editor (docs/product/screens.md#revisions): Save revision (sales editors), two sides
// to compare (any two revisions, or one with the sale now), and the revisions newest first, each with its number,
// when and by whom, its comment, total and margin, and a badge saying why it was made when it was not saved by hand
// (`Sent to ERP`, `Before restore`, `Approval`). Each opens read-only, compares with the sale now, or is restored
// (sales editors). A viewer sees the same list without Save and Restore.
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  List,
  ListItem,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { REVISION_SOURCE_LABELS, type RevisionSummary } from '@quotewright/contracts';
import { useEffect, useState } from 'react';
import { useHideMoney } from '../../../app/discrete';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatMoney, formatPercent } from '../../../lib/format';
import type { RevisionSide } from './api';

export const NO_REVISIONS_MESSAGE = 'No revisions yet.';
export const RESTORE_NEEDS_EDITABLE = 'Restoring needs a sale in Quote or Quote Sent';

/** The badges of a revision: why it was made, when not by Save revision, and whether the ERP received it. */
export function revisionBadges(r: Pick<RevisionSummary, 'source' | 'sent_to_erp'>): string[] {
  const out: string[] = [];
  if (r.source !== 'manual') out.push(REVISION_SOURCE_LABELS[r.source]);
  const sent = REVISION_SOURCE_LABELS.erp;
  if (r.sent_to_erp && !out.includes(sent)) out.push(sent);
  return out;
}

export const sideName = (revisions: readonly RevisionSummary[], side: RevisionSide): string =>
  side === 'current' ? 'Current' : `R${revisions.find((r) => r._id === side)?.number ?? '?'}`;

export interface RevisionActions {
  open(revision: RevisionSummary): void;
  /** `names`: the sides' short names ("R1", "Current") while the comparison is read. */
  compare(from: RevisionSide, to: RevisionSide, names: { from: string; to: string }): void;
  restore(revision: RevisionSummary): void;
  save(): void;
}

function RevisionItem({
  revision,
  divider,
  hideMoney,
  canRestore,
  restoreEnabled,
  actions,
}: {
  revision: RevisionSummary;
  divider: boolean;
  hideMoney: boolean;
  canRestore: boolean;
  restoreEnabled: boolean;
  actions: RevisionActions;
}) {
  const r = revision;
  const titleId = `revision-${r._id}`;
  return (
    <ListItem
      divider={divider}
      sx={{ display: 'block', px: 0 }}
      data-testid="revision-item"
      aria-labelledby={titleId}
      data-revision={r.number}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} fontWeight={600} title={r.label}>
          R{r.number}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={r.created_on}>{formatDateTime(r.created_on)}</time> · {r.created_by.name}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {revisionBadges(r).map((b) => (
          <Chip key={b} label={b} size="small" variant="outlined" color={b === 'Sent to ERP' ? 'success' : 'default'} />
        ))}
      </Box>
      {r.comment && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }} data-testid="revision-comment">
          {r.comment}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="revision-figures">
        {hideMoney ? '' : `${formatMoney(r.total_price)} · margin ${formatPercent(r.margin_percent)} · `}
        {r.line_count} line{r.line_count === 1 ? '' : 's'}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        <Button size="small" onClick={() => actions.open(r)} aria-label={`Open R${r.number}`}>
          Open
        </Button>
        <Button
          size="small"
          onClick={() => actions.compare(r._id, 'current', { from: `R${r.number}`, to: 'Current' })}
          aria-label={`Compare R${r.number} with current`}
        >
          Compare with current
        </Button>
        {canRestore && (
          <Tooltip title={restoreEnabled ? '' : RESTORE_NEEDS_EDITABLE}>
            {/* (a disabled button gets no pointer events: the span carries the tooltip) */}
            <span>
              <Button
                size="small"
                color="warning"
                disabled={!restoreEnabled}
                onClick={() => actions.restore(r)}
                aria-label={`Restore R${r.number}`}
              >
                Restore
              </Button>
            </span>
          </Tooltip>
        )}
      </Stack>
    </ListItem>
  );
}

/** Two sides chosen from the revisions and the sale now; `Compare` opens the comparison. */
function CompareForm({
  revisions,
  onCompare,
}: {
  revisions: readonly RevisionSummary[];
  onCompare: RevisionActions['compare'];
}) {
  const [from, setFrom] = useState<RevisionSide>(revisions[0]?._id ?? 'current');
  const [to, setTo] = useState<RevisionSide>('current');
  // a side that is no longer listed falls back to the newest revision
  const known = (side: RevisionSide) => side === 'current' || revisions.some((r) => r._id === side);
  useEffect(() => {
    if (!known(from)) setFrom(revisions[0]?._id ?? 'current');
    if (!known(to)) setTo('current');
  });
  const options = [
    <MenuItem key="current" value="current">
      Current
    </MenuItem>,
    ...revisions.map((r) => (
      <MenuItem key={r._id} value={r._id}>
        R{r.number} · {formatDateTime(r.created_on)}
      </MenuItem>
    )),
  ];
  return (
    <Box
      component="fieldset"
      aria-label="Compare revisions"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1, mx: 0, p: 0, border: 0 }}
    >
      <FormControl size="small" sx={{ flex: '1 1 120px', minWidth: 0 }}>
        <InputLabel id="revision-compare-from">From</InputLabel>
        <Select
          labelId="revision-compare-from"
          label="From"
          value={known(from) ? from : 'current'}
          renderValue={(v) => sideName(revisions, v)}
          onChange={(e) => setFrom(e.target.value)}
        >
          {options}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ flex: '1 1 120px', minWidth: 0 }}>
        <InputLabel id="revision-compare-to">To</InputLabel>
        <Select
          labelId="revision-compare-to"
          label="To"
          value={known(to) ? to : 'current'}
          renderValue={(v) => sideName(revisions, v)}
          onChange={(e) => setTo(e.target.value)}
        >
          {options}
        </Select>
      </FormControl>
      <Button
        variant="outlined"
        startIcon={<CompareArrowsIcon />}
        disabled={from === to}
        onClick={() => onCompare(from, to, { from: sideName(revisions, from), to: sideName(revisions, to) })}
      >
        Compare
      </Button>
    </Box>
  );
}

export function RevisionsPanel({
  revisions,
  loading,
  error,
  onRetry,
  canSave,
  canRestore,
  restoreEnabled,
  actions,
  notice,
}: {
  revisions: readonly RevisionSummary[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Save revision is offered (sales editors and up). */
  canSave: boolean;
  /** Restore is offered (sales editors and up)… */
  canRestore: boolean;
  /** …and enabled (the sale is in draft or sent). */
  restoreEnabled: boolean;
  actions: RevisionActions;
  /** Shown above the list (after a restore: how to undo it). */
  notice?: React.ReactNode;
}) {
  const hideMoney = useHideMoney();
  return (
    <Box>
      {canSave && (
        <Button variant="contained" startIcon={<SaveIcon />} onClick={actions.save} sx={{ mb: 2 }}>
          Save revision
        </Button>
      )}
      {notice}
      {loading ? (
        <Box aria-busy="true" aria-label="Loading revisions">
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} variant="text" height={56} />
          ))}
        </Box>
      ) : error && !revisions ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      ) : !revisions || revisions.length === 0 ? (
        <Typography color="text.secondary">{NO_REVISIONS_MESSAGE}</Typography>
      ) : (
        <>
          <CompareForm revisions={revisions} onCompare={actions.compare} />
          <List dense disablePadding aria-label="Revisions">
            {revisions.map((r, i) => (
              <RevisionItem
                key={r._id}
                revision={r}
                divider={i < revisions.length - 1}
                hideMoney={hideMoney}
                canRestore={canRestore}
                restoreEnabled={restoreEnabled}
                actions={actions}
              />
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
