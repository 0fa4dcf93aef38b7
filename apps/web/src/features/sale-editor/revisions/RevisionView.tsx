// One revision, read-only (docs/product/screens.md#revisions): a full-screen dialog over the editor titled
// `Revision R2 of Q00042 — read-only`, with the sale's header as it was, its sections and lines in the editor's own
// tables with nothing editable (as a viewer sees them), and its cover letter. From there: compare it with the sale
// now, or restore it (sales editors).
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Chip,
  Dialog,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import type { CoverLetter, RevisionRead, RevisionSummary } from '@quotewright/contracts';
import { useMemo, useState } from 'react';
import { useHideMoney } from '../../../app/discrete';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatMoney, formatPercent } from '../../../lib/format';
import type { SaleSection } from '../api/types';
import { LinesTable, type LinesTableHandlers } from '../components/LinesTable';
import { type SectionHandlers, SectionsTable } from '../components/SectionsTable';
import { useRevision } from './api';
import { RESTORE_NEEDS_EDITABLE, revisionBadges } from './RevisionsPanel';

const nothing = () => {};
const refused = () => Promise.resolve(false);

/** The title of a revision opened read-only. */
export const revisionViewTitle = (number: number, quoteNumber: string) =>
  `Revision R${number} of ${quoteNumber} — read-only`;

function HeaderFields({ read }: { read: RevisionRead }) {
  const hideMoney = useHideMoney();
  const { sale, revision } = read;
  const fields: [string, string][] = [
    ['Name', sale.name || 'Untitled quote'],
    ['Customer', sale.customer?.name ?? '—'],
    ['Invoice Address', sale.customer_invoice?.name ?? '—'],
    ['Shipping Address', sale.customer_shipping?.name ?? '—'],
    ['Quotation Template', sale.template?.name ?? '—'],
    ['Salesperson', sale.salesperson?.name ?? '—'],
    ['State', sale.state_label],
  ];
  if (!hideMoney) {
    fields.push(['Total', formatMoney(sale.pricing.total_price)]);
    fields.push(['Margin', formatPercent(sale.pricing.total_margin_percent)]);
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Saved {formatDateTime(revision.created_on)} by {revision.created_by.name}
        </Typography>
        {revisionBadges(revision).map((b) => (
          <Chip key={b} label={b} size="small" variant="outlined" />
        ))}
      </Box>
      {revision.comment && (
        <Typography variant="body2" sx={{ mb: 1, whiteSpace: 'pre-wrap' }}>
          {revision.comment}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, max-content 1fr)', lg: 'repeat(3, max-content 1fr)' },
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
        data-testid="revision-header"
      >
        {fields.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function CoverLetterText({ letter }: { letter: CoverLetter | null }) {
  if (!letter || letter.body.every((p) => p.every((r) => r.text.trim() === ''))) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-label="Cover letter">
      <Typography variant="subtitle1" fontWeight={600} gutterBottom>
        Cover letter
      </Typography>
      {letter.body.map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a revision's letter never changes
        <Typography key={i} variant="body2" sx={{ minHeight: '1em', whiteSpace: 'pre-wrap' }}>
          {paragraph.map((run, j) =>
            run.bold ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a revision's letter never changes
              <strong key={j}>{run.text}</strong>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a revision's letter never changes
              <span key={j}>{run.text}</span>
            ),
          )}
        </Typography>
      ))}
    </Paper>
  );
}

/** The revision's sections, and one section's lines once opened: the editor's tables, nothing editable. */
function RevisionContent({ read }: { read: RevisionRead }) {
  const [sectionId, setSectionId] = useState<string | null>(null);
  const section = read.sale.sections.find((s) => s._id === sectionId) ?? null;
  const sectionHandlers = useMemo<SectionHandlers>(
    () => ({
      open: (s: SaleSection) => setSectionId(s._id),
      create: refused,
      rename: refused,
      setPresentation: nothing,
      remove: nothing,
      duplicate: nothing,
      copy: nothing,
      reorder: nothing,
    }),
    [],
  );
  const lineHandlers = useMemo<LinesTableHandlers>(
    () => ({
      back: () => setSectionId(null),
      commit: nothing,
      remove: nothing,
      addText: nothing,
      insertProduct: nothing,
      dropProduct: nothing,
      setMarkup: nothing,
      moveCopy: nothing,
      reorder: nothing,
    }),
    [],
  );
  return section ? (
    <LinesTable section={section} editable={false} handlers={lineHandlers} />
  ) : (
    <SectionsTable
      sections={read.sale.sections}
      editable={false}
      canCopy={false}
      handlers={sectionHandlers}
      title={`${read.sale.name || read.sale.quote_number} Sections`}
    />
  );
}

export function RevisionView({
  saleId,
  quoteNumber,
  revisionId,
  canRestore,
  restoreEnabled,
  onCompare,
  onRestore,
  onClose,
}: {
  saleId: string;
  quoteNumber: string;
  revisionId: string;
  canRestore: boolean;
  restoreEnabled: boolean;
  onCompare: (revision: RevisionSummary) => void;
  onRestore: (revision: RevisionSummary) => void;
  onClose: () => void;
}) {
  const query = useRevision(saleId, revisionId);
  const read = query.data;
  const title = read ? revisionViewTitle(read.revision.number, quoteNumber) : `Revision of ${quoteNumber} — read-only`;
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="revision-view-title">
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Typography id="revision-view-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {read && (
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={() => onCompare(read.revision)}>
                Compare with current
              </Button>
              {canRestore && (
                <Tooltip title={restoreEnabled ? '' : RESTORE_NEEDS_EDITABLE}>
                  <span>
                    <Button
                      variant="outlined"
                      color="warning"
                      disabled={!restoreEnabled}
                      onClick={() => onRestore(read.revision)}
                    >
                      Restore
                    </Button>
                  </span>
                </Tooltip>
              )}
            </Stack>
          )}
          <IconButton edge="end" aria-label="Close revision" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 1, sm: 3 } }} data-testid="revision-view">
        {query.isPending ? (
          <Box aria-busy="true" aria-label="Loading revision">
            <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : query.isError || !read ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            {query.isError ? errorMessage(query.error) : 'This revision could not be loaded.'}
          </Alert>
        ) : (
          <>
            <HeaderFields read={read} />
            <RevisionContent read={read} />
            <CoverLetterText letter={read.cover_letter} />
          </>
        )}
      </Box>
    </Dialog>
  );
}
