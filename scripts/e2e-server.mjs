// The server the browser suite runs against: a fresh embedded database with the platform
// administrator and the demo company, so every run starts from the same state.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
  LOG_LEVEL: 'warn',
  BRAND_HOST: 'localhost',
};
const demo = spawnSync('node', ['apps/api/dist/demo.js'], { cwd: root, env, stdio: 'inherit' });
if (demo.status !== 0) process.exit(demo.status ?? 1);
const server = spawn('node', ['apps/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
