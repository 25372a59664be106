// The floor under the bookings list's ratios to its SQL (issue 19's goals ≤ 1.3× the statement's latency and
// ≥ 0.8× its throughput at 10 connections): a server that does only what any HTTP API running that statement
// must do, measured beside the statement from Node and the real API, in the same run.
//
// The floor server is a bare Fastify in its own process (as the API is), with a pool of 10 connections: per
// request it sends the bookings list's own statement (captured from the API, its values and row mode) and
// answers the API's own response body, precomputed: no session, no validation, no row mapping, no
// serialization. Whatever the real API does beyond this, the floor cannot do less.
//
//   npm run bench -- --only nothing --no-web   # once, to seed mostrador_bench_full (DATABASE_URL below)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx --conditions=source apps/api/bench/http-floor.ts [--seconds 5]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createSecretBox } from '../src/lib/secrets.js';
import {
  captureStatements,
  freePort,
  type Latency,
  loadHttp,
  loadSql,
  startBuiltApi,
  untilHealthy,
} from './load.js';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  throw new Error('DATABASE_URL: the PostgreSQL server whose mostrador_bench_full the harness seeded');
const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1] || 5) || 5;
const url = new URL(serverUrl);
url.pathname = '/mostrador_bench_full';
const databaseUrl = url.toString();
const listPath = '/v1/admin/bookings';

// ---- The statement and the answer, from the API's own code.
const database = await openDatabase({ url: databaseUrl });
const { app } = await buildApp({
  config: loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn' }),
  database,
  secretBox: createSecretBox(randomBytes(32)),
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/v1/admin/authentication/employee-password-login',
  payload: { license: 'bench', username: 'owner', password: 'bench-password' },
});
if (login.statusCode !== 200) throw new Error('no bench company: run the harness once to seed it');
const token = login.json().data as string;
const headers = { authorization: `Bearer ${token}` };
await app.inject({ method: 'GET', url: listPath, headers });
let body = '';
const statements = await captureStatements(undefined, async () => {
  body = (await app.inject({ method: 'GET', url: listPath, headers })).body;
});
await app.close();
await database.close();
if (statements.some((s) => s.kind !== 'pg')) throw new Error('expected node-postgres statements');
const configs = statements.map((s) => (s.kind === 'pg' ? s.config : null));

// ---- The floor server, in its own process.
const port = await freePort();
const dir = mkdtempSync(path.join(tmpdir(), 'http-floor-'));
writeFileSync(path.join(dir, 'statements.json'), JSON.stringify(configs));
writeFileSync(path.join(dir, 'body.json'), body);
const script = `
const { readFileSync } = require('node:fs');
const Fastify = require('fastify');
const pg = require('pg');
const statements = JSON.parse(readFileSync(${JSON.stringify(path.join(dir, 'statements.json'))}, 'utf8'));
const body = readFileSync(${JSON.stringify(path.join(dir, 'body.json'))}, 'utf8');
const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10, options: '-c random_page_cost=1.1' });
// Every value as the text PostgreSQL sent: no parsing at all, less than any API can do.
const raw = { getTypeParser: () => (value) => value };
const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
app.get('/page', async (request, reply) => {
  for (const s of statements) await pool.query({ ...s, types: raw });
  reply.type('application/json; charset=utf-8');
  return body;
});
app.listen({ port: ${port}, host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => pool.end()).then(() => process.exit(0)));
`;
const floor = spawn(process.execPath, ['-e', script], {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.on('exit', () => floor.kill());
const floorUrl = `http://127.0.0.1:${port}`;
await untilHealthy(floorUrl, floor, 'the floor server');

const measure = async (baseUrl: string, p: string, h: Record<string, string>) => {
  const target = { method: 'GET' as const, path: p, headers: h };
  await loadHttp(baseUrl, target, 10, 2); // warm-up
  const one = await loadHttp(baseUrl, target, 1, seconds);
  const ten = await loadHttp(baseUrl, target, 10, seconds);
  return { latency: one, rps10: ten.rps };
};
const row = (name: string, latency: Latency, rps: number, sql: { latency: Latency; rps: number }) =>
  `| ${name} | ${latency.p50.toFixed(2)} | ${rps.toFixed(0)} | ${(latency.p50 / sql.latency.p50).toFixed(2)} | ${(rps / sql.rps).toFixed(2)} |`;

console.log(`bookings list, first page: ${statements.length} statement(s), answer ${body.length} bytes`);
const sql = await loadSql({ url: databaseUrl }, statements, 10, seconds);
const bare = await measure(floorUrl, '/page', {});
const floorStop = new Promise((r) => floor.once('exit', r));
floor.kill('SIGTERM');
await floorStop;
rmSync(dir, { recursive: true, force: true });
const api = await startBuiltApi({
  DATABASE_URL: databaseUrl,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'http-floor-api-')),
});
const real = await measure(api.baseUrl, listPath, headers);
await api.stop();

console.log('| | p50 ms (1 connection) | req/s (10) | × SQL p50 | req/s ÷ SQL |');
console.log('|---|--:|--:|--:|--:|');
console.log(
  `| the statement from Node | ${sql.latency.p50.toFixed(2)} | ${sql.rps.toFixed(0)} | 1.00 | 1.00 |`,
);
console.log(row('floor: bare Fastify, the statement, the answer precomputed', bare.latency, bare.rps10, sql));
console.log(row('the API', real.latency, real.rps10, sql));
process.exit(0);
