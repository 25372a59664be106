import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, '../..');

/** Real Chromium (Debian's), against the built app on a fresh embedded database with the demo company. */
export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  // One test at a time: the specs share the demo company (and its one cash register).
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    // Recording a trace slows every test down by half on two cores: only a retried test records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: root,
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
    stdout: 'pipe',
  },
});
