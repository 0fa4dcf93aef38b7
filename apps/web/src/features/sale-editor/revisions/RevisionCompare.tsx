// biome-ignore-all lint/a11y/useSemanticElements: a virtualized list of divs with ARIA list roles (a <ul> cannot hold the virtual padding)
// Two sides of a sale compared (docs/product/screens.md#revisions): a full-screen dialog, `Compare R1 → R2`. On top
// the counts in words, the header fields that differ and the sale's totals and margin before → after; below, every
// section that differs with its totals before → after and its lines added, removed, moved or changed field by field
// (`Qty 5 → 8`), the lines that are the same counted, not listed, and the sections that are the same collapsed into one
// row at the end. The rows are virtualized (@tanstack/react-virtual): a 2,000-line quote stays responsive.
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Chip,
  Dialog,
  IconButton,
  LinearProgress,
  Paper,
  Skeleton,
  Toolbar,
  Typography,
} from '@mui/material';
import {
  ACTIVITY_HEADER_FIELD_LABELS,
  type RevisionCompare as Compare,
  type LineDiff,
  type SaleDiff,
  type SectionDiff,
} from '@quotewright/contracts';
import { PRESENTATION_LABELS } from '@quotewright/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import { useHideMoney } from '../../../app/discrete';
import { errorMessage } from '../../../lib/api';
import { formatMoney, formatPercent } from '../../../lib/format';
import { type RevisionSide, useRevisionCompare } from './api';
import { changeTexts, countsText, type DiffRow, diffRows, placeText, STATUS_LABELS } from './diffRows';

type Pricing = SectionDiff['pricing']['before'] & {};

const STATUS_COLORS = {
  added: 'success',
  removed: 'error',
  changed: 'warning',
  moved: 'info',
  unchanged: 'default',
} as const;

const HEADER_LABELS: Record<SaleDiff['header'][number]['field'], string> = ACTIVITY_HEADER_FIELD_LABELS;

const OPTION_LABELS = { show_details: 'Show Details', merge: 'Merge' } as const;
const onOff = (v: boolean) => (v ? 'on' : 'off');

/** "$100.00 → $95.00", or one value when both sides have the same, or only one side has it. */
function beforeAfter(before: string | null, after: string | null): string {
  if (before === null) return after ?? '';
  if (after === null) return `was ${before}`;
  return before === after ? after : `${before} → ${after}`;
}

function pricingTexts(before: Pricing | null, after: Pricing | null): { total: string; margin: string } {
  return {
    total: beforeAfter(before && formatMoney(before.total_price), after && formatMoney(after.total_price)),
    margin: beforeAfter(
      before && formatPercent(before.total_margin_percent),
      after && formatPercent(after.total_margin_percent),
    ),
  };
}

function StatusChip({ status }: { status: keyof typeof STATUS_COLORS }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status]}
      color={STATUS_COLORS[status]}
      variant="outlined"
      sx={{ minWidth: 84 }}
    />
  );
}

function SectionRow({ section, hideMoney }: { section: SectionDiff; hideMoney: boolean }) {
  const figures = pricingTexts(section.pricing.before, section.pricing.after);
  const notes = [
    ...(section.renamed ? [`renamed from ${section.renamed.from}`] : []),
    ...(section.moved && section.position.before !== null && section.position.after !== null
      ? [`moved: section ${section.position.before} → ${section.position.after}`]
      : []),
    ...section.options.map((o) => `${OPTION_LABELS[o.field]} ${onOff(o.from)} → ${onOff(o.to)}`),
    ...(section.presentation
      ? [`${PRESENTATION_LABELS[section.presentation.from]} → ${PRESENTATION_LABELS[section.presentation.to]}`]
      : []),
  ];
  return (
    <Box
      sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', pt: 2, pb: 1, px: 1 }}
      data-testid="diff-section"
      data-status={section.status}
    >
      <StatusChip status={section.status} />
      <Typography fontWeight={600} component="h3">
        {section.name}
      </Typography>
      {notes.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {notes.join(' · ')}
        </Typography>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {!hideMoney && (
        <Typography variant="body2" data-testid="diff-section-totals">
          Total {figures.total} · margin {figures.margin}
        </Typography>
      )}
    </Box>
  );
}

function LineRow({ line, hideMoney }: { line: LineDiff; hideMoney: boolean }) {
  const { shown, hidden } = changeTexts(line, hideMoney);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '96px minmax(120px, 260px) minmax(120px, 1fr)',
        gap: 1.5,
        alignItems: 'baseline',
        py: 0.75,
        pl: 3,
        pr: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
      data-testid="diff-line"
      data-status={line.status}
    >
      <Box>
        <StatusChip status={line.status} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="body2"
          fontWeight={line.kind === 'header' ? 600 : 400}
          fontStyle={line.kind === 'note' ? 'italic' : undefined}
          sx={{ overflowWrap: 'anywhere' }}
          data-testid="diff-line-label"
        >
          {line.label || (line.kind === 'product' ? '(no product)' : `(empty ${line.kind})`)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {placeText(line)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="diff-line-changes">
        {shown.map((text) => (
          <Chip
            key={text}
            size="small"
            label={text}
            sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
          />
        ))}
        {hidden > 0 && (
          <Typography variant="caption" color="text.secondary">
            {hidden} pricing change{hidden === 1 ? '' : 's'} hidden
          </Typography>
        )}
      </Box>
    </Box>
  );
}

const Row = memo(function Row({
  row,
  hideMoney,
  onToggleSame,
}: {
  row: DiffRow;
  hideMoney: boolean;
  onToggleSame: () => void;
}) {
  switch (row.type) {
    case 'section':
      return <SectionRow section={row.section} hideMoney={hideMoney} />;
    case 'line':
      return <LineRow line={row.line} hideMoney={hideMoney} />;
    case 'same-lines':
      return (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ pl: 3, py: 0.75, borderTop: 1, borderColor: 'divider', fontStyle: 'italic' }}
          data-testid="diff-same-lines"
        >
          {row.count} unchanged line{row.count === 1 ? '' : 's'}
        </Typography>
      );
    case 'same-sections':
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pt: 2, px: 1 }} data-testid="diff-same-sections">
          <Typography variant="body2" color="text.secondary">
            {row.sections.length} unchanged section{row.sections.length === 1 ? '' : 's'}
          </Typography>
          <Button size="small" onClick={onToggleSame} aria-expanded={row.expanded}>
            {row.expanded ? 'Hide' : 'Show'}
          </Button>
        </Box>
      );
  }
});

/** The rows, virtualized in their own scroll area. */
function DiffList({ diff, hideMoney }: { diff: SaleDiff; hideMoney: boolean }) {
  const [showSame, setShowSame] = useState(false);
  const rows = useMemo(() => diffRows(diff, showSame), [diff, showSame]);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.type === 'line' ? 48 : rows[i]?.type === 'section' ? 56 : 36),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 12,
    initialRect: { width: 1200, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const toggle = () => setShowSame((v) => !v);
  return (
    <Box
      ref={scrollRef}
      role="list"
      aria-label="Differences"
      tabIndex={0}
      data-testid="diff-rows"
      sx={{ flex: 1, minHeight: 200, overflowY: 'auto', px: { xs: 1, sm: 3 }, pb: 3 }}
    >
      <div role="presentation" style={{ paddingTop: padTop, paddingBottom: padBottom }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              data-index={item.index}
              ref={virtualizer.measureElement}
            >
              <Row row={row} hideMoney={hideMoney} onToggleSame={toggle} />
            </div>
          );
        })}
      </div>
    </Box>
  );
}

function Summary({ compare, hideMoney }: { compare: Compare; hideMoney: boolean }) {
  const { diff } = compare;
  const sale = pricingTexts(diff.pricing.before, diff.pricing.after);
  const counts = countsText(diff);
  return (
    <Paper variant="outlined" sx={{ p: 2, mx: { xs: 1, sm: 3 }, mt: 2 }} data-testid="diff-summary">
      {!hideMoney && (
        <Typography fontWeight={600} data-testid="diff-sale-totals">
          Sale total {sale.total} · margin {sale.margin}
        </Typography>
      )}
      {diff.same ? (
        <Typography sx={{ mt: 1 }}>No differences: both sides are the same.</Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="diff-counts">
          {counts.join(' · ')}
        </Typography>
      )}
      {diff.header.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label="Header changes">
          {diff.header.map((h) => (
            <Typography component="li" variant="body2" key={h.field}>
              {HEADER_LABELS[h.field]}: {h.from ?? '(none)'} → {h.to ?? '(none)'}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

export function RevisionCompareView({
  saleId,
  from,
  to,
  version,
  names,
  onClose,
}: {
  saleId: string;
  from: RevisionSide;
  to: RevisionSide;
  /** The sale's version (a side that is the sale now is compared again when it moves). */
  version: number;
  /** The sides' short names while the answer is on its way ("R1", "Current"). */
  names: { from: string; to: string };
  onClose: () => void;
}) {
  const sides = useMemo(() => ({ from, to }), [from, to]);
  const query = useRevisionCompare(saleId, sides, version);
  const hideMoney = useHideMoney();
  const compare = query.data;
  const short = (side: Compare['from'] | undefined, fallback: string) =>
    side ? (side.revision ? `R${side.revision.number}` : side.label) : fallback;
  const title = `Compare ${short(compare?.from, names.from)} → ${short(compare?.to, names.to)}`;
  return (
    <Dialog
      fullScreen
      open
      onClose={onClose}
      aria-labelledby="revision-compare-title"
      slotProps={{ paper: { sx: { display: 'flex', flexDirection: 'column' } } }}
    >
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography id="revision-compare-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <IconButton edge="end" aria-label="Close comparison" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
        {query.isFetching && compare && <LinearProgress aria-label="Comparing again" />}
      </AppBar>
      {query.isPending ? (
        <Box aria-busy="true" aria-label="Comparing" sx={{ p: 3 }}>
          <Skeleton variant="rounded" height={80} sx={{ mb: 2 }} />
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : query.isError && !compare ? (
        <Alert
          severity="error"
          sx={{ m: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      ) : compare ? (
        <>
          <Summary compare={compare} hideMoney={hideMoney} />
          <DiffList diff={compare.diff} hideMoney={hideMoney} />
        </>
      ) : null}
    </Dialog>
  );
}
