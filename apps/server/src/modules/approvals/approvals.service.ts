// Approvals of sales (issue #23, docs/product/rules.md#approvals, decision 0030). The rules (Settings, admins), a
// sale's approval state, the request (sales edit rights; freezes a revision; approvers are told on the socket) and the
// decisions (the approvers the broken rules name; nobody decides their own request unless an admin), the sales
// awaiting approval, and the two guards of a publish:
// - `publishGate` judges the very content a publish sends (the sync's snapshot): a sale that breaks a rule is sent
//   only when its standing approval covers that content (breaks nothing new, nothing worse: approvalCovers);
// - `watch` voids a standing approval when an edit breaks a rule (after commit, on the sale event bus), so the editor
//   and the list show it at once. Only sales with a standing approval are looked at: others cost one Set lookup.
import type {
  ApprovalDecisionBody,
  ApprovalDto,
  ApprovalEvaluationDto,
  ApprovalStateDto,
  PendingApprovalsPage,
  SyncProblem,
} from '@quotewright/contracts';
import { approvalRulesSchema } from '@quotewright/contracts';
import type { SaleApprovalRow } from '@quotewright/db';
import {
  type ApprovalEvaluation,
  type ApprovalInput,
  type ApprovalRules,
  type ApprovedReasons,
  type Approver,
  anyApprovalRuleEnabled,
  approvalCovers,
  canApproveAs,
  canDecideApproval,
  defaultApprovalRules,
  evaluateApproval,
  isEditableState,
  type MoneyCurrency,
  money,
  saleStateLabel,
  toDecimalOrZero,
} from '@quotewright/domain';
import { AppError, forbidden, notFound } from '../../errors';
import type { SaleEvents } from '../../infra/sale-events';
import { type AuthUser, authorize, can } from '../../policy';
import { type AuditOrigin, type AuditRecorder, recordChange } from '../audit/audit.service';
import type { FullSale } from '../sales/sales.repository';
import { ApprovalRace, type ApprovalsRepository } from './approvals.repository';

export interface ApprovalsDeps {
  repo: ApprovalsRepository;
  /** The sale with its sections and lines, read in one snapshot. */
  readSale: (saleId: string) => Promise<FullSale | undefined>;
  events: SaleEvents;
  /** The currency the reasons write amounts in: the ERP company's (company repository). */
  currency: () => Promise<MoneyCurrency>;
  /**
   * Freezes a revision of the sale (the revisions module's save, source 'approval'); its id is kept on the request.
   * Without it (or when it answers null) the request keeps no revision.
   */
  freezeRevision?:
    | ((actor: AuthUser, saleId: string, comment: string | null) => Promise<{ id: string } | null>)
    | undefined;
  log: { error(obj: object, msg?: string): void };
  /** The admin audit log: a change of the rules is written right after it (no transaction to join). */
  audit: AuditRecorder;
}

/**
 * The evaluation's input from the sale's rows (the same values its DTO carries, so the browser computes the same),
 * amounts written in `currency`.
 */
export function approvalInputOf(full: FullSale, currency?: MoneyCurrency): ApprovalInput {
  return {
    currency,
    sections: full.sections.map((s) => ({
      _id: s.id,
      presentation: s.presentation,
      lines: s.lines.map((l) => ({
        _id: l.id,
        kind: l.kind,
        price: l.price,
        cost: l.cost,
        quantity: l.quantity,
        discount: l.discount,
        price_percentage_active: l.pricePercentageActive,
      })),
    })),
  };
}

const strictest = (a: Approver | null, b: Approver | null): Approver =>
  a === 'admin' || b === 'admin' ? 'admin' : 'sales_full';
const coveredOf = (row: SaleApprovalRow | undefined): ApprovedReasons | null =>
  row?.status === 'approved'
    ? (((row.covered as { reasons?: ApprovedReasons } | null)?.reasons ?? []) as ApprovedReasons)
    : null;

function toApprovalDto(row: SaleApprovalRow): ApprovalDto {
  return {
    _id: row.id,
    status: row.status,
    summary: row.summary,
    approver: row.approver,
    requested_by: { id: row.requestedById, name: row.requestedByName },
    requested_on: row.requestedAt.toISOString(),
    request_comment: row.requestComment,
    revision_id: row.revisionId,
    sale_version: row.saleVersion,
    decided_version: row.decidedVersion,
    decided_by: row.decidedByName === null ? null : { id: row.decidedById, name: row.decidedByName },
    decided_on: row.decidedAt?.toISOString() ?? null,
    decision_comment: row.decisionComment,
    covered: coveredOf(row) as ApprovalDto['covered'],
  };
}

const toEvaluationDto = (e: ApprovalEvaluation): ApprovalEvaluationDto => e;
const conflict = (message: string) => new AppError('CONFLICT', message);

/** What every operation shares: the rules, a sale judged, the state answered, a void recorded. */
function approvalsCore(deps: ApprovalsDeps) {
  const { repo, events } = deps;
  /** Sales whose approval stands, in this process (loaded by `watch`, kept by this service's writes). */
  const approved = new Set<string>();

  async function rules(): Promise<ApprovalRules> {
    const text = await repo.rules();
    if (!text) return defaultApprovalRules();
    const parsed = approvalRulesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultApprovalRules();
  }

  /** The sale, the rules, what its content breaks, its latest request and whether that request covers it. */
  async function judge(saleId: string) {
    const [full, r, latest, currency] = await Promise.all([
      deps.readSale(saleId),
      rules(),
      repo.latest(saleId),
      deps.currency(),
    ]);
    if (!full) return undefined;
    const evaluation = anyApprovalRuleEnabled(r)
      ? evaluateApproval(r, approvalInputOf(full, currency))
      : { needed: false, reasons: [], summary: '', approver: null };
    const covered = coveredOf(latest);
    const cleared = !evaluation.needed || (covered !== null && approvalCovers(covered, evaluation.reasons));
    return { full, rules: r, latest, evaluation, cleared };
  }

  function announce(saleId: string, status: SaleApprovalRow['status'], by: { id: string | null; name: string }) {
    events.publish({ type: 'approval_changed', event: { saleId, status, by } });
  }

  /** A standing approval the content no longer keeps is voided (once: the guarded update decides). */
  async function voidIfBroken(j: Judged): Promise<Judged> {
    if (j.latest?.status !== 'approved' || j.cleared) return j;
    const ok = await repo.voidApproval(j.latest.id, j.full.sale.id, j.full.sale.version, j.evaluation.summary);
    approved.delete(j.full.sale.id);
    if (ok) announce(j.full.sale.id, 'void', { id: null, name: 'Quotewright' });
    return { ...j, latest: (await repo.latest(j.full.sale.id)) ?? j.latest };
  }

  function stateOf(actor: AuthUser, j: Judged): ApprovalStateDto {
    const { latest, evaluation, full } = j;
    const pending = latest?.status === 'pending';
    return {
      saleId: full.sale.id,
      version: full.sale.version,
      rules: j.rules,
      evaluation: toEvaluationDto(evaluation),
      approval: latest ? toApprovalDto(latest) : null,
      cleared: j.cleared,
      can: {
        request:
          can(actor, 'sales.edit') && isEditableState(full.sale.state) && evaluation.needed && !j.cleared && !pending,
        decide:
          pending && canDecideApproval(actor, strictest(latest.approver, evaluation.approver), latest.requestedById),
      },
    };
  }

  async function judged(saleId: string): Promise<Judged> {
    const j = await judge(saleId);
    if (!j) throw notFound('Sale');
    return voidIfBroken(j);
  }

  const { currency } = deps;
  return { repo, events, approved, rules, currency, judge, announce, voidIfBroken, stateOf, judged };
}
type Core = ReturnType<typeof approvalsCore>;
type Judged = NonNullable<Awaited<ReturnType<Core['judge']>>>;

/** Approve or reject the pending request (decision 0030). */
async function decide(
  core: Core,
  actor: AuthUser | null,
  saleId: string,
  body: ApprovalDecisionBody,
  status: 'approved' | 'rejected',
): Promise<ApprovalStateDto> {
  const user = authorize(actor, 'sales.full');
  // Read only: a refused decision writes nothing (a standing approval is never "decided" again).
  const j = await core.judge(saleId);
  if (!j) throw notFound('Sale');
  const { latest, evaluation } = j;
  if (latest?.status !== 'pending') throw conflict('There is no approval request to decide on this sale');
  const approver = strictest(latest.approver, evaluation.approver);
  if (!canApproveAs(user, approver)) throw forbidden('Only an administrator may decide this approval request');
  if (!canDecideApproval(user, approver, latest.requestedById))
    throw forbidden('You cannot decide your own approval request: another approver must');
  const changed = () => conflict('The sale changed since you opened it: look at it again before deciding');
  if (j.full.sale.version !== body.version) throw changed();
  const comment = body.comment ? body.comment : null;
  try {
    await core.repo.decide({
      approvalId: latest.id,
      saleId,
      version: body.version,
      status,
      covered:
        status === 'approved' ? { reasons: evaluation.reasons.map((r) => ({ rule: r.rule, values: r.values })) } : null,
      comment,
      summary: evaluation.summary || latest.summary,
      by: { id: user.id, name: user.name },
    });
  } catch (err) {
    if (err instanceof ApprovalRace)
      throw err.reason === 'version' ? changed() : conflict('This approval request was decided meanwhile');
    throw err;
  }
  if (status === 'approved') core.approved.add(saleId);
  core.announce(saleId, status, { id: user.id, name: user.name });
  return core.stateOf(user, await core.judged(saleId));
}

/** Request approval: the approvers are told; a revision is frozen once the request stands. */
async function requestApproval(
  core: Core,
  deps: ApprovalsDeps,
  actor: AuthUser | null,
  saleId: string,
  comment: string | undefined,
): Promise<ApprovalStateDto> {
  const user = authorize(actor, 'sales.edit');
  // Read only: a refused request writes nothing; a standing approval the content broke is voided with the request.
  const j = await core.judge(saleId);
  if (!j) throw notFound('Sale');
  const { full, evaluation, latest } = j;
  if (!isEditableState(full.sale.state))
    throw new AppError(
      'SALE_NOT_EDITABLE',
      `This sale is ${saleStateLabel(full.sale.state)}: only quotes in draft or sent need approval`,
    );
  if (!evaluation.needed) throw conflict('This sale breaks no approval rule: there is nothing to approve');
  if (latest?.status === 'pending') throw conflict('An approval request for this sale is already pending');
  if (j.cleared) throw conflict('This sale is already approved');
  const text = comment ? comment : null;
  const approver = strictest(evaluation.approver, null);
  let row: SaleApprovalRow;
  try {
    row = await core.repo.request({
      saleId,
      saleVersion: full.sale.version,
      approver,
      summary: evaluation.summary,
      reasons: evaluation.reasons,
      revisionId: null,
      comment: text,
      by: { id: user.id, name: user.name },
      voidOpen: latest?.status === 'approved' ? { id: latest.id, summary: evaluation.summary } : null,
    });
  } catch (err) {
    if (err instanceof ApprovalRace) throw conflict('An approval request for this sale is already pending');
    throw err;
  }
  core.approved.delete(saleId);
  // The revision the request freezes, made once the request stands (a refused request writes nothing); a failure
  // to make it is logged and leaves the request without one.
  if (deps.freezeRevision) {
    try {
      const revision = await deps.freezeRevision(user, saleId, text);
      if (revision) await core.repo.setRevision(row.id, revision.id);
    } catch (err) {
      deps.log.error({ err, saleId }, 'could not freeze the revision of an approval request');
    }
  }
  core.announce(saleId, 'pending', { id: user.id, name: user.name });
  core.events.publish({
    type: 'approval_requested',
    requestedBy: user.id,
    event: {
      saleId,
      approvalId: row.id,
      quote_number: full.sale.quoteNumber,
      name: full.sale.name,
      summary: evaluation.summary,
      approver,
      by: { id: user.id, name: user.name },
    },
  });
  return core.stateOf(user, await core.judged(saleId));
}

/** The sales awaiting approval. */
async function pendingPage(
  repo: ApprovalsRepository,
  actor: AuthUser | null,
  page: number,
  pageSize: number,
): Promise<PendingApprovalsPage> {
  authorize(actor, 'sales.view');
  const { items, total } = await repo.pending(page * pageSize, pageSize);
  return {
    items: items.map((s) => ({
      _id: s.id,
      quote_number: s.quoteNumber,
      order_number: s.odooName ?? s.quoteNumber,
      name: s.name,
      customer: s.customerId === null ? null : { id: s.customerId, name: s.customerName ?? '' },
      salesperson: s.salespersonId === null ? null : { id: s.salespersonId, name: s.salespersonName ?? '' },
      total_price: money(toDecimalOrZero(s.totalPrice)),
      optional_total: money(toDecimalOrZero(s.optionalTotal)),
      state: s.state,
      state_label: saleStateLabel(s.state),
      updated_on: s.updatedAt.toISOString(),
      approval: {
        _id: s.approvalId,
        summary: s.summary,
        approver: s.approver,
        requested_by: { id: s.requestedById, name: s.requestedByName },
        requested_on: s.requestedAt.toISOString(),
      },
    })),
    total,
    page,
    pageSize,
  };
}

/**
 * The publish's guard, on the content it sends: the reasons it needs an approval it does not have (empty when it
 * breaks no rule, or its standing approval covers it). A standing approval the content broke is voided here too.
 */
async function publishGate(core: Core, full: FullSale): Promise<SyncProblem[]> {
  const r = await core.rules();
  if (!anyApprovalRuleEnabled(r)) return [];
  const evaluation = evaluateApproval(r, approvalInputOf(full, await core.currency()));
  if (!evaluation.needed) return [];
  let latest = await core.repo.latest(full.sale.id);
  const covered = coveredOf(latest);
  if (covered !== null && approvalCovers(covered, evaluation.reasons)) return [];
  if (latest?.status === 'approved') {
    latest = (await core.voidIfBroken({ full, rules: r, latest, evaluation, cleared: false })).latest;
  }
  const message =
    latest?.status === 'pending'
      ? `Awaiting approval: ${evaluation.summary}. Publishing waits for an approver's decision`
      : `${latest?.status === 'void' ? 'The approval was voided by a later edit. ' : ''}Needs approval: ${evaluation.summary}. Request approval before publishing`;
  return [{ code: 'APPROVAL_REQUIRED', message, section: null, line: null }];
}

/**
 * Voids standing approvals that an edit broke: listens to the bus (after commit) for the sales whose approval
 * stands. Answers a function that stops listening.
 */
async function watch(core: Core, log: ApprovalsDeps['log']): Promise<() => void> {
  /** One check at a time per sale (edits in a burst queue up behind it). */
  const checking = new Map<string, Promise<void>>();
  /** After an edit: void the sale's standing approval if the edit broke a rule. */
  function check(saleId: string): Promise<void> {
    const previous = checking.get(saleId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const j = await core.judge(saleId);
        if (j) await core.voidIfBroken(j);
      })
      .catch((err) => log.error({ err, saleId }, 'could not check the approval of an edited sale'))
      .finally(() => {
        if (checking.get(saleId) === next) checking.delete(saleId);
      });
    checking.set(saleId, next);
    return next;
  }

  for (const id of await core.repo.approvedSaleIds()) core.approved.add(id);
  return core.events.subscribe((e) => {
    if (e.type === 'sale_changed') {
      if (core.approved.has(e.delta.saleId)) void check(e.delta.saleId);
    } else if (e.type === 'sales_replaced') {
      for (const s of e.sales) if (core.approved.has(s.saleId)) void check(s.saleId);
    }
  });
}

export function approvalsService(deps: ApprovalsDeps) {
  const core = approvalsCore(deps);
  return {
    async getRules(actor: AuthUser | null): Promise<ApprovalRules> {
      authorize(actor, 'settings.manage');
      return core.rules();
    },
    async setRules(actor: AuthUser | null, next: ApprovalRules, origin: AuditOrigin): Promise<ApprovalRules> {
      const me = authorize(actor, 'settings.manage');
      const before = await core.rules();
      await deps.repo.setRules(JSON.stringify(next));
      const after = await core.rules();
      await recordChange(deps.audit, {
        actor: { id: me.id, name: me.name },
        action: 'approval_rules.changed',
        target: { type: 'settings', id: 'approval-rules', label: 'Approval rules' },
        before,
        after,
        origin,
      });
      return after;
    },
    async state(actor: AuthUser | null, saleId: string): Promise<ApprovalStateDto> {
      const user = authorize(actor, 'sales.view');
      return core.stateOf(user, await core.judged(saleId));
    },
    request: (actor: AuthUser | null, saleId: string, comment: string | undefined) =>
      requestApproval(core, deps, actor, saleId, comment),
    approve: (actor: AuthUser | null, saleId: string, body: ApprovalDecisionBody) =>
      decide(core, actor, saleId, body, 'approved'),
    reject: (actor: AuthUser | null, saleId: string, body: ApprovalDecisionBody) =>
      decide(core, actor, saleId, body, 'rejected'),
    pending: (actor: AuthUser | null, page: number, pageSize: number) => pendingPage(deps.repo, actor, page, pageSize),
    /** The publish's guard (SaleSyncDeps.approvalGate). */
    publishGate: (full: FullSale) => publishGate(core, full),
    /** Voids standing approvals that an edit broke; answers a function that stops listening. */
    watch: () => watch(core, deps.log),
  };
}
export type ApprovalsService = ReturnType<typeof approvalsService>;
