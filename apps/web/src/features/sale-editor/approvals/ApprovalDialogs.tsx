// The approval dialogs (docs/product/screens.md#approvals): Request approval and Approve / Reject, each with a
// comment. The dialog stays open with the server's refusal (a sale changed since it was opened, a decision made by
// someone else meanwhile).
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { APPROVAL_COMMENT_MAX } from '@quotewright/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';

export type ApprovalDialogKind = 'request' | 'approve' | 'reject';

const WORDS: Record<ApprovalDialogKind, { title: string; action: string; busy: string; comment: string }> = {
  request: { title: 'Request approval', action: 'Request', busy: 'Requesting…', comment: 'Comment for the approver' },
  approve: { title: 'Approve', action: 'Approve', busy: 'Approving…', comment: 'Comment (optional)' },
  reject: { title: 'Reject', action: 'Reject', busy: 'Rejecting…', comment: 'Why (optional)' },
};

export function ApprovalDialog({
  kind,
  summary,
  onSubmit,
  onClose,
}: {
  kind: ApprovalDialogKind;
  /** What needs approval ("1 line under 15 % margin"). */
  summary: string;
  /** Resolves once done; rejects with the server's refusal. */
  onSubmit: (comment: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const words = WORDS[kind];
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLong = comment.trim().length > APPROVAL_COMMENT_MAX;
  const submit = async () => {
    if (busy || tooLong) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(comment.trim());
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="approval-dialog-title">
      <DialogTitle id="approval-dialog-title">{words.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {kind === 'request' ? 'Needs approval: ' : 'The request: '}
          {summary}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={words.comment}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={tooLong}
          helperText={tooLong ? `A comment holds at most ${APPROVAL_COMMENT_MAX} characters` : ' '}
          disabled={busy}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={kind === 'reject' ? 'error' : 'primary'}
          onClick={() => void submit()}
          disabled={busy || tooLong}
        >
          {busy ? words.busy : words.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
