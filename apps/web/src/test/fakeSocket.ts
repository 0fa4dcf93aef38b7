// A stand-in for the Socket.IO client: records what the app emits, answers acks, and lets a test play the server.
import type { LiveSocket, SocketHolder } from '../lib/socket';

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  constructor(readonly holder: SocketHolder = 'screen') {}
  connected = false;
  closed = false;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The ack answer of a client event (identify answers ok by default). */
  answer: (event: string, args: unknown[]) => unknown = () => ({ ok: true });

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener?: Listener) {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as Listener) : undefined;
    this.emitted.push({ event, args });
    if (ack) queueMicrotask(() => ack(this.answer(event, args)));
    return this;
  }
  connect() {
    this.closed = false;
    this.connected = true;
    queueMicrotask(() => this.serverSends('connect'));
    return this;
  }
  close() {
    this.connected = false;
    this.closed = true;
    return this;
  }
  disconnect() {
    return this.close();
  }
  /** The server sends `event` (or the connection reports it: connect, disconnect). */
  serverSends(event: string, ...args: unknown[]) {
    for (const l of [...(this.listeners.get(event) ?? [])]) l(...args);
  }
  /** Drops and re-establishes the connection, as Socket.IO's automatic reconnection does. */
  reconnect() {
    this.serverSends('disconnect', 'transport close');
    this.serverSends('connect');
  }
  /** The payloads the app emitted for `event`. */
  sent(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.args[0]);
  }
}

/** Every fake socket created since the last reset, newest last. */
export const fakeSockets: FakeSocket[] = [];
/** Set by a test before the app creates its socket: how that socket answers acks (reset with the sockets). */
export const nextSocket: { answer?: (event: string, args: unknown[]) => unknown } = {};

export function fakeSocketFactory(holder: SocketHolder): LiveSocket {
  const socket = new FakeSocket(holder);
  if (nextSocket.answer) socket.answer = nextSocket.answer;
  fakeSockets.push(socket);
  return socket as unknown as LiveSocket;
}

/** The newest socket of a screen (the shell's socket of an approver's notices is not one). */
export const lastSocket = (): FakeSocket => {
  const s = fakeSockets.findLast((f) => f.holder === 'screen');
  if (!s) throw new Error('no socket was created');
  return s;
};

/** The shell's socket (an approver's notices), once it is created. */
export const shellSocket = (): FakeSocket | undefined => fakeSockets.findLast((f) => f.holder === 'shell');
