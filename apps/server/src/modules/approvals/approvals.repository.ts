// Approvals' queries (decision 0030): the rules in app_settings, the requests and decisions in sale_approvals, the
// sale's approval_state (the "Awaiting approval" list's filter, indexed), and their activity entries. Every change of
// an approval is one transaction guarded by the status it expects, so two approvers at the same moment cannot both
// win and nothing is half-written.
import {
  and,
  appSettings,
  count,
  type Db,
  desc,
  eq,
  type SaleApprovalRow,
  saleActivity,
  saleApprovals,
  sales,
  sql,
} from '@quotewright/db';
import { listColumns } from '../sales/sales.repository';

export const APPROVAL_RULES_KEY = 'approval_rules';

type Status = SaleApprovalRow['status'];
export interface ApprovalActor {
  id: string;
  name: string;
}

/** Thrown inside a transaction to roll it back: the caller tells why. */
export class ApprovalRace extends Error {
  constructor(readonly reason: 'status' | 'version' | 'open') {
    super(reason);
  }
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/** An entry of the sale's activity feed (in the change's transaction). */
async function activity(
  tx: Db,
  saleId: string,
  version: number,
  user: { id: string | null; name: string },
  kind: string,
  detail: object,
) {
  await tx.insert(saleActivity).values({
    saleId,
    version,
    userId: user.id,
    userName: user.name,
    kind,
    detail: detail as Record<string, unknown>,
    createdAt: sql`clock_timestamp()`,
  });
}
/** The sale's approval_state: the "Awaiting approval" list's filter. */
const setState = (tx: Db, saleId: string, status: Status) =>
  tx.update(sales).set({ approvalState: status }).where(eq(sales.id, saleId));

/** The requests' changes: each one transaction guarded by the status it expects. */
function approvalWrites(db: Db) {
  return {
    /**
     * A new pending request: the sale's open approval (if any, approved) voided first when `voidOpen` names it, the
     * request inserted, the sale marked, the activity written — or nothing (ApprovalRace 'open': another request is
     * open, made meanwhile).
     */
    async request(input: {
      saleId: string;
      saleVersion: number;
      approver: 'sales_full' | 'admin';
      summary: string;
      reasons: unknown[];
      revisionId: string | null;
      comment: string | null;
      by: ApprovalActor;
      voidOpen: { id: string; summary: string } | null;
    }): Promise<SaleApprovalRow> {
      try {
        return await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          if (input.voidOpen) {
            const voided = await tx
              .update(saleApprovals)
              .set({ status: 'void', decidedAt: sql`clock_timestamp()` })
              .where(and(eq(saleApprovals.id, input.voidOpen.id), eq(saleApprovals.status, 'approved')))
              .returning({ id: saleApprovals.id });
            if (voided.length === 0) throw new ApprovalRace('status');
            await activity(tx, input.saleId, input.saleVersion, { id: null, name: 'Quotewright' }, 'approval_voided', {
              approval: { summary: input.summary },
            });
          }
          const [row] = await tx
            .insert(saleApprovals)
            .values({
              saleId: input.saleId,
              status: 'pending',
              approver: input.approver,
              summary: input.summary,
              reasons: input.reasons,
              saleVersion: input.saleVersion,
              revisionId: input.revisionId,
              requestedById: input.by.id,
              requestedByName: input.by.name,
              requestedAt: sql`clock_timestamp()`,
              requestComment: input.comment,
            })
            .returning();
          await setState(tx, input.saleId, 'pending');
          await activity(tx, input.saleId, input.saleVersion, input.by, 'approval_requested', {
            approval: { summary: input.summary, ...(input.comment ? { comment: input.comment } : {}) },
          });
          return row!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApprovalRace('open');
        throw err;
      }
    },

    /**
     * Decides a pending request, in one transaction: the request moves from pending (only one decision wins), the
     * sale must still be at `version` (else ApprovalRace 'version', and nothing is written), the sale is marked, the
     * activity written.
     */
    async decide(input: {
      approvalId: string;
      saleId: string;
      version: number;
      status: 'approved' | 'rejected';
      covered: Record<string, unknown> | null;
      comment: string | null;
      summary: string;
      by: ApprovalActor;
    }): Promise<SaleApprovalRow> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [row] = await tx
          .update(saleApprovals)
          .set({
            status: input.status,
            decidedVersion: input.version,
            covered: input.covered,
            decidedById: input.by.id,
            decidedByName: input.by.name,
            decidedAt: sql`clock_timestamp()`,
            decisionComment: input.comment,
          })
          .where(and(eq(saleApprovals.id, input.approvalId), eq(saleApprovals.status, 'pending')))
          .returning();
        if (!row) throw new ApprovalRace('status');
        // Read after the guarded update: the sale's version now, in this transaction (an edit committed meanwhile
        // shows here, and the decision is refused).
        const [sale] = await tx.select({ version: sales.version }).from(sales).where(eq(sales.id, input.saleId));
        if (!sale || sale.version !== input.version) throw new ApprovalRace('version');
        await setState(tx, input.saleId, input.status);
        await activity(
          tx,
          input.saleId,
          input.version,
          input.by,
          input.status === 'approved' ? 'approval_approved' : 'approval_rejected',
          { approval: { summary: input.summary, ...(input.comment ? { comment: input.comment } : {}) } },
        );
        return row;
      });
    },

    /** Voids a standing approval (an edit broke a rule): false when it no longer stood (someone else voided it). */
    async voidApproval(approvalId: string, saleId: string, version: number, summary: string): Promise<boolean> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const voided = await tx
          .update(saleApprovals)
          .set({ status: 'void', decidedAt: sql`clock_timestamp()` })
          .where(and(eq(saleApprovals.id, approvalId), eq(saleApprovals.status, 'approved')))
          .returning({ id: saleApprovals.id });
        if (voided.length === 0) return false;
        await setState(tx, saleId, 'void');
        await activity(tx, saleId, version, { id: null, name: 'Quotewright' }, 'approval_voided', {
          approval: { summary },
        });
        return true;
      });
    },

    /** The revision a request froze (made after the request committed). */
    async setRevision(approvalId: string, revisionId: string): Promise<void> {
      await db.update(saleApprovals).set({ revisionId }).where(eq(saleApprovals.id, approvalId));
    },
  };
}

export function approvalsRepository(db: Db) {
  return {
    async rules(): Promise<string | undefined> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, APPROVAL_RULES_KEY));
      return row?.value;
    },
    async setRules(value: string): Promise<void> {
      await db
        .insert(appSettings)
        .values({ key: APPROVAL_RULES_KEY, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
    },

    /** The sale's latest request (any status). */
    async latest(saleId: string): Promise<SaleApprovalRow | undefined> {
      const [row] = await db
        .select()
        .from(saleApprovals)
        .where(eq(saleApprovals.saleId, saleId))
        .orderBy(desc(saleApprovals.requestedAt))
        .limit(1);
      return row;
    },

    /** The ids of the sales whose approval stands (approved): the ones an edit may void. */
    async approvedSaleIds(): Promise<string[]> {
      const rows = await db
        .select({ saleId: saleApprovals.saleId })
        .from(saleApprovals)
        .where(eq(saleApprovals.status, 'approved'));
      return rows.map((r) => r.saleId);
    },

    /**
     * A page of the sales awaiting approval (sales.approval_state = 'pending', by sales_awaiting_approval_idx) with
     * their pending request, and how many there are.
     */
    async pending(offset: number, limit: number) {
      const awaiting = eq(sales.approvalState, 'pending');
      const [items, [total]] = await Promise.all([
        db
          .select({
            ...listColumns,
            approvalId: saleApprovals.id,
            summary: saleApprovals.summary,
            approver: saleApprovals.approver,
            requestedById: saleApprovals.requestedById,
            requestedByName: saleApprovals.requestedByName,
            requestedAt: saleApprovals.requestedAt,
          })
          .from(sales)
          .innerJoin(saleApprovals, and(eq(saleApprovals.saleId, sales.id), eq(saleApprovals.status, 'pending')))
          .where(awaiting)
          .orderBy(desc(sales.updatedAt), desc(sales.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(sales).where(awaiting),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    ...approvalWrites(db),
  };
}
export type ApprovalsRepository = ReturnType<typeof approvalsRepository>;
