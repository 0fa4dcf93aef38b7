// A dialog that asks for a comment and does one thing with it (Save revision, Request approval, Approve, Reject):
// the comment is trimmed and bounded, the action shows that it is under way, and the dialog stays open with the
// server's refusal so that the comment is not lost.
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
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../lib/api';

export interface CommentDialogProps {
  title: string;
  /** What the action does, above the comment. */
  intro: ReactNode;
  commentLabel: string;
  /** The comment's hint while it is not too long. */
  hint?: string;
  /** At most this many characters (trimmed). */
  max: number;
  /** The action's button, and its text while it runs. */
  action: string;
  busyAction: string;
  color?: 'primary' | 'error';
  /** Enter runs the action (Shift+Enter makes a new line). */
  enterSubmits?: boolean;
  /** Resolves once done; rejects with the server's refusal. */
  onSubmit: (comment: string) => Promise<unknown>;
  onClose: () => void;
}

export function CommentDialog(props: CommentDialogProps) {
  const { title, intro, commentLabel, hint = ' ', max, action, busyAction, onSubmit, onClose } = props;
  const titleId = useId();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooLong = comment.trim().length > max;
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
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{intro}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={commentLabel}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          onKeyDown={(e) => {
            if (props.enterSubmits && e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          error={tooLong}
          helperText={tooLong ? `A comment holds at most ${max} characters` : hint}
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
          color={props.color ?? 'primary'}
          onClick={() => void submit()}
          disabled={busy || tooLong}
        >
          {busy ? busyAction : action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
