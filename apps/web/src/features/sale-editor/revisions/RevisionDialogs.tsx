// The two dialogs of the Revisions panel (docs/product/screens.md#revisions): Save revision (an optional comment) and
// the confirmation of a restore, which says what happens and shows the server's refusal in place (a sale Odoo has
// confirmed cannot be restored).
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { REVISION_COMMENT_MAX, type RevisionSummary } from '@quotewright/contracts';
import { useState } from 'react';
import { CommentDialog } from '../../../components/CommentDialog';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';

/** Save revision: the comment (optional), then `Save`. The dialog stays open with the server's refusal. */
export function SaveRevisionDialog({
  quoteNumber,
  onSave,
  onClose,
}: {
  quoteNumber: string;
  /** Resolves once saved; rejects with the server's refusal. */
  onSave: (comment: string) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <CommentDialog
      title="Save revision"
      intro={`Keeps a copy of ${quoteNumber} as it is now: its sections, lines, totals and cover letter.`}
      commentLabel="Comment (optional)"
      hint='What this revision is, e.g. "Sent to the customer"'
      max={REVISION_COMMENT_MAX}
      action="Save"
      busyAction="Saving…"
      enterSubmits
      onSubmit={onSave}
      onClose={onClose}
    />
  );
}

/** The words of the restore confirmation. */
export const restoreMessage = (label: string) =>
  `The quote's header, sections, lines and cover letter become those of ${label}. The current content is saved as a revision first, so ` +
  'this can be undone by restoring that revision. The restore is one edit: everyone with the quote open sees it at once.';

/** Restore R2? — what happens, then `Restore`; a refusal stays in the dialog. */
export function RestoreRevisionDialog({
  revision,
  onRestore,
  onClose,
}: {
  revision: RevisionSummary;
  /** Resolves once restored; rejects with the server's refusal. */
  onRestore: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restore = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onRestore();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="restore-revision-title">
      <DialogTitle id="restore-revision-title">Restore R{revision.number}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {revision.label}, saved {formatDateTime(revision.created_on)} by {revision.created_by.name}
          {revision.comment ? ` (“${revision.comment}”)` : ''}.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{restoreMessage(revision.label)}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="restore-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="warning" onClick={() => void restore()} disabled={busy}>
          {busy ? 'Restoring…' : 'Restore'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
