// HAProxy in front of several server processes, as README "Running several processes" advises: HTTP mode, the health
// check on /api/ready (a draining process answers 503 at once and leaves the pool within a check or two), WebSocket
// upgrades forwarded (HTTP mode does it; `timeout tunnel` keeps live connections open), no stickiness (clients use
// the WebSocket transport only). Used by the rolling-restart test (src/rolling-restart.pg.test.ts) and by
// `npm run chaos` (bench/chaos.ts). Needs the haproxy binary (Debian: apt-get install -y haproxy).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface HaproxyServer {
  name: string;
  port: number;
}

export interface HaproxyOptions {
  /** The balancer's own port (loopback). */
  port: number;
  /** Port of the stats page (`/stats;csv`), to read each server's state. */
  statsPort: number;
  servers: HaproxyServer[];
  /** Milliseconds between health checks of each server (default 300). */
  interMs?: number;
}

/** Why haproxy cannot be run here (with how to install it), or undefined when it can. */
export function haproxyMissing(): string | undefined {
  const res = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (res.error || res.status !== 0)
    return 'haproxy is not installed: apt-get install -y haproxy (Debian/Ubuntu; .ci/run installs it)';
  return undefined;
}

/** The configuration: the README's example is this, trimmed. */
export function haproxyConfig(o: HaproxyOptions): string {
  const inter = o.interMs ?? 300;
  return `global
  maxconn 4096

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # live connections (Socket.IO over WebSocket) stay open through the balancer
  timeout tunnel 1h
  timeout http-keep-alive 10s
  # a check that does not answer within this counts as failed (without it, 'inter' is the check's timeout)
  timeout check 2s
  # a request whose connection failed goes to another server
  option redispatch
  retries 3
  retry-on conn-failure empty-response response-timeout

frontend quotewright
  bind 127.0.0.1:${o.port}
  default_backend apps

backend apps
  balance roundrobin
  # a process that drains (SIGTERM) or lost its database or Redis answers 503 here and gets no new request
  option httpchk GET /api/ready
  http-check expect status 200
  # Only reads are sent again after they reached a server: a POST whose connection died may have been applied,
  # and a replay would apply it twice (retry-on replays every method unless told otherwise).
  http-request disable-l7-retry unless METH_GET
  default-server inter ${inter} fall 1 rise 2
${o.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}

listen stats
  bind 127.0.0.1:${o.statsPort}
  stats enable
  stats uri /stats
`;
}

export interface Haproxy {
  /** http://127.0.0.1:<port>: the balancer. */
  url: string;
  process: ChildProcess;
  /** Each server's state as the balancer sees it (UP, DOWN, `UP 1/2` while rising…). */
  states(): Promise<Record<string, string>>;
  /** Resolves once every named server is in `state` (polls the stats page every 100 ms). */
  waitFor(names: string[], state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Writes the configuration into `dir`, checks it, starts haproxy in the foreground and waits for its stats page. */
export async function startHaproxy(dir: string, o: HaproxyOptions, log?: (line: string) => void): Promise<Haproxy> {
  const missing = haproxyMissing();
  if (missing) throw new Error(missing);
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(o));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refuses ${file}: ${check.stderr}${check.stdout}`);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (b: Buffer) => {
    output.push(String(b));
    log?.(String(b));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const statsUrl = `http://127.0.0.1:${o.statsPort}/stats;csv`;
  const states = async () => {
    const text = await (await fetch(statsUrl, { signal: AbortSignal.timeout(2000) })).text();
    const [head, ...rows] = text.trim().split('\n');
    const cols = head!.replace(/^# /, '').split(',');
    const px = cols.indexOf('pxname');
    const sv = cols.indexOf('svname');
    const st = cols.indexOf('status');
    const out: Record<string, string> = {};
    for (const row of rows) {
      const c = row.split(',');
      if (c[px] === 'apps' && c[sv] !== 'BACKEND') out[c[sv]!] = c[st]!;
    }
    return out;
  };
  const waitFor = async (names: string[], state: 'UP' | 'DOWN', timeoutMs = 30_000) => {
    const until = Date.now() + timeoutMs;
    let last: Record<string, string> = {};
    for (;;) {
      last = await states().catch(() => last);
      if (names.every((n) => last[n] === state)) return;
      if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}: ${output.join('')}`);
      if (Date.now() > until)
        throw new Error(`haproxy: ${names.join(', ')} not ${state} within ${timeoutMs} ms (${JSON.stringify(last)})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  // Started once its stats page answers.
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}: ${output.join('')}`);
    if (
      await states().then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 100) throw new Error(`haproxy did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${o.port}`,
    process: child,
    states,
    waitFor,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
