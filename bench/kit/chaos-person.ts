// A simulated person of the chaos run (bench/chaos.ts): signed in through the balancer, a Socket.IO connection
// (WebSocket transport, through the balancer) joined to one sale, a local copy of that sale kept as the web app keeps
// it (apps/web/src/features/sale-editor/hooks/useSaleRoom.ts): every delta applied (applySaleDelta), the sale read
// again on a version gap, on a reconnection and when the join says it is newer. In a loop with a person's pauses it
// edits a quantity or a price (with the value it saw as `base`), adds a line, sometimes deletes one or adds a note;
// a publisher also publishes/syncs its sale. A request that fails is not retried: the person reads the sale again
// and carries on. Every request goes into the journal with its outcome (kit/chaos-http.ts).
import {
  applySaleDelta,
  type ClientToServerEvents,
  type IdentifyAck,
  type LineDto,
  type OdooSyncStatus,
  type PasteLinesAnswer,
  type SaleDelta,
  type SaleDto,
  type ServerToClientEvents,
  type SyncOdooAck,
} from '@quotewright/contracts';
import { toDecimal } from '@quotewright/domain';
import { io, type Socket } from 'socket.io-client';
import { type EditField, type Journal, type Kind, type Rec, type Rng, send } from './chaos-http';
import { pause } from './chaos-infra';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface PersonOptions {
  name: string;
  token: string;
  userId: string;
  saleId: string;
  /** The balancer. */
  base: string;
  journal: Journal;
  rng: Rng;
  publisher: boolean;
  /** Unique per run: the added lines' texts carry it. */
  tag: string;
  products: number[];
}

export class Person {
  sale: SaleDto | undefined;
  socket: LiveSocket;
  /** In the sale's room now (connected and the join acknowledged). */
  joined = false;
  disconnectedAt: number | undefined;
  /** Times from a disconnection to the next join (ms). */
  readonly rejoinMs: number[] = [];
  /** Each time out of the room: from the disconnection (or refused connection) to the join after it. */
  readonly outages: { from: number; to?: number }[] = [];
  /** Handshakes the server refused (connect_error with data), and the last one's status. */
  refusals = 0;
  lastRefusal: number | undefined;
  /** The newest delta version received (a gap is seen against it). */
  private newestSeen = 0;
  private reading: Promise<void> | undefined;
  private counter = 0;
  private connectedBefore = false;
  syncStatus: OdooSyncStatus | undefined;
  readonly o: PersonOptions;

  constructor(o: PersonOptions) {
    this.o = o;
    this.socket = io(o.base, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: o.token },
      autoConnect: false,
      forceNew: true,
    }) as LiveSocket;
    this.listen();
  }

  private listen() {
    const s = this.socket;
    s.on('connect', () => {
      s.emit('identify', { sale: this.o.saleId }, (ack: IdentifyAck) => {
        if (!ack?.ok) return;
        this.joined = true;
        if (this.disconnectedAt !== undefined) {
          this.rejoinMs.push(Date.now() - this.disconnectedAt);
          this.disconnectedAt = undefined;
          const open = this.outages.at(-1);
          if (open && open.to === undefined) open.to = Date.now();
        }
        // The web app's checkJoined: a sale read before the join may be older than the room.
        if (ack.version !== undefined && (!this.sale || this.sale.version < ack.version)) void this.reread();
      });
      // A reconnection may have missed deltas: read the sale again.
      if (this.connectedBefore) void this.reread();
      this.connectedBefore = true;
    });
    const out = () => {
      if (this.disconnectedAt !== undefined) return;
      this.disconnectedAt = Date.now();
      this.outages.push({ from: this.disconnectedAt });
    };
    s.on('disconnect', () => {
      this.joined = false;
      out();
    });
    s.on('connect_error', (err: Error & { data?: { status?: number } }) => {
      out();
      if (err.data) {
        this.refusals++;
        this.lastRefusal = err.data.status;
      }
    });
    s.on('sale_changed', (delta) => this.apply(delta));
    s.on('sale_replaced', (e) => {
      if (e.saleId === this.o.saleId && (!this.sale || e.version > this.sale.version)) void this.reread();
    });
    s.on('odoo_sync_status', (st) => {
      if (st.saleId !== this.o.saleId) return;
      this.syncStatus = st;
      if (st.state !== 'queued' && st.state !== 'syncing') void this.reread();
    });
  }

  async start(): Promise<void> {
    await this.reread();
    this.socket.connect();
  }

  /** A delta (the room's, or the answer to this person's own change) laid on the local copy. */
  apply(delta: SaleDelta): void {
    if (delta.saleId !== this.o.saleId) return;
    this.newestSeen = Math.max(this.newestSeen, delta.version);
    const held = this.sale;
    if (!held || delta.version <= held.version) return;
    const next = applySaleDelta(held, delta);
    if (next === 'refetch') void this.reread();
    else this.sale = next;
  }

  /** GET the sale (one read at a time; again while a newer version was announced meanwhile). */
  reread(): Promise<void> {
    // Asked while a read is under way (a reconnection, a newer join): one more read after it, as the web app's
    // invalidation cancels the read under way and starts a new one.
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        for (let i = 0; i < 5; i++) {
          this.again = false;
          const a = await this.request('read', 'GET', `/api/sales/${this.o.saleId}`);
          if (a.outcome !== 'acknowledged') {
            await pause(500);
            continue;
          }
          const got = a.json as SaleDto;
          if (!this.sale || got.version >= this.sale.version) this.sale = got;
          if (this.newestSeen <= this.sale.version && !this.again) break;
        }
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }
  private again = false;

  private async request(kind: Kind, method: string, path: string, body?: unknown, extra: Partial<Rec> = {}) {
    const start = Date.now();
    const a = await send(this.o.base, method, path, this.o.token, body);
    const version = a.outcome === 'acknowledged' ? (a.json as { version?: number } | undefined)?.version : undefined;
    const rec = this.o.journal.add({
      person: this.o.name,
      kind,
      sale: this.o.saleId,
      start,
      end: Date.now(),
      outcome: a.outcome,
      status: a.status,
      ...(a.code ? { code: a.code } : {}),
      ...(kind !== 'read' && version !== undefined ? { version } : {}),
      ...extra,
    });
    return Object.assign(a, { rec });
  }

  /** After a write: the answer's delta applied; anything but an acknowledgement: the sale read again. */
  private async written(a: { outcome: string; json: unknown }) {
    if (a.outcome === 'acknowledged') this.apply(a.json as SaleDelta);
    else await this.reread();
  }

  /** One action, after a person's pause. */
  async step(): Promise<void> {
    const { rng } = this.o;
    await pause(rng.int(100, 600));
    if (!this.sale) {
      await this.reread();
      return;
    }
    const sections = this.sale.sections.filter((s) => s.lines.length > 0);
    if (sections.length === 0) return;
    const section = rng.pick(sections);
    const roll = rng.next();
    if (this.o.publisher && roll < 0.04) {
      await this.publish();
      return;
    }
    if (roll < 0.62) return this.edit(section._id, section.lines);
    if (roll < 0.84) return this.add(section._id, section.lines.length);
    if (roll < 0.92) return this.remove(section._id, section.lines);
    return this.note(section._id, section.lines.length);
  }

  private async edit(section: string, lines: LineDto[]) {
    const products = lines.filter((l) => l.kind === 'product');
    if (products.length === 0) return;
    const line = this.o.rng.pick(products);
    const field: EditField = this.o.rng.chance(0.7) ? 'quantity' : 'price';
    let value =
      field === 'quantity' ? String(this.o.rng.int(1, 9999)) : (this.o.rng.int(100, 99_999_99) / 100).toFixed(2);
    // A change, never the value the line shows (the server answers an edit that changes nothing without a version).
    if (toDecimal(value).eq(toDecimal(line[field]))) value = toDecimal(value).plus(1).toString();
    const body = [{ _id: line._id, [field]: value, base: { [field]: line[field] } }];
    const a = await this.request('edit', 'POST', `/api/sales/lines/update/${this.o.saleId}/${section}`, body, {
      section,
      line: line._id,
      field,
      value,
    });
    await this.written(a);
  }

  private marker(kind: string) {
    return `chaos ${this.o.tag} ${this.o.name} ${kind} #${++this.counter}`;
  }

  private async add(section: string, count: number) {
    const marker = this.marker('line');
    const body = {
      lines: [{ product: this.o.rng.pick(this.o.products), quantity: '1', name: marker }],
      sequence: this.o.rng.chance(0.5) ? -1 : this.o.rng.int(0, count),
    };
    const a = await this.request('add', 'POST', `/api/sales/lines/paste/${this.o.saleId}/${section}`, body, {
      section,
      marker,
    });
    if (a.outcome === 'acknowledged') a.rec.line = (a.json as PasteLinesAnswer).ids[0];
    await this.written(a);
  }

  private async note(section: string, count: number) {
    const marker = this.marker('note');
    const body = { name: marker, sequence: this.o.rng.int(-1, count) };
    const a = await this.request('note', 'POST', `/api/sales/lines/note/${this.o.saleId}/${section}`, body, {
      section,
      marker,
    });
    if (a.outcome === 'acknowledged')
      a.rec.line = (a.json as SaleDelta).changes.lines?.changed.find((c) => c.line.name === marker)?.line._id;
    await this.written(a);
  }

  private async remove(section: string, lines: LineDto[]) {
    // Keep the sections from running dry: a line is deleted only from a section that holds a few.
    if (lines.length < 5) return;
    const line = this.o.rng.pick(lines);
    const a = await this.request('delete', 'POST', `/api/sales/lines/delete/${this.o.saleId}/${section}`, [line._id], {
      section,
      line: line._id,
    });
    await this.written(a);
  }

  /** Publish/sync on the socket (sync_odoo), as the Publish button does; the run's end comes as odoo_sync_status. */
  async publish(): Promise<SyncOdooAck | undefined> {
    const start = Date.now();
    const rec = (outcome: Rec['outcome'], code?: string) =>
      this.o.journal.add({
        person: this.o.name,
        kind: 'publish',
        sale: this.o.saleId,
        start,
        end: Date.now(),
        outcome,
        status: 0,
        ...(code ? { code } : {}),
      });
    // Not connected: the Publish button has no socket to send it on (nothing is sent).
    if (!this.joined) return undefined;
    try {
      const ack = (await this.socket
        .timeout(15_000)
        .emitWithAck('sync_odoo', { sale: this.o.saleId, create_new: false })) as SyncOdooAck;
      if (ack.ok) this.syncStatus = ack.status;
      // A refusal the server could not decide (its database away) is a failure, not a refusal.
      const failed = !ack.ok && /could not|try again/i.test(ack.detail);
      rec(ack.ok ? 'acknowledged' : failed ? 'failed' : 'refused', ack.ok ? undefined : ack.detail.slice(0, 80));
      return ack;
    } catch {
      rec('failed', 'NO_ACK');
      return undefined;
    }
  }

  /**
   * The final resync: back in the room (within `timeoutMs`), joined again, and the sale read again when the room is
   * newer than the copy (what the web app does on a join). False when the socket never came back.
   */
  async resync(timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (!this.joined && Date.now() < until) await pause(100);
    if (!this.joined) return false;
    try {
      const ack = (await this.socket.timeout(5000).emitWithAck('identify', { sale: this.o.saleId })) as IdentifyAck;
      if (!ack.ok) return false;
      if (!this.sale || (ack.version !== undefined && ack.version > this.sale.version)) await this.reread();
      await this.reading;
      return true;
    } catch {
      return false;
    }
  }

  /** Cuts the connection under the socket, as a network drop would (no close handshake). */
  dropSocket(): boolean {
    const engine = this.socket.io.engine as unknown as { transport?: { ws?: { _socket?: { destroy(): void } } } };
    const raw = engine?.transport?.ws?._socket;
    if (!raw) return false;
    raw.destroy();
    return true;
  }

  close(): void {
    this.socket.close();
  }
}
