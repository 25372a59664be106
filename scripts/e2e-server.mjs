// The server the browser suite runs against: a fresh embedded database with the platform
// administrator and the demo company, so every run starts from the same state. With
// E2E_DATABASE_URL (a PostgreSQL server), a fresh database created on that server instead, dropped
// with the server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mostrador-e2e-'));
const serverUrl = process.env.E2E_DATABASE_URL;
const dbName = `mostrador_e2e_${process.pid}`;
/** Runs one statement on the PostgreSQL server of E2E_DATABASE_URL. */
async function onServer(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
let databaseUrl;
if (serverUrl) {
  await onServer(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}
const removeData = async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) await onServer(`drop database if exists ${dbName} with (force)`).catch(() => {});
};
const env = {
  ...process.env,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  DATA_DIR: dataDir,
  BOOTSTRAP_LICENSE: 'admin',
  BOOTSTRAP_USERNAME: 'admin',
  BOOTSTRAP_PASSWORD: 'admin-password',
  // E2E_LOG_LEVEL=info logs every request with its time, to find what a slow test waited for.
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  BRAND_HOST: 'localhost',
};
// The demo's two years of data take about 30 s of one core (1.5 min on a busy machine): said, so that a
// slow start of the browser suite can be told from slow tests.
const started = Date.now();
const demo = spawnSync('node', ['apps/api/dist/demo.js'], { cwd: root, env, stdio: 'inherit' });
if (demo.status !== 0) {
  await removeData();
  process.exit(demo.status ?? 1);
}
console.log(
  `Demo database ready in ${Math.round((Date.now() - started) / 1000)} s (${databaseUrl ? dbName : dataDir})`,
);
const server = spawn('node', ['apps/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill('SIGTERM'));
// The database is this run's alone (about 100 MB): gone with the server.
server.on('exit', async (code) => {
  await removeData();
  process.exit(code ?? 0);
});
