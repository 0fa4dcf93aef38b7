// The approval dialogs (docs/product/screens.md#approvals): Request approval and Approve / Reject, each with a
// comment. The dialog stays open with the server's refusal (a sale changed since it was opened, a decision made by
// someone else meanwhile).
import { APPROVAL_COMMENT_MAX } from '@quotewright/contracts';
import { CommentDialog } from '../../../components/CommentDialog';

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
  return (
    <CommentDialog
      title={words.title}
      intro={`${kind === 'request' ? 'Needs approval: ' : 'The request: '}${summary}`}
      commentLabel={words.comment}
      max={APPROVAL_COMMENT_MAX}
      action={words.action}
      busyAction={words.busy}
      color={kind === 'reject' ? 'error' : 'primary'}
      onSubmit={onSubmit}
      onClose={onClose}
    />
  );
}
