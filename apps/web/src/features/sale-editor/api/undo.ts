// Undo and redo of the person's own edits in a sale (docs/product/rules.md#undo-and-redo). Each edit this browser
// made and the server accepted becomes a step (packages/contracts undo.ts: what it touched before and after, from the
// server's sale at the version before it and the edit's delta). Undo sends the step back as a new edit
// (POST /api/sales/revert): co-editors see it like any edit, and the server refuses it — changing nothing — when
// someone has changed what it touches since; the step is then dropped and the person told why. Steps live as long as
// the page (per sale), at most MAX_STEPS of them.
import {
  type RevertAnswer,
  type RevertStep,
  remapRevertStep,
  revertBodyOf,
  revertStepOf,
  type SaleDelta,
  saleRevertApi,
} from '@quotewright/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import type { Sale } from './types';

/** The most steps kept per sale (the oldest are forgotten). */
export const MAX_STEPS = 100;
/** Confirmed sales kept per sale, by version: the sale before each of the latest deltas. */
const KEPT_VERSIONS = 12;

interface History {
  done: RevertStep[];
  undone: RevertStep[];
  /** The server's sale before each recent delta, by its version. */
  before: Map<number, Sale>;
  /** Undo/redo requests run one after the other. */
  queue: Promise<unknown>;
  /** Changes with each change of the stacks (for useSyncExternalStore). */
  stamp: number;
  listeners: Set<() => void>;
}

const histories = new WeakMap<QueryClient, Map<string, History>>();

function historyOf(qc: QueryClient, saleId: string): History {
  let bySale = histories.get(qc);
  if (!bySale) {
    bySale = new Map();
    histories.set(qc, bySale);
  }
  let h = bySale.get(saleId);
  if (!h) {
    h = { done: [], undone: [], before: new Map(), queue: Promise.resolve(), stamp: 0, listeners: new Set() };
    bySale.set(saleId, h);
  }
  return h;
}

function changed(h: History) {
  h.stamp++;
  for (const listener of h.listeners) listener();
}

/** Keeps the server's sale a delta was applied to (optimistic.ts applyServerDelta), for the step of an own edit. */
export function rememberBefore(qc: QueryClient, before: Sale): void {
  const h = historyOf(qc, before._id);
  h.before.set(before.version, before);
  for (const version of h.before.keys()) {
    if (h.before.size <= KEPT_VERSIONS) break;
    h.before.delete(version);
  }
}

/** Records an own edit the server accepted (its answer), once it is in the cache: a new step; redo is forgotten. */
export function recordEdit(qc: QueryClient, saleId: string, answer: SaleDelta): void {
  const h = historyOf(qc, saleId);
  const before = h.before.get(answer.version - 1);
  const step = before ? revertStepOf(before, answer) : undefined;
  if (!step) return;
  h.done.push(step);
  if (h.done.length > MAX_STEPS) h.done.shift();
  h.undone = [];
  changed(h);
}

/** How many steps can be undone and redone (a stamp that changes with them, for a store snapshot). */
export function undoState(qc: QueryClient, saleId: string) {
  const h = historyOf(qc, saleId);
  return { undo: h.done.length, redo: h.undone.length, stamp: h.stamp };
}

export function subscribeUndo(qc: QueryClient, saleId: string, listener: () => void): () => void {
  const h = historyOf(qc, saleId);
  h.listeners.add(listener);
  return () => h.listeners.delete(listener);
}

/**
 * Undoes (or redoes) the newest step; `store` puts the answer in the cache. Resolves to false when there was nothing
 * to do; rejects with the server's refusal (the step is dropped: it can no longer be put back).
 */
export function revertNewest(
  qc: QueryClient,
  saleId: string,
  undo: boolean,
  store: (answer: RevertAnswer) => Promise<void>,
): Promise<boolean> {
  const h = historyOf(qc, saleId);
  const run = async () => {
    const from = undo ? h.done : h.undone;
    const step = from.pop();
    if (!step) return false;
    changed(h);
    const answer = await call(saleRevertApi.revert, { params: { saleId }, body: revertBodyOf(step, undo) });
    // a section brought back is a new section: every step names it by its new id
    const remap = (steps: RevertStep[]) => steps.map((s) => remapRevertStep(s, answer.sections));
    h.done = remap(h.done);
    h.undone = remap(h.undone);
    (undo ? h.undone : h.done).push(remapRevertStep(step, answer.sections));
    changed(h);
    await store(answer);
    return true;
  };
  const next = h.queue.then(run, run);
  h.queue = next.catch(() => undefined);
  return next;
}
