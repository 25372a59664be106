// The server the browser suite runs against: a fresh embedded database with the platform
// administrator and the demo company, so every run starts from the same state.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mostrador-e2e-'));
const env = {
  ...process.env,
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
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(demo.status ?? 1);
}
console.log(`Demo database ready in ${Math.round((Date.now() - started) / 1000)} s (${dataDir})`);
const server = spawn('node', ['apps/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill('SIGTERM'));
// The database is this run's alone (about 100 MB): gone with the server.
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
