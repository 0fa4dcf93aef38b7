// The editor's `Revisions` button (docs/product/screens.md#revisions) and what it opens: the panel in a side drawer,
// and from there Save revision, a revision read-only, a comparison and a restore's confirmation. Save and Restore are
// offered to sales editors and up, as the server allows; Restore only while the sale is in draft or sent. After a
// restore the panel says how to undo it: restore the revision saved just before, listed at the top.
import CloseIcon from '@mui/icons-material/Close';
import RestorePageIcon from '@mui/icons-material/RestorePage';
import { Alert, Box, Button, Drawer, IconButton, Typography } from '@mui/material';
import type { RevisionRestoreAnswer, RevisionSummary } from '@quotewright/contracts';
import { canEdit, isEditableState } from '@quotewright/domain';
import { useState } from 'react';
import { useCurrentUser } from '../../../app/providers/currentUser';
import { useSnackbar } from '../../../app/providers/snackbar';
import { type RevisionSide, useRestoreRevision, useRevisions, useSaveRevision } from './api';
import { RevisionCompareView } from './RevisionCompare';
import { RestoreRevisionDialog, SaveRevisionDialog } from './RevisionDialogs';
import { type RevisionActions, RevisionsPanel } from './RevisionsPanel';
import { RevisionView } from './RevisionView';

export interface RevisionsSale {
  _id: string;
  quote_number: string;
  version: number;
  state: string;
}

/** What the drawer's panel opened over it. */
type Open =
  | null
  | { kind: 'save' }
  | { kind: 'view'; revisionId: string }
  | { kind: 'compare'; from: RevisionSide; to: RevisionSide; names: { from: string; to: string } }
  | { kind: 'restore'; revision: RevisionSummary };

/** The revisions of the sale, while the drawer is open (the list is read only then). */
function RevisionsDrawerContent({
  sale,
  canChange,
  restoreEnabled,
  actions,
  lastRestore,
  onUndoRestore,
}: {
  sale: RevisionsSale;
  canChange: boolean;
  restoreEnabled: boolean;
  actions: RevisionActions;
  lastRestore: RevisionRestoreAnswer | null;
  onUndoRestore: (backup: RevisionSummary) => void;
}) {
  const query = useRevisions(sale._id, sale.version);
  const backup = lastRestore?.backup ?? null;
  const notice = lastRestore && (
    <Alert
      severity="success"
      sx={{ mb: 2 }}
      data-testid="restore-notice"
      action={
        backup && canChange && restoreEnabled ? (
          <Button color="inherit" size="small" onClick={() => onUndoRestore(backup)}>
            Undo restore
          </Button>
        ) : undefined
      }
    >
      {backup
        ? `Restored R${lastRestore.restored.number}. The content before it is saved as R${backup.number}: restore ` +
          `R${backup.number} to undo.`
        : `Nothing changed: the sale already has the content of R${lastRestore.restored.number}.`}
    </Alert>
  );
  return (
    <RevisionsPanel
      revisions={query.data}
      loading={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      canSave={canChange}
      canRestore={canChange}
      restoreEnabled={restoreEnabled}
      actions={actions}
      notice={notice}
    />
  );
}

export function SaleRevisionsButton({ sale }: { sale: RevisionsSale }) {
  const { data: user } = useCurrentUser();
  const snackbar = useSnackbar();
  const [drawer, setDrawer] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  // the view under a restore's confirmation stays open (so that a refusal is read beside the revision)
  const [view, setView] = useState<string | null>(null);
  const [lastRestore, setLastRestore] = useState<RevisionRestoreAnswer | null>(null);
  const save = useSaveRevision(sale._id);
  const restore = useRestoreRevision(sale._id);
  const canChange = canEdit(user, 'sales');
  const restoreEnabled = isEditableState(sale.state);

  const actions: RevisionActions = {
    open: (r) => setView(r._id),
    compare: (from, to, names) => setOpen({ kind: 'compare', from, to, names }),
    restore: (r) => setOpen({ kind: 'restore', revision: r }),
    save: () => setOpen({ kind: 'save' }),
  };
  const close = () => setOpen(null);

  return (
    <>
      <Button startIcon={<RestorePageIcon />} variant="outlined" onClick={() => setDrawer(true)}>
        Revisions
      </Button>
      <Drawer
        anchor="right"
        open={drawer}
        onClose={() => setDrawer(false)}
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 460 } }, 'data-print': 'hide' } as object }}
      >
        <Box component="section" aria-label="Revisions" sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" sx={{ flex: 1 }}>
              Revisions
            </Typography>
            <IconButton aria-label="Close revisions" onClick={() => setDrawer(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          {drawer && (
            <RevisionsDrawerContent
              sale={sale}
              canChange={canChange}
              restoreEnabled={restoreEnabled}
              actions={actions}
              lastRestore={lastRestore}
              onUndoRestore={(backup) => setOpen({ kind: 'restore', revision: backup })}
            />
          )}
        </Box>
      </Drawer>
      {view !== null && (
        <RevisionView
          saleId={sale._id}
          quoteNumber={sale.quote_number}
          revisionId={view}
          canRestore={canChange}
          restoreEnabled={restoreEnabled}
          onCompare={(r) =>
            setOpen({ kind: 'compare', from: r._id, to: 'current', names: { from: `R${r.number}`, to: 'Current' } })
          }
          onRestore={actions.restore}
          onClose={() => setView(null)}
        />
      )}
      {open?.kind === 'save' && (
        <SaveRevisionDialog
          quoteNumber={sale.quote_number}
          onSave={async (comment) => {
            const saved = await save.mutateAsync(comment ? { comment } : {});
            snackbar.show(`Saved revision R${saved.number}`, 'success');
          }}
          onClose={close}
        />
      )}
      {open?.kind === 'compare' && (
        <RevisionCompareView
          saleId={sale._id}
          from={open.from}
          to={open.to}
          version={sale.version}
          names={open.names}
          onClose={close}
        />
      )}
      {open?.kind === 'restore' && (
        <RestoreRevisionDialog
          revision={open.revision}
          onRestore={async () => {
            const answer = await restore.mutateAsync({ revisionId: open.revision._id });
            setLastRestore(answer);
            setView(null);
            setDrawer(true);
            snackbar.show(
              answer.backup ? `Restored R${answer.restored.number}` : 'Nothing changed',
              answer.backup ? 'success' : 'info',
            );
          }}
          onClose={close}
        />
      )}
    </>
  );
}
