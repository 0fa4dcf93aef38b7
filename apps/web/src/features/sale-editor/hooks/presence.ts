// Presence in the lines table: a row shows who else has one of its cells open. The sale's room (useSaleRoom) feeds
// the others' open cells in (`presence` events) and sends this browser's (`editing`); an open cell (EditableCell)
// reports itself here. Each row subscribes to ITS line only (useSyncExternalStore keyed by line id): a cell opened
// or closed anywhere re-renders the one or two rows concerned, never the table.
import type { PresenceEvent } from '@quotewright/contracts';
import { useCallback, useSyncExternalStore } from 'react';

export interface RowEditor {
  id: string;
  name: string;
}

const NOBODY: readonly RowEditor[] = [];

/** Open cells of others: by socket key, the person and the line. */
const cells = new Map<string, { user: RowEditor; line: string }>();
/** Who is on each line, as last handed to its subscribers (a new array only when it changes). */
const byLine = new Map<string, readonly RowEditor[]>();
const listeners = new Map<string, Set<() => void>>();
let me: string | null = null;

function recompute(lines: Iterable<string>) {
  for (const line of new Set(lines)) {
    const seen = new Set<string>();
    const on: RowEditor[] = [];
    for (const c of cells.values()) {
      if (c.line !== line || seen.has(c.user.id)) continue;
      seen.add(c.user.id);
      on.push(c.user);
    }
    const before = byLine.get(line) ?? NOBODY;
    if (before.length === on.length && before.every((e, i) => e.id === on[i]!.id && e.name === on[i]!.name)) continue;
    if (on.length === 0) byLine.delete(line);
    else byLine.set(line, on);
    for (const l of listeners.get(line) ?? []) l();
  }
}

/**
 * Applies a `presence` event of the sale shown. `self`: this person's id — their own cells (another tab) are not
 * marked.
 */
export function receivePresence(e: PresenceEvent, self: string | null): void {
  me = self;
  const touched: string[] = [];
  if (e.all) {
    for (const c of cells.values()) touched.push(c.line);
    cells.clear();
  }
  for (const c of e.cells) {
    const was = cells.get(c.key);
    if (was) touched.push(was.line);
    if (c.line === null || c.user.id === me) cells.delete(c.key);
    else {
      cells.set(c.key, { user: c.user, line: c.line });
      touched.push(c.line);
    }
  }
  recompute(touched);
}

/** Forgets everyone (the room was left, or the connection lost: a snapshot comes with the next join). */
export function clearPresence(): void {
  const touched = [...cells.values()].map((c) => c.line);
  cells.clear();
  recompute(touched);
}

/** Who else has a cell of `line` open (a stable array while that does not change). */
export function useRowEditors(line: string): readonly RowEditor[] {
  const subscribe = useCallback(
    (changed: () => void) => {
      let set = listeners.get(line);
      if (!set) {
        set = new Set();
        listeners.set(line, set);
      }
      set.add(changed);
      return () => {
        set.delete(changed);
        if (set.size === 0) listeners.delete(line);
      };
    },
    [line],
  );
  const snapshot = () => byLine.get(line) ?? NOBODY;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

// ─── This browser's open cell ───────────────────────────────────────────────────────────────────────────────────

/**
 * How long a change of this browser's open cell waits before it is sent: moving from one cell to the next of the
 * same row (close, then open) sends nothing, and a person moving through many cells sends the last state only.
 */
export const PRESENCE_SETTLE_MS = 120;

/** Lines whose cell is open here (a count each: a cell may open before the previous one's cleanup ran). */
const openHere = new Map<string, number>();
/** The line last opened that is still open. */
let current: string | null = null;
/** What the others were last told (undefined: not known to be told anything). */
let sent: string | null | undefined;
let sender: ((line: string | null) => void) | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function schedule() {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    if (sender && current !== sent) {
      sent = current;
      sender(current);
    }
  }, PRESENCE_SETTLE_MS);
}

/** A cell of `line` opened here; answers the function to call when it closes. */
export function openCell(line: string): () => void {
  openHere.set(line, (openHere.get(line) ?? 0) + 1);
  current = line;
  schedule();
  return () => {
    const left = (openHere.get(line) ?? 1) - 1;
    if (left > 0) openHere.set(line, left);
    else openHere.delete(line);
    if (current === line && left <= 0) current = openHere.keys().next().value ?? null;
    schedule();
  };
}

/** How long to wait before sending the open cell again after the server refused it (too many events at once). */
const RETRY_MS = 1000;

/** The server did not take the last state sent: it is sent again a little later (the latest state then). */
export function presenceRefused(): void {
  sent = undefined;
  setTimeout(schedule, RETRY_MS);
}

/**
 * The room's way of telling the others (`editing`), or null when there is none (left, disconnected). A new sender
 * (a (re)joined room) is told the cell open now, if any.
 */
export function setPresenceSender(send: ((line: string | null) => void) | null): void {
  sender = send;
  sent = undefined;
  if (send && current !== null) schedule();
}
