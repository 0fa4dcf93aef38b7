// Access control knobs: model ACLs, field groups and record rules per user, producing Odoo's AccessError texts.
import { accessError } from './errors.js';
import type { Rec, Version } from './types.js';

export type Op = 'read' | 'write' | 'create' | 'unlink';

interface ModelDeny {
  ops: Set<Op>;
  group: string;
}

const OP_VERB: Record<Op, string> = { read: 'access', write: 'modify', create: 'create', unlink: 'delete' };

/** Presets naming the groups an integration user may lack. */
export const GROUP_PRESETS = {
  /** 'Technical / Show Accounting Features - Readonly': analytic balances/debit/credit, journal items, analytic lines. */
  accounting_readonly: {
    group: 'Technical / Show Accounting Features - Readonly',
    fields: { 'account.analytic.account': ['balance', 'debit', 'credit'] },
    models: ['account.analytic.line', 'account.move.line', 'account.move', 'account.account'],
  },
  /** Analytic accounting: analytic accounts, plans and lines. */
  analytic: {
    group: 'Analytic Accounting',
    fields: {},
    models: ['account.analytic.line', 'account.analytic.account', 'account.analytic.plan'],
  },
  /** Inventory user. */
  stock: {
    group: 'Inventory / User',
    fields: {},
    models: ['stock.quant', 'stock.location', 'stock.warehouse', 'stock.lot'],
  },
} as const;

export type GroupPreset = keyof typeof GROUP_PRESETS;

/** `E`: the Env record rules are called with (store.ts's; a parameter, so that this module need not import the store). */
export class AccessControl<E> {
  private readonly modelDeny = new Map<string, ModelDeny>(); // key `${uid}|${model}`
  private readonly fieldDeny = new Map<string, Map<string, string>>(); // key `${uid}|${model}` → field → group
  private readonly rules = new Map<string, (env: E, rec: Rec) => boolean>(); // key `${uid}|${model}`
  private readonly builtin: Array<() => void> = [];
  private readonly version: Version;
  private userName: (uid: number) => string = (uid) => `User ${uid}`;
  private modelLabel: (model: string) => string = (m) => m;

  constructor(version: Version) {
    this.version = version;
  }

  bindLabels(userName: (uid: number) => string, modelLabel: (model: string) => string) {
    this.userName = userName;
    this.modelLabel = modelLabel;
  }

  /** Make `uid` lack the group that grants `ops` on `model` (ACL-level AccessError). */
  denyModel(uid: number, model: string, ops: Op[] | Op = ['read', 'write', 'create', 'unlink'], group?: string) {
    this.modelDeny.set(`${uid}|${model}`, {
      ops: new Set(Array.isArray(ops) ? ops : [ops]),
      group: group ?? 'Administration/Settings',
    });
  }

  /** Make `fields` of `model` unreadable for `uid` (field-groups AccessError). */
  restrictFields(uid: number, model: string, fields: string[], group: string) {
    const key = `${uid}|${model}`;
    const m = this.fieldDeny.get(key) ?? new Map<string, string>();
    for (const f of fields) m.set(f, group);
    this.fieldDeny.set(key, m);
  }

  /** Record rule: `uid` only sees records of `model` for which `allow` is true. */
  addRule(uid: number, model: string, allow: (env: E, rec: Rec) => boolean) {
    this.rules.set(`${uid}|${model}`, allow);
  }

  /** Remove a whole group from `uid` (see GROUP_PRESETS). */
  removeGroup(uid: number, preset: GroupPreset) {
    const p = GROUP_PRESETS[preset];
    for (const [model, fields] of Object.entries(p.fields)) this.restrictFields(uid, model, [...fields], p.group);
    for (const model of p.models) this.denyModel(uid, model, ['read', 'write', 'create', 'unlink'], p.group);
  }

  /** Rules that are part of the seed (the restricted demo user); re-applied by reset(). */
  addBuiltin(apply: () => void) {
    this.builtin.push(apply);
    apply();
  }

  reset() {
    this.modelDeny.clear();
    this.fieldDeny.clear();
    this.rules.clear();
    for (const b of this.builtin) b();
  }

  checkModel(uid: number, model: string, op: Op) {
    const d = this.modelDeny.get(`${uid}|${model}`);
    if (!d?.ops.has(op)) return;
    throw accessError(
      `You are not allowed to ${OP_VERB[op]} '${this.modelLabel(model)}' (${model}) records.\n\nThis operation is allowed for the following groups:\n\t- ${d.group}\n\nContact your administrator to request access if necessary.`,
    );
  }

  checkFields(uid: number, model: string, fields: string[], op: 'read' | 'write' = 'read') {
    const m = this.fieldDeny.get(`${uid}|${model}`);
    if (!m) return;
    const bad = fields.filter((f) => m.has(f));
    if (!bad.length) return;
    const lines = [...bad]
      .sort()
      .map((f) => `- ${f} (allowed for groups '${m.get(f)}')`)
      .join('\n');
    throw accessError(
      `You do not have enough rights to access the fields "${bad.join(',')}" on ${this.modelLabel(model)} (${model}). Please contact your system administrator.\n\nOperation: ${op}\nUser: ${uid}\nFields:\n${lines}`,
    );
  }

  deniedFields(uid: number, model: string): Set<string> {
    return new Set(this.fieldDeny.get(`${uid}|${model}`)?.keys() ?? []);
  }

  rule(uid: number, model: string): ((env: E, rec: Rec) => boolean) | undefined {
    return this.rules.get(`${uid}|${model}`);
  }

  ruleError(uid: number, model: string, op: Op): never {
    void this.version;
    throw accessError(
      `Uh-oh! Looks like you have stumbled upon some top-secret records.\n\nSorry, ${this.userName(uid)} (id=${uid}) doesn't have '${op}' access to:\n- ${this.modelLabel(model)} (${model})\n\nIf you really, really need access, perhaps you can win over your friendly administrator with a batch of freshly baked cookies.`,
    );
  }
}
