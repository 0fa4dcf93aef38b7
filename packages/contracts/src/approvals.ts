// Approvals of sales (issue #23, docs/product/rules.md#approvals, decision 0030): the rules an admin sets in Settings,
// a sale's approval state (the rules, what the current content breaks, the latest request and its decision), the
// request and the decisions, the sales awaiting approval, and the socket events that tell approvers.
import { APPROVAL_RULE_KEYS, APPROVERS, type ApprovalRules } from '@quotewright/domain';
import { z } from 'zod';
import { saleListItemSchema } from './sales';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'void'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  void: 'Approval void',
};
export const APPROVAL_COMMENT_MAX = 2000;

const percentThreshold = z
  .number('The threshold must be a number')
  .min(-1000, 'The threshold must be at least -1000')
  .max(100, 'The threshold must be at most 100');
const ruleSchema = (threshold: z.ZodNumber) =>
  z.strictObject({ enabled: z.boolean(), threshold, approver: z.enum(APPROVERS) });

/** The rules as Settings reads and writes them (all four, each off by default). */
export const approvalRulesSchema = z.strictObject({
  line_margin: ruleSchema(percentThreshold),
  sale_margin: ruleSchema(percentThreshold),
  max_discount: ruleSchema(
    z
      .number('The threshold must be a number')
      .min(0, 'Discount must be between 0 and 100')
      .max(100, 'Discount must be between 0 and 100'),
  ),
  sale_total: ruleSchema(
    z
      .number('The threshold must be a number')
      .min(0, 'The amount must be at least 0')
      .max(1e13, 'The amount is too large'),
  ),
}) satisfies z.ZodType<ApprovalRules>;

export const approvalReasonSchema = z.object({
  rule: z.enum(APPROVAL_RULE_KEYS),
  text: z.string(),
  lines: z.array(z.string()),
  sections: z.array(z.string()),
  approver: z.enum(APPROVERS),
  values: z.record(z.string(), z.number()),
});
export const approvalEvaluationSchema = z.object({
  needed: z.boolean(),
  reasons: z.array(approvalReasonSchema),
  summary: z.string(),
  approver: z.enum(APPROVERS).nullable(),
});
export type ApprovalEvaluationDto = z.infer<typeof approvalEvaluationSchema>;

const who = z.object({ id: z.string().nullable(), name: z.string() });
/** One request and its decision. */
export const approvalSchema = z.object({
  _id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  /** What the request said needed approval ("3 lines under 15 % margin; …"). */
  summary: z.string(),
  /** Who may decide it. */
  approver: z.enum(APPROVERS),
  requested_by: who,
  requested_on: z.string(),
  request_comment: z.string().nullable(),
  /** The revision frozen by the request (null when none could be made). */
  revision_id: z.string().nullable(),
  /** The sale's version when requested, and when decided. */
  sale_version: z.number().int(),
  decided_version: z.number().int().nullable(),
  decided_by: who.nullable(),
  decided_on: z.string().nullable(),
  decision_comment: z.string().nullable(),
  /**
   * What an approval approved: the rules broken then, with their values (approvalCovers): the browser shows at once
   * when an edit takes the content past it. Null unless approved.
   */
  covered: z.array(z.object({ rule: z.enum(APPROVAL_RULE_KEYS), values: z.record(z.string(), z.number()) })).nullable(),
});
export type ApprovalDto = z.infer<typeof approvalSchema>;

/** GET /api/sales/approval/:id and the answer of every approval change. */
export const approvalStateSchema = z.object({
  saleId: z.string(),
  version: z.number().int(),
  /** The installation's rules: the browser evaluates the sale with them as lines change. */
  rules: approvalRulesSchema,
  /** What the sale's current content breaks (evaluateApproval, as the server computes it). */
  evaluation: approvalEvaluationSchema,
  /** The latest request (any status), or null. */
  approval: approvalSchema.nullable(),
  /** A publish is allowed as far as approvals go: nothing broken, or the approval covers the current content. */
  cleared: z.boolean(),
  /** What the caller may do now. */
  can: z.object({ request: z.boolean(), decide: z.boolean() }),
});
export type ApprovalStateDto = z.infer<typeof approvalStateSchema>;

const comment = z
  .string()
  .trim()
  .max(APPROVAL_COMMENT_MAX, `A comment holds at most ${APPROVAL_COMMENT_MAX} characters`);
export const approvalRequestBodySchema = z.strictObject({ comment: comment.optional() });
/** A decision names the sale's version the approver looked at: a sale changed since is refused (409). */
export const approvalDecisionBodySchema = z.strictObject({
  comment: comment.optional(),
  version: z.number().int().min(1),
});
export type ApprovalDecisionBody = z.input<typeof approvalDecisionBodySchema>;

/** GET /api/sales/approvals/pending: the sales awaiting approval, newest request first. */
export const pendingApprovalsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
});
export const pendingApprovalItemSchema = saleListItemSchema.extend({
  approval: z.object({
    _id: z.string(),
    summary: z.string(),
    approver: z.enum(APPROVERS),
    requested_by: who,
    requested_on: z.string(),
  }),
});
export type PendingApprovalItem = z.infer<typeof pendingApprovalItemSchema>;
export const pendingApprovalsPageSchema = z.object({
  items: z.array(pendingApprovalItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PendingApprovalsPage = z.infer<typeof pendingApprovalsPageSchema>;

// ─── Socket events ──────────────────────────────────────────────────────────────────────────────────────────────

/** To the users who may decide it (not its author): a sale's approval was requested. */
export const approvalRequestedEventSchema = z.object({
  saleId: z.string(),
  approvalId: z.string(),
  quote_number: z.string(),
  name: z.string(),
  summary: z.string(),
  approver: z.enum(APPROVERS),
  by: z.object({ id: z.string(), name: z.string() }),
});
export type ApprovalRequestedEvent = z.infer<typeof approvalRequestedEventSchema>;

/** To the sale's room: its approval changed (requested, approved, rejected, voided): the editor reads the state again. */
export const approvalChangedEventSchema = z.object({
  saleId: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  by: z.object({ id: z.string().nullable(), name: z.string() }),
});
export type ApprovalChangedEvent = z.infer<typeof approvalChangedEventSchema>;
