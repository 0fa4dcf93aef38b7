// Realtime limits benchmark: what a misbehaving client costs the server, and how many `editors` messages a crowd in
// one sale produces. (1) One viewer sends FLOOD identify events at once while an observer sits in the sale: how long
// until the server has dealt with it (the flooder disconnected), how many events were handled or refused, and how
// many `editors` lists the observer received. (2) CROWD_PEOPLE people with TABS tabs each join one sale at once: the
// `editors` messages in all (one per join to everyone in the room would grow with the square of the sockets), and
// every socket's final list (one entry per person). (3) One account opening CROWD_PEOPLE × TABS sockets: how many are
// refused. Memory is the whole process's (clients run in it too). PGlite; prints JSON; not a test.
import { performance } from 'node:perf_hooks';
import type { ClientToServerEvents, EditorsEvent, SaleDto, ServerToClientEvents } from '@quotewright/contracts';
import { insertUser } from '@quotewright/db/factories';
import { defaultModules } from '@quotewright/domain';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { hashPassword } from '../apps/server/src/infra/passwords';
import { openDatabase } from './kit/bench-kit';

const FLOOD = Number(process.env.BENCH_FLOOD ?? 20_000);
const CROWD_PEOPLE = Number(process.env.BENCH_PEOPLE ?? 15);
const TABS = Number(process.env.BENCH_TABS ?? 20);
const PASSWORD = 'bench-password-1';

type Client = Socket<ServerToClientEvents, ClientToServerEvents> & { editors: EditorsEvent[] };

const { database, drop } = await openDatabase('pglite', 'rtlimits');
const app = await buildApp({
  config: testConfig({ ADMIN_EMAIL: 'bench@quotewright.test', ADMIN_PASSWORD: PASSWORD, JWT_SECRET: 'b'.repeat(40) }),
  database,
  logger: false,
  workers: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const passwordHash = await hashPassword(PASSWORD);
const modules = defaultModules();
modules.sales = { enabled: true, level: 'editor' };
let seq = 0;
async function person(name: string): Promise<string> {
  const u = await insertUser(database.db, { name, email: `p${++seq}@bench.test`, passwordHash, modules });
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: u.email, password: PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}
function connect(token: string): Promise<Client> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  }) as Client;
  socket.editors = [];
  socket.on('editors', (e) => socket.editors.push(e));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}
const identify = (s: Client, sale: string) => s.timeout(10_000).emitWithAck('identify', { sale });
/** Resolves once `check` holds, looking again at each `editors` message of `sockets` (or at once). */
function until(sockets: Client[], check: () => boolean, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('timed out')), timeoutMs);
    const look = () => check() && done();
    const done = (err?: Error) => {
      clearTimeout(timer);
      for (const s of sockets) s.off('editors', look);
      if (err) reject(err);
      else resolve();
    };
    for (const s of sockets) s.on('editors', look);
    look();
  });
}
const lastNames = (s: Client) => s.editors.at(-1)?.editors.map((e) => e.name) ?? [];

const adminToken = await person('Bench Admin');
const newSale = async (name: string) => {
  const res = await fetch(`${base}/api/sales`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return (await res.json()) as SaleDto;
};

// ─── (1) An identify flood ─────────────────────────────────────────────────────────────────────────────────────
const floodSale = await newSale('Flooded');
const observer = await connect(await person('Observer'));
await identify(observer, floodSale._id);
await until([observer], () => lastNames(observer).length === 1);
const observerBefore = observer.editors.length;
const flooder = await connect(await person('Flooder'));
const rssBefore = process.memoryUsage().rss;
let handled = 0;
let refused = 0;
const floodStart = performance.now();
const gone = new Promise<void>((resolve) => flooder.once('disconnect', () => resolve()));
for (let i = 0; i < FLOOD; i++) {
  flooder.emit('identify', { sale: floodSale._id }, (a) => {
    if (a.ok) handled++;
    else refused++;
  });
}
await gone;
const floodMs = performance.now() - floodStart;
const rssAfter = process.memoryUsage().rss;
// Someone joins after: once the observer's list shows them, everything about the flooder has been announced.
const after = await connect(await person('After'));
await identify(after, floodSale._id);
await until([observer], () => lastNames(observer).join() === 'Observer,After');
const flood = {
  events: FLOOD,
  handled,
  refused,
  dealtWithMs: Number(floodMs.toFixed(1)),
  rssDeltaMB: Number(((rssAfter - rssBefore) / 2 ** 20).toFixed(1)),
  observerEditorsMessages: observer.editors.length - observerBefore,
};
for (const s of [observer, flooder, after]) s.close();

// ─── (2) A crowd in one sale ───────────────────────────────────────────────────────────────────────────────────
const crowdSale = await newSale('Crowded');
const people = await Promise.all(Array.from({ length: CROWD_PEOPLE }, (_, i) => person(`Person ${i + 1}`)));
const crowd = (await Promise.all(people.flatMap((token) => Array.from({ length: TABS }, () => connect(token))))).flat();
const crowdStart = performance.now();
await Promise.all(crowd.map((s) => identify(s, crowdSale._id)));
await until(crowd, () => crowd.every((s) => lastNames(s).length === CROWD_PEOPLE));
const crowdMs = performance.now() - crowdStart;
const joinMessages = crowd.reduce((n, s) => n + s.editors.length, 0);
const oneEntryPerPerson = crowd.every((s) => new Set(lastNames(s)).size === lastNames(s).length);
// Everyone leaves but one person's first tab.
const stays = crowd[0]!;
const countBefore = crowd.reduce((n, s) => n + s.editors.length, 0);
for (const s of crowd.slice(1)) s.close();
await until([stays], () => lastNames(stays).length === 1);
const leaveMessages = crowd.reduce((n, s) => n + s.editors.length, 0) - countBefore;
stays.close();

// ─── (3) One account, many sockets ─────────────────────────────────────────────────────────────────────────────
const oneAccount = await person('Many Sockets');
const attempts = await Promise.allSettled(Array.from({ length: CROWD_PEOPLE * TABS }, () => connect(oneAccount)));
const opened = attempts.filter((a) => a.status === 'fulfilled').map((a) => (a as PromiseFulfilledResult<Client>).value);
for (const s of opened) s.close();

await app.close();
await database.close();
await drop();

console.log(
  JSON.stringify(
    {
      benchmark: 'realtime-limits',
      results: {
        identifyFlood: flood,
        crowd: {
          sockets: crowd.length,
          people: CROWD_PEOPLE,
          settledMs: Number(crowdMs.toFixed(1)),
          editorsMessagesOnJoin: joinMessages,
          editorsMessagesOnLeave: leaveMessages,
          oneEntryPerPerson,
        },
        oneAccount: { attempted: attempts.length, opened: opened.length, refused: attempts.length - opened.length },
      },
    },
    null,
    2,
  ),
);
process.exit(0);
