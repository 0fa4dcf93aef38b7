// Approval rules (docs/product/rules.md#approvals, decision 0030): which sales need an approver's yes before they are
// published. Pure: the server decides with it, the browser runs the same function as lines change to show why.
import { formatMoney, type MoneyCurrency } from './format';
import type { Numeric } from './money';
import { toDecimal, toDecimalOrZero } from './money';
import type { Actor } from './permissions';
import { hasFullRights } from './permissions';
import type { PricingLine } from './pricing';
import {
  isPercentLine,
  marginPercentOf,
  netPrice,
  type PresentedSection,
  salePricing,
  sectionDetails,
} from './pricing';

export const APPROVAL_RULE_KEYS = ['line_margin', 'sale_margin', 'max_discount', 'sale_total'] as const;
export type ApprovalRuleKey = (typeof APPROVAL_RULE_KEYS)[number];

/** Who may approve what a rule flags: users with full rights on sales (admins pass), or admins only. */
export const APPROVERS = ['sales_full', 'admin'] as const;
export type Approver = (typeof APPROVERS)[number];

export interface ApprovalRule {
  enabled: boolean;
  /** A percent for the margin and discount rules, an amount (untaxed total) for the sale total rule. */
  threshold: number;
  approver: Approver;
}
export type ApprovalRules = Record<ApprovalRuleKey, ApprovalRule>;

/** What each rule is called in Settings. */
export const APPROVAL_RULE_LABELS: Readonly<Record<ApprovalRuleKey, string>> = {
  line_margin: 'Minimum margin % of any product line',
  sale_margin: 'Minimum margin % of the sale',
  max_discount: 'Maximum discount % of any line',
  sale_total: 'Sale total above which approval is needed',
};

/** Every rule off (the default of an installation), with thresholds ready to be switched on. */
export function defaultApprovalRules(): ApprovalRules {
  return {
    line_margin: { enabled: false, threshold: 15, approver: 'sales_full' },
    sale_margin: { enabled: false, threshold: 18, approver: 'sales_full' },
    max_discount: { enabled: false, threshold: 10, approver: 'sales_full' },
    sale_total: { enabled: false, threshold: 100_000, approver: 'admin' },
  };
}

export function anyApprovalRuleEnabled(rules: ApprovalRules): boolean {
  return APPROVAL_RULE_KEYS.some((k) => rules[k].enabled);
}

/** A line as the evaluation reads it: the stored values (the sale's DTO or its rows). */
export type ApprovalLine = PricingLine & { readonly _id: string };
export interface ApprovalInput {
  /** The sections with their presentation: an optional one is out of the sale's totals (as salePricing leaves it). */
  readonly sections: readonly (PresentedSection & { readonly _id: string; readonly lines: readonly ApprovalLine[] })[];
  /** The sale's pricing when the caller holds it (else computed from the lines). */
  readonly pricing?: { readonly total_price: Numeric; readonly total_margin_percent: number } | null;
  /** The currency the reasons write amounts in (the ERP company's); US dollars when absent. */
  readonly currency?: MoneyCurrency | undefined;
}

export interface ApprovalReason {
  rule: ApprovalRuleKey;
  /** "3 lines under 15 % margin", "sale margin 12.4 % < 18 %". */
  text: string;
  /** The offending lines and the sections that hold them (empty for the sale-wide rules). */
  lines: string[];
  sections: string[];
  approver: Approver;
  /** The judged values: per offending line (its margin % or discount %), or the sale's (margin %, total). */
  values: Record<string, number>;
}

export interface ApprovalEvaluation {
  needed: boolean;
  reasons: ApprovalReason[];
  /** The reasons' texts joined: "3 lines under 15 % margin; sale margin 12.4 % < 18 %" ('' when none). */
  summary: string;
  /** Who may approve them all: admin when any broken rule asks for an admin; null when nothing is needed. */
  approver: Approver | null;
}

/** A percent as people read it in a reason: "12.4", "15", "12.45". */
function pct(n: number): string {
  return String(Math.round(n * 100) / 100);
}
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Whether a (non-percent) product line's margin %, rounded as the line shows it (marginPercentOf of the net price),
 * is under `t`. A float decides when it is clearly away from the threshold; near it, the exact decimal does.
 */
function marginUnder(line: PricingLine, t: number): boolean {
  const c = Number(line.cost ?? 0);
  if (c === 0) return 0 < t; // the domain's margin is 0 without a cost
  const p = Number(line.price ?? 0);
  const d = line.discount == null ? 0 : Number(line.discount);
  const net = d === 0 ? p : p * (1 - d / 100);
  if (net === 0) return 0 < t;
  const m = ((net - c) / net) * 100;
  if (Number.isFinite(m) && Math.abs(m) < 1e9) {
    if (m < t - 0.01) return true;
    if (m > t + 0.01) return false;
  }
  return marginPercentOf(netPrice(line.price, line.discount), line.cost) < t;
}

const discountOver = (line: PricingLine, t: number) => line.discount != null && Number(line.discount) > t;

interface LineScan {
  lines: string[];
  sections: string[];
  values: Record<string, number>;
}

/** The product lines a predicate flags, with their sections; percent lines judged by their resolved margin. */
function scanLines(
  input: ApprovalInput,
  flag: (line: ApprovalLine) => boolean,
  percentFlag: ((margin: number, line: ApprovalLine) => boolean) | null,
  judged: (line: ApprovalLine) => number,
): LineScan {
  const out: LineScan = { lines: [], sections: [], values: {} };
  for (const section of input.sections) {
    const before = out.lines.length;
    let metrics: { margin_percent: number }[] | null = null;
    section.lines.forEach((line, i) => {
      if (line.kind !== 'product') return;
      if (percentFlag && isPercentLine(line)) {
        metrics ??= sectionDetails(section.lines).metrics;
        const m = metrics[i]?.margin_percent ?? 0;
        if (percentFlag(m, line)) {
          out.lines.push(line._id);
          out.values[line._id] = m;
        }
        return;
      }
      if (flag(line)) {
        out.lines.push(line._id);
        out.values[line._id] = judged(line);
      }
    });
    if (out.lines.length > before) out.sections.push(section._id);
  }
  return out;
}

/**
 * Which enabled rules the sale breaks, and why. Lines: a product line's margin % (as shown) under the minimum, or its
 * discount over the maximum. Sale: its margin % under the minimum (a sale with a zero total has no margin to judge),
 * its untaxed total above the amount. Notes and headers are never judged.
 */
export function evaluateApproval(rules: ApprovalRules, input: ApprovalInput): ApprovalEvaluation {
  const reasons: ApprovalReason[] = [];
  const lm = rules.line_margin;
  if (lm.enabled) {
    const t = lm.threshold;
    const scan = scanLines(
      input,
      (line) => marginUnder(line, t),
      (m) => m < t,
      (line) => marginPercentOf(netPrice(line.price, line.discount), line.cost),
    );
    if (scan.lines.length > 0)
      reasons.push({
        rule: 'line_margin',
        text: `${plural(scan.lines.length, 'line', 'lines')} under ${pct(t)} % margin`,
        ...scan,
        approver: lm.approver,
      });
  }
  const sm = rules.sale_margin;
  const st = rules.sale_total;
  let pricing = input.pricing ?? null;
  if ((sm.enabled || st.enabled) && !pricing) pricing = salePricing(input.sections);
  if (sm.enabled && pricing && !toDecimalOrZero(pricing.total_price).isZero()) {
    const m = pricing.total_margin_percent;
    if (m < sm.threshold)
      reasons.push({
        rule: 'sale_margin',
        text: `sale margin ${pct(m)} % < ${pct(sm.threshold)} %`,
        lines: [],
        sections: [],
        approver: sm.approver,
        values: { sale: m },
      });
  }
  const md = rules.max_discount;
  if (md.enabled) {
    const t = md.threshold;
    const scan = scanLines(
      input,
      (line) => discountOver(line, t),
      null,
      (line) => Number(line.discount),
    );
    if (scan.lines.length > 0)
      reasons.push({
        rule: 'max_discount',
        text: `${plural(scan.lines.length, 'line', 'lines')} over ${pct(t)} % discount`,
        ...scan,
        approver: md.approver,
      });
  }
  if (st.enabled && pricing && toDecimalOrZero(pricing.total_price).gt(toDecimal(st.threshold))) {
    reasons.push({
      rule: 'sale_total',
      text: `sale total ${formatMoney(pricing.total_price, input.currency)} > ${formatMoney(st.threshold, input.currency)}`,
      lines: [],
      sections: [],
      approver: st.approver,
      values: { sale: Number(pricing.total_price) },
    });
  }
  const approver: Approver | null =
    reasons.length === 0 ? null : reasons.some((r) => r.approver === 'admin') ? 'admin' : 'sales_full';
  return { needed: reasons.length > 0, reasons, summary: reasons.map((r) => r.text).join('; '), approver };
}

/** Whether a person may approve what `approver` names (a request's own author is refused elsewhere, unless admin). */
export function canApproveAs(actor: Actor | null | undefined, approver: Approver | null): boolean {
  if (!actor || approver === null) return false;
  return approver === 'admin' ? actor.isAdmin : hasFullRights(actor, 'sales');
}

/** Whether `actor` may decide a request made by `requestedBy`: an allowed approver, not its author unless an admin. */
export function canDecideApproval(
  actor: (Actor & { id: string }) | null | undefined,
  approver: Approver | null,
  requestedBy: string | null,
): boolean {
  if (!actor || !canApproveAs(actor, approver)) return false;
  return actor.isAdmin || actor.id !== requestedBy;
}

/** What an approval approved: the reasons the content broke when it was approved, with their values. */
export type ApprovedReasons = readonly Pick<ApprovalReason, 'rule' | 'values'>[];

/**
 * Whether content that breaks `now` is covered by an approval of `approved` (decision 0030): every rule broken now was
 * broken then, by no other line, and no worse — a line's margin not lower, its discount not higher, the sale's margin
 * not lower, its total not higher. An edit that breaks nothing new keeps the approval; one that does voids it.
 */
export function approvalCovers(approved: ApprovedReasons, now: readonly Pick<ApprovalReason, 'rule' | 'values'>[]) {
  const then = new Map(approved.map((r) => [r.rule, r.values]));
  const higherIsWorse = (rule: ApprovalRuleKey) => rule === 'max_discount' || rule === 'sale_total';
  return now.every((r) => {
    const before = then.get(r.rule);
    if (!before) return false;
    return Object.entries(r.values).every(([key, value]) => {
      const was = before[key];
      if (was === undefined) return false;
      return higherIsWorse(r.rule) ? value <= was : value >= was;
    });
  });
}
