// What the process does with a promise rejection nobody handled (decision 0019): it logs it and keeps serving.
// Every request and every job runs in its own chain and its own database transaction, and the database holds the
// state, so one forgotten rejection (a bug: e.g. a write on a connection PostgreSQL just dropped) leaves nothing
// shared half-changed; exiting instead would cut off every signed-in person and leave the jobs of this process
// "running" until another process takes them over. A synchronous exception that reached the event loop still ends
// the process (Node's default): code stopped half-way through may have left memory inconsistent.

interface Log {
  error(obj: object, msg?: string): void;
}

/** Installs the handler once per process; answers how many rejections it has logged so far. */
export function guardUnhandledRejections(log: Log, proc: NodeJS.EventEmitter = process): () => number {
  let count = 0;
  proc.on('unhandledRejection', (reason: unknown) => {
    count += 1;
    log.error(
      { err: reason instanceof Error ? { message: reason.message, stack: reason.stack } : { value: String(reason) } },
      'unhandled promise rejection (a bug: logged, the server keeps serving)',
    );
  });
  return () => count;
}
