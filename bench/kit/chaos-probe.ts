// The chaos run's probe (bench/chaos.ts): a user of its own that asks, through the balancer, whether requests of each
// kind succeed again after a fault — an edit of its own sale (a write through the database), the same edit's delta
// reaching a socket on EACH app (live co-editing across processes, through Redis), a publish/sync reaching `synced`
// (the ERP) — and how long that took. Its sockets connect to each app directly (to tell the processes apart).
import type {
  ClientToServerEvents,
  IdentifyAck,
  OdooSyncStatus,
  SaleDto,
  ServerToClientEvents,
  SyncOdooAck,
} from '@quotewright/contracts';
import { io, type Socket } from 'socket.io-client';
import type { App } from './chaos-apps';
import { send } from './chaos-http';
import { pause } from './chaos-infra';
import { smallSale } from './chaos-setup';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Waited {
  /** ms from `from` to the first success (undefined: not within the time allowed). */
  ms: number | undefined;
  /** Probes that failed on the way. */
  failures: number;
}

export class Probe {
  private readonly seen = new Map<string, Map<number, number>>();
  private readonly sockets: LiveSocket[] = [];
  private counter = 0;
  private balancerSocket: LiveSocket;

  constructor(
    readonly base: string,
    readonly token: string,
    readonly sale: SaleDto,
    apps: App[],
    readonly customer: { id: number; name: string },
    readonly products: number[],
  ) {
    for (const app of apps) {
      const seen = new Map<number, number>();
      this.seen.set(app.name, seen);
      const s = io(app.url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
        forceNew: true,
      }) as LiveSocket;
      s.on('connect', () => s.emit('identify', { sale: sale._id }, (_ack: IdentifyAck) => undefined));
      s.on('sale_changed', (d) => {
        if (d.saleId === sale._id) seen.set(d.version, Date.now());
      });
      // A refused handshake (the database down a moment) is not retried by socket.io: the probe tries again.
      s.on('connect_error', (err: Error & { data?: unknown }) => {
        if (err.data) setTimeout(() => s.connect(), 500);
      });
      this.sockets.push(s);
    }
    this.balancerSocket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
    }) as LiveSocket;
    this.balancerSocket.on('connect_error', (err: Error & { data?: unknown }) => {
      if (err.data) setTimeout(() => this.balancerSocket.connect(), 500);
    });
  }

  /** One edit of the probe sale's first line; its version when acknowledged. */
  async edit(): Promise<number | undefined> {
    const section = this.sale.sections[0]!;
    const line = section.lines[0]!;
    const a = await send<{ version: number }>(
      this.base,
      'POST',
      `/api/sales/lines/update/${this.sale._id}/${section._id}`,
      this.token,
      [{ _id: line._id, quantity: String((++this.counter % 500) + 1) }],
      5000,
    );
    return a.outcome === 'acknowledged' ? a.json.version : undefined;
  }

  /** Edits every 200 ms until one is acknowledged after `from`. */
  async editsOk(from: number, timeoutMs: number): Promise<Waited> {
    let failures = 0;
    while (Date.now() - from < timeoutMs) {
      const t = Date.now();
      const v = await this.edit();
      if (v !== undefined && t >= from) return { ms: Date.now() - from, failures };
      if (v === undefined) failures++;
      await pause(200);
    }
    return { ms: undefined, failures };
  }

  /** Edits until one's delta reaches the probe's socket on every app (within 2 s of its answer). */
  async realtimeOk(from: number, timeoutMs: number): Promise<Waited> {
    let failures = 0;
    while (Date.now() - from < timeoutMs) {
      const v = await this.edit();
      if (v !== undefined) {
        const until = Date.now() + 2000;
        while (Date.now() < until && ![...this.seen.values()].every((m) => m.has(v))) await pause(50);
        if ([...this.seen.values()].every((m) => m.has(v)))
          return { ms: Math.max(...[...this.seen.values()].map((m) => m.get(v)!)) - from, failures };
      }
      failures++;
      await pause(200);
    }
    return { ms: undefined, failures };
  }

  /** A small sale of the probe's own: what an ERP fault publishes. */
  newSale(name: string): Promise<SaleDto> {
    return smallSale(this.base, this.token, name, this.customer, this.products);
  }

  /** sync_odoo on the probe's balancer socket (the run started, or the one under way; no need to join the sale). */
  async startSync(saleId: string): Promise<SyncOdooAck | undefined> {
    const s = this.balancerSocket;
    if (!s.connected) return undefined;
    try {
      return (await s.timeout(15_000).emitWithAck('sync_odoo', { sale: saleId, create_new: false })) as SyncOdooAck;
    } catch {
      return undefined;
    }
  }

  /** The sale's publish/sync status (GET through the balancer), or undefined. */
  async status(saleId: string): Promise<OdooSyncStatus | undefined> {
    const a = await send<OdooSyncStatus>(
      this.base,
      'GET',
      `/api/sales/odoo/status/${saleId}`,
      this.token,
      undefined,
      5000,
    );
    return a.outcome === 'acknowledged' ? a.json : undefined;
  }

  /**
   * Until the sale is synced by a run that finished after `from`: a run that ended otherwise (error, unknown) is
   * started again, as a person would click Publish again; a run under way is waited for (polled every 500 ms).
   */
  async erpOk(saleId: string, from: number, timeoutMs: number): Promise<Waited & { state?: string }> {
    let failures = 0;
    let st = await this.status(saleId);
    while (Date.now() - from < timeoutMs) {
      const finished = !!st && st.state !== 'queued' && st.state !== 'syncing';
      const recent = !!st?.finishedAt && Date.parse(st.finishedAt) >= from;
      if (finished && recent && st!.state === 'synced') return { ms: Date.parse(st!.finishedAt!) - from, failures };
      if (!st || finished) {
        if (finished && recent) failures++;
        await this.startSync(saleId);
      }
      await pause(500);
      st = await this.status(saleId);
    }
    return { ms: undefined, failures, ...(st ? { state: st.state } : {}) };
  }

  close(): void {
    for (const s of this.sockets) s.close();
    this.balancerSocket.close();
  }
}
