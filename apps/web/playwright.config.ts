import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Where google-calendar.spec.ts listens as Google (its fake). */
const googlePort = Number(process.env.E2E_GOOGLE_PORT ?? 3199);
const root = path.resolve(import.meta.dirname, '../..');

/** Real Chromium (Debian's), against the built app on a fresh embedded database with the demo company. */
export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  // Two files at a time, each test of a file after the other (a file's tests may build on each other).
  // The specs that use a cash register have a company of their own (support's newCompany); the others
  // use the demo's data read-only or records of their own, named apart (support's unique).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // Two browsers on two cores: a long screen's axe pass and screenshots take twice the time of one alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    // As a device set to reduce motion: antd opens dialogs, drawers and popovers at once (its motion is
    // off then), so a click never lands on one still zooming in and is never lost.
    reducedMotion: 'reduce',
    // Recording a trace slows every test down by half on two cores: only a retried test records one.
    trace: 'on-first-retry',
    launchOptions: { executablePath: chromiumExecutable, args: [...chromiumArgs] },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: root,
    url: `http://127.0.0.1:${port}/health`,
    // The demo seed takes ~40 s on an idle 2-core machine, 2.5–4 min on one busy with other builds.
    timeout: 300_000,
    reuseExistingServer: false,
    // A stop it hears (the default kills it outright), so that it removes its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // A company that switches Verifactu on sends its records to this address: a closed local port, so
    // the suite never reaches AEAT and the records stay pending, as they would while AEAT is down.
    // Google Calendar's OAuth and API addresses: the fake Google google-calendar.spec.ts starts there.
    env: {
      PORT: String(port),
      VERIFACTU_ENDPOINT: 'https://127.0.0.1:9/verifactu',
      GOOGLE_OAUTH_URL: `http://127.0.0.1:${googlePort}`,
      GOOGLE_API_URL: `http://127.0.0.1:${googlePort}`,
    },
    stdout: 'pipe',
  },
});
