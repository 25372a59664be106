// Foundation figures: start-to-healthy on an existing database, and the gzipped JavaScript the
// login screen loads. Run after a build: `npm run bench`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = 3200;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mostrador-bench-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  BOOTSTRAP_PASSWORD: 'bench-password',
  LOG_LEVEL: 'warn',
};

async function startAndWait() {
  const begin = performance.now();
  const child = spawn('node', ['apps/api/dist/main.js'], { cwd: root, env, stdio: 'ignore' });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, ms: performance.now() - begin };
}

async function stop(child) {
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const first = await startAndWait();
console.log(`first start (empty database, initdb + migrations + bootstrap): ${first.ms.toFixed(0)} ms`);
await stop(first.child);
const runs = [];
for (let i = 0; i < 3; i++) {
  const again = await startAndWait();
  runs.push(again.ms);
  if (i < 2) await stop(again.child);
  else {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const page = await browser.newPage();
    const scripts = new Set();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gz = 0;
    for (const file of scripts) {
      const body = readFileSync(path.join(root, 'apps/web/dist', file));
      raw += body.length;
      gz += gzipSync(body, { level: 9 }).length;
    }
    console.log(
      `login screen JavaScript: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzipped`,
    );
    await browser.close();
    await stop(again.child);
  }
}
console.log(`start to healthy on an existing database: ${runs.map((m) => m.toFixed(0)).join(', ')} ms`);
