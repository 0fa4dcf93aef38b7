// When the query cache tells the screens of a change. TanStack Query's default is a later task (setTimeout 0), after
// the browser has drawn a frame: right for most changes (answers, refetches), which it batches, and which mutation
// callbacks expect to run before the screens re-render. A change a person has just made by a key press — the
// optimistic value of an edit — is told at the end of the key's own task instead (a microtask), so it is on screen
// in the frame that follows Enter, not ~50 ms later on a big quote.
import { notifyManager } from '@tanstack/react-query';

let now = false;

notifyManager.setScheduler((tell) => {
  if (now) queueMicrotask(tell);
  else setTimeout(tell, 0);
});

/** Runs `change` (cache writes) so that the screens are told of it at the end of the current task. */
export function notifyNow<T>(change: () => T): T {
  const was = now;
  now = true;
  try {
    return change();
  } finally {
    now = was;
  }
}
