// Callbacks that keep their identity while the editor renders again, so that the memoized tables and panels they are
// handed to do not render with it (docs/architecture.md#performance-targets: an edit renders only what it changed).
import { useCallback, useMemo, useRef } from 'react';

/** A function that is the same object for the component's life and always calls the latest render's `fn`. */
export function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  ref.current = fn;
  return useCallback((...args: A) => ref.current(...args), []);
}

/**
 * An object of handlers that stays the same while `current()` changes: each calls `current()`'s handler of its name at
 * the time of the call. `names` lists every handler (a Record: the compiler checks that none is missing).
 */
export function delegateHandlers<T extends object>(current: () => T, names: Record<keyof T, true>): T {
  return Object.fromEntries(
    Object.keys(names).map((name) => [
      name,
      (...args: unknown[]) => (current()[name as keyof T] as (...a: unknown[]) => unknown)(...args),
    ]),
  ) as T;
}

/** This render's handlers as one object for the component's life (delegateHandlers; `names` is read once). */
export function useStableHandlers<T extends object>(now: T, names: Record<keyof T, true>): T {
  const ref = useRef(now);
  ref.current = now;
  return useMemo(() => delegateHandlers(() => ref.current, names), []);
}
