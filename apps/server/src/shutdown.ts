// Rolling restarts (README "Running several processes", issue #25): SIGTERM drains the process instead of dropping
// what it is doing.
//  1. /api/ready answers 503 `draining` at once, while everything else is still served: the load balancer, which
//     polls it, stops sending new requests here during `delayMs` (give it two of its check intervals).
//  2. Then Fastify closes: the listening socket first (no new connection), each live socket is closed at its transport
//     so its client reconnects by itself — through the balancer, to another process — and identifies again;
//     requests in flight are answered; idle keep-alive connections are closed.
//  3. The job workers stop taking jobs and wait for the ones running (pg-boss graceful stop); a run that outlives
//     that wait is taken over by another process when its heartbeat goes stale, as after a crash.
// A second signal, or `timeoutMs` passing, ends the process at once (exit code 1).
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** How long the process serves on after /api/ready turned 503 (0: close at once). */
  delayMs: number;
  /** The longest a drain may take before the process exits anyway. */
  timeoutMs: number;
  /** After the app closed: the ERP connection, the database, the data directory's lock. */
  release: () => Promise<void>;
  exit?: (code: number) => void;
  /** Waits `ms` (tests pass one they control). */
  wait?: (ms: number) => Promise<void>;
}

/**
 * While the process drains, every answer says `Connection: close`: the client (the balancer) opens its next
 * connection elsewhere instead of sending more requests on this one, and server.close() is not kept waiting by it.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply) => {
    if (app.readiness?.isDraining()) reply.header('connection', 'close');
  });
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Drains then closes the app; resolves once it is closed and released (then exits with 0). */
export async function drain(app: FastifyInstance, reason: string, opts: DrainOptions): Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const deadline = setTimeout(() => {
    app.log.error({ timeoutMs: opts.timeoutMs }, 'shutdown took too long: exiting now');
    exit(1);
  }, opts.timeoutMs);
  deadline.unref();
  const started = Date.now();
  app.readiness?.markDraining();
  app.log.info({ reason, delayMs: opts.delayMs }, 'draining: /api/ready answers 503, serving on meanwhile');
  try {
    if (opts.delayMs > 0) await (opts.wait ?? pause)(opts.delayMs);
    // A keep-alive connection that turns idle once its request is answered is closed (server.close() waits for it).
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(idle);
    }
    await opts.release();
    app.log.info({ ms: Date.now() - started }, 'drained and closed');
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    clearTimeout(deadline);
    exit(1);
    return;
  }
  clearTimeout(deadline);
  exit(0);
}

/**
 * SIGTERM (orchestrators, rolling restarts) drains with the configured delay; SIGINT (Ctrl-C at a terminal) closes
 * without it. A second signal during the drain exits at once.
 */
export function drainOnSignals(app: FastifyInstance, opts: DrainOptions): void {
  let draining = false;
  const on = (signal: 'SIGTERM' | 'SIGINT') => () => {
    if (draining) {
      app.log.warn({ signal }, 'second signal while draining: exiting now');
      (opts.exit ?? process.exit)(1);
      return;
    }
    draining = true;
    void drain(app, signal, signal === 'SIGINT' ? { ...opts, delayMs: 0 } : opts);
  };
  process.on('SIGTERM', on('SIGTERM'));
  process.on('SIGINT', on('SIGINT'));
}
