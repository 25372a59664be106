// HTTP load with autocannon against 127.0.0.1, each response's latency kept to compute exact percentiles
// (autocannon's own histogram reports p97.5, not p95), and the statements' replay from Node through the
// same driver as the API, for the baseline each endpoint's figures are divided by.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  count: number;
  /** Completed requests per second over the run. */
  rps: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  errors: number;
}

export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;

export function summarize(
  times: number[],
  seconds: number,
  statuses: Record<string, number> = {},
  errors = 0,
) {
  const sorted = times.slice().sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    count: sorted.length,
    rps: sorted.length / seconds,
    statuses,
    errors,
  } satisfies Latency;
}

export interface Target {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** A body per request (the booking creation varies its start). */
  body?: () => string;
}

/** `connections` clients sending `target` one request after the other for `seconds`. */
export async function loadHttp(baseUrl: string, target: Target, connections: number, seconds: number) {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const headers = { ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) };
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: target.method,
        path: target.path,
        headers,
        ...(target.body
          ? { setupRequest: (req: Record<string, unknown>) => ({ ...req, body: target.body!() }) }
          : {}),
      },
    ],
  } as autocannon.Options);
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    times.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  await settled(baseUrl);
  return summarize(times, result.duration || seconds, statuses, result.errors + result.timeouts);
}

/**
 * Waits until the API has done what the last load left it: autocannon stops at the deadline, but the
 * server still answers the requests in flight, and on the embedded database (one connection, taken in
 * turn) a backlog of slow ones (50 dashboards of a year) would be measured as the next endpoint's time.
 * /health reads the database, so its answer comes after every query queued before it.
 */
async function settled(baseUrl: string) {
  for (let i = 0; i < 2; i++) {
    await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(120_000) }).catch(() => undefined);
  }
}

/** One request's statements as the driver received them (text, values, row mode, type parsers). */
export type Statement = { kind: 'pg'; config: pg.QueryConfig } | { kind: 'pglite'; args: unknown[] };

/**
 * Records what the API sends to the database while `capture` runs: node-postgres' Client.query (every
 * pool checkout ends there) or the embedded database's query and exec.
 */
export async function captureStatements(
  pglite: PGlite | undefined,
  capture: () => Promise<void>,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  if (pglite) {
    const query = pglite.query.bind(pglite);
    const exec = pglite.exec.bind(pglite);
    const target = pglite as unknown as Record<string, unknown>;
    target.query = (...args: unknown[]) => {
      statements.push({ kind: 'pglite', args: ['query', ...args] });
      return (query as (...a: unknown[]) => unknown)(...args);
    };
    target.exec = (...args: unknown[]) => {
      statements.push({ kind: 'pglite', args: ['exec', ...args] });
      return (exec as (...a: unknown[]) => unknown)(...args);
    };
    try {
      await capture();
    } finally {
      target.query = query;
      target.exec = exec;
    }
    return statements;
  }
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === 'string'
        ? { text: first, values: Array.isArray(second) ? second : undefined }
        : { ...(first as pg.QueryConfig), ...(Array.isArray(second) ? { values: second } : {}) };
    delete (config as { callback?: unknown }).callback;
    statements.push({ kind: 'pg', config });
    return original.apply(this, args);
  };
  try {
    await capture();
  } finally {
    proto.query = original;
  }
  return statements;
}

/** The captured statements replayed one after the other, as one request would send them. */
async function replay(client: pg.Client | PGlite, statements: Statement[]) {
  for (const s of statements) {
    if (s.kind === 'pg') await (client as pg.Client).query(s.config);
    else {
      const [method, ...args] = s.args as ['query' | 'exec', ...unknown[]];
      await ((client as PGlite)[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    }
  }
}

/**
 * The baseline: the statements sent straight from Node, by one client for the latency and by `clients`
 * clients at once for the throughput, each for `seconds`. PostgreSQL gets a connection per client; the
 * embedded database has one, which all clients share as the API's requests do.
 */
export async function loadSql(
  database: { url?: string; pglite?: PGlite },
  statements: Statement[],
  clients: number,
  seconds: number,
) {
  const connect = async () => {
    if (database.pglite) return database.pglite;
    const client = new pg.Client({ connectionString: database.url, options: '-c random_page_cost=1.1' });
    await client.connect();
    return client;
  };
  const run = async (n: number) => {
    const connections = await Promise.all(Array.from({ length: n }, connect));
    for (const c of connections) await replay(c, statements); // warm each connection
    const times: number[] = [];
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      connections.map(async (c) => {
        while (performance.now() < end) {
          const t0 = performance.now();
          await replay(c, statements);
          times.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    if (!database.pglite) await Promise.all(connections.map((c) => (c as pg.Client).end()));
    return summarize(times, elapsed);
  };
  const single = await run(1);
  const parallel = await run(clients);
  return { latency: single, rps: parallel.rps };
}

/** A process's resident memory in bytes, from /proc. */
export const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Samples a process's RSS every 100 ms until stopped; answers the peak. */
export function rssSampler(pid: number) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {}
  }, 100);
  return {
    peak: () => peak,
    reset: () => {
      peak = rssOf(pid);
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * The built API started exactly as `npm start` starts it (the root package.json's command, its Node
 * flags, background jobs on) on `env`'s database, on a free port of 127.0.0.1; resolves once /health
 * answers. `stop` ends it with SIGTERM and waits for its exit.
 */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}

/** A port of 127.0.0.1 free at the moment it is asked for. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Waits (two minutes at most) until `baseUrl`'s /health answers 200; fails if `server` exits first. */
export async function untilHealthy(baseUrl: string, server: ChildProcess, name: string) {
  for (let i = 0; ; i++) {
    const up = await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (i > 1200 || server.exitCode !== null) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startBuiltApi(env: { DATABASE_URL?: string; DATA_DIR: string }) {
  const root = path.resolve(import.meta.dirname, '../../..');
  const startScript = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts
    .start as string;
  const [command, ...args] = startScript.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start is not a node command: ${startScript}`);
  const port = await freePort();
  const spawned = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...withoutDatabaseUrl(process.env),
      NODE_OPTIONS: '',
      // The embedded database when none is given (an empty DATABASE_URL is not a URL).
      ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
      DATA_DIR: env.DATA_DIR,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      BOOTSTRAP_PASSWORD: 'bench-platform-password',
      DEMO_DATA: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => server.kill());
  const baseUrl = `http://127.0.0.1:${port}`;
  await untilHealthy(baseUrl, server, 'the API');
  return {
    baseUrl,
    pid: server.pid!,
    startScript,
    /** From spawn to the first healthy answer. */
    startMs: performance.now() - spawned,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
