// The lines and sections that break an approval rule, marked in the tables. The editor's approval banner evaluates
// the sale as it changes and hands the offending ids here; each row subscribes to ITS id only
// (useSyncExternalStore), so an edit re-renders the rows whose mark changed, never the table.
import { useCallback, useSyncExternalStore } from 'react';

/** Why an id is marked ("under 15 % margin"), by id. */
let marks = new Map<string, string>();
const listeners = new Map<string, Set<() => void>>();

/** Sets the marks of the sale shown (an empty map clears them); only the ids whose mark changed are told. */
export function setApprovalMarks(next: Map<string, string>): void {
  const before = marks;
  marks = next;
  const touched = new Set<string>();
  for (const [id, why] of before) if (next.get(id) !== why) touched.add(id);
  for (const [id, why] of next) if (before.get(id) !== why) touched.add(id);
  for (const id of touched) for (const l of listeners.get(id) ?? []) l();
}

/** Why the line or section `id` needs approval, or undefined. */
export function useApprovalMark(id: string): string | undefined {
  const subscribe = useCallback(
    (l: () => void) => {
      const set = listeners.get(id) ?? new Set<() => void>();
      listeners.set(id, set);
      set.add(l);
      return () => {
        set.delete(l);
        if (set.size === 0) listeners.delete(id);
      };
    },
    [id],
  );
  return useSyncExternalStore(
    subscribe,
    () => marks.get(id),
    () => undefined,
  );
}
