// The sale editor's approval banner (docs/product/screens.md#approvals): what the sale breaks, evaluated here with the
// rules as lines change (the same evaluateApproval the server runs), the offending lines and sections marked in the
// tables (marks.ts), the request's state, and the actions: Request approval for the sale's editors; Compare with the
// version sent to the ERP, Approve and Reject for the people who may decide it. The server decides every one of them;
// the banner mirrors it.
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { ApprovalDto, ApprovalStateDto } from '@quotewright/contracts';
import {
  type ApprovalEvaluation,
  type ApprovalReason,
  type Approver,
  approvalCovers,
  canDecideApproval,
  canEditSale,
  evaluateApproval,
} from '@quotewright/domain';
import { useEffect, useMemo, useState } from 'react';
import { useCurrentUser } from '../../../app/providers/currentUser';
import { useSnackbar } from '../../../app/providers/snackbar';
import { formatDateTime, moneyCurrency } from '../../../lib/format';
import type { Sale } from '../api/types';
import { useRevisions } from '../revisions/api';
import { RevisionCompareView } from '../revisions/RevisionCompare';
import { ApprovalDialog, type ApprovalDialogKind } from './ApprovalDialogs';
import { useApprovalState, useDecideApproval, useRequestApproval } from './api';
import { setApprovalMarks } from './marks';

/** What a marked line says: the rule it breaks. */
function lineWhy(r: ApprovalReason, rules: ApprovalStateDto['rules']): string {
  return r.rule === 'max_discount'
    ? `over ${rules.max_discount.threshold} % discount`
    : `under ${rules.line_margin.threshold} % margin`;
}

/** The marks of an evaluation: each offending line with its rules, each section with how many of its lines. */
export function marksOf(e: ApprovalEvaluation, rules: ApprovalStateDto['rules'], sale: Sale): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of e.reasons)
    for (const id of r.lines) out.set(id, out.has(id) ? `${out.get(id)}; ${lineWhy(r, rules)}` : lineWhy(r, rules));
  for (const s of sale.sections) {
    const n = s.lines.reduce((k, l) => k + (out.has(l._id) ? 1 : 0), 0);
    if (n > 0) out.set(s._id, `${n === 1 ? '1 line' : `${n} lines`} of this section`);
  }
  return out;
}

const strictest = (a: Approver | null, b: Approver | null): Approver =>
  a === 'admin' || b === 'admin' ? 'admin' : 'sales_full';

/** The sale evaluated as it is on screen, and what the latest request says of it. */
export function useLiveApproval(sale: Sale, state: ApprovalStateDto | undefined) {
  // (The company's currency only changes by re-mounting the page: app/providers/companyCurrency.tsx.)
  const evaluation = useMemo(
    () =>
      state
        ? evaluateApproval(state.rules, { sections: sale.sections, pricing: sale.pricing, currency: moneyCurrency() })
        : null,
    [state, sale.sections, sale.pricing],
  );
  const approval = state?.approval ?? null;
  const covered =
    evaluation !== null &&
    approval?.status === 'approved' &&
    approval.covered !== null &&
    approvalCovers(approval.covered, evaluation.reasons);
  return { evaluation, approval, cleared: evaluation !== null && (!evaluation.needed || covered) };
}

/** The line under the title: where the request stands. */
function requestLine(a: ApprovalDto | null, cleared: boolean): string | null {
  if (!a) return null;
  const on = (d: string | null) => (d ? ` on ${formatDateTime(d)}` : '');
  const said = (c: string | null) => (c ? `: “${c}”` : '');
  switch (a.status) {
    case 'pending':
      return `Awaiting approval, requested by ${a.requested_by.name}${on(a.requested_on)}${said(a.request_comment)}`;
    case 'approved':
      return cleared
        ? `Approved by ${a.decided_by?.name ?? ''}${on(a.decided_on)}${said(a.decision_comment)}`
        : `This change voids the approval of ${a.decided_by?.name ?? ''}: request approval again`;
    case 'rejected':
      return `Rejected by ${a.decided_by?.name ?? ''}${on(a.decided_on)}${said(a.decision_comment)}`;
    case 'void':
      return 'The approval was voided by a later edit that breaks a rule';
  }
}

/** The comparison with the last revision sent to the ERP (the revisions' compare view), or why there is none. */
function ErpCompare({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const revisions = useRevisions(sale._id, sale.version);
  if (revisions.isPending) return null;
  const sent = revisions.data?.find((r) => r.sent_to_erp);
  if (!sent)
    return (
      <Dialog open onClose={onClose} aria-labelledby="erp-compare-title">
        <DialogTitle id="erp-compare-title">Compare with the ERP</DialogTitle>
        <DialogContent>
          <DialogContentText>This sale was never sent to the ERP: there is nothing to compare with.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <RevisionCompareView
      saleId={sale._id}
      from={sent._id}
      to="current"
      version={sale.version}
      names={{ from: `R${sent.number}`, to: 'Current' }}
      onClose={onClose}
    />
  );
}

export function ApprovalBanner({ sale }: { sale: Sale }) {
  const { data: user } = useCurrentUser();
  const snackbar = useSnackbar();
  const query = useApprovalState(sale._id);
  const request = useRequestApproval(sale._id);
  const decide = useDecideApproval(sale._id);
  const [dialog, setDialog] = useState<ApprovalDialogKind | null>(null);
  const [comparing, setComparing] = useState(false);
  const state = query.data;
  const { evaluation, approval, cleared } = useLiveApproval(sale, state);

  // The tables mark what breaks a rule (cleared on leaving the sale).
  useEffect(() => {
    setApprovalMarks(evaluation && state ? marksOf(evaluation, state.rules, sale) : new Map());
  }, [evaluation, state, sale]);
  useEffect(() => () => setApprovalMarks(new Map()), []);

  const pending = approval?.status === 'pending';
  if (!evaluation || (!evaluation.needed && !pending)) return null;

  const actor = user ? { id: user._id, isAdmin: user.isAdmin, modules: user.modules } : null;
  const canRequest = canEditSale(actor, sale.state) && evaluation.needed && !cleared && !pending;
  const canDecide =
    pending && canDecideApproval(actor, strictest(approval.approver, evaluation.approver), approval.requested_by.id);
  const summary = evaluation.needed ? evaluation.summary : (approval?.summary ?? '');
  const status = requestLine(approval, cleared);

  const submit = async (kind: ApprovalDialogKind, comment: string) => {
    const body = comment ? { comment } : {};
    if (kind === 'request') {
      await request.mutateAsync(body);
      snackbar.show('Approval requested: the approvers are told', 'success');
    } else {
      await decide.mutateAsync({ verb: kind, body: { ...body, version: sale.version } });
      snackbar.show(kind === 'approve' ? 'Approved' : 'Rejected', 'success');
    }
  };

  return (
    <Box data-testid="approval-banner" data-state={cleared ? 'cleared' : (approval?.status ?? 'needed')} sx={{ mb: 2 }}>
      <Alert
        severity={cleared ? 'success' : 'warning'}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {canDecide && (
              <Button color="inherit" size="small" onClick={() => setComparing(true)}>
                Compare with ERP version
              </Button>
            )}
            {canDecide && (
              <Button color="inherit" size="small" variant="outlined" onClick={() => setDialog('approve')}>
                Approve
              </Button>
            )}
            {canDecide && (
              <Button color="inherit" size="small" onClick={() => setDialog('reject')}>
                Reject
              </Button>
            )}
            {canRequest && (
              <Button color="inherit" size="small" variant="outlined" onClick={() => setDialog('request')}>
                Request approval
              </Button>
            )}
          </Box>
        }
      >
        <AlertTitle sx={{ mb: status ? 0.5 : 0 }}>
          {cleared ? 'Approved: ' : 'Needs approval: '}
          {summary}
        </AlertTitle>
        {status && <span data-testid="approval-status">{status}</span>}
      </Alert>
      {dialog && (
        <ApprovalDialog
          kind={dialog}
          summary={dialog === 'request' ? evaluation.summary : (approval?.summary ?? summary)}
          onSubmit={(comment) => submit(dialog, comment)}
          onClose={() => setDialog(null)}
        />
      )}
      {comparing && <ErpCompare sale={sale} onClose={() => setComparing(false)} />}
    </Box>
  );
}
