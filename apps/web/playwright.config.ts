import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, '../..');
/**
 * The specs that open, sell on and close the demo company's cash register (never two at once), and the
 * products spec, which evens out the two streams' lengths.
 */
const counterSpecs = /(cash-register|cash-registers|orders|order-form|sales|products)\.spec\.ts$/;

/** Real Chromium (Debian's), against the built app on a fresh embedded database with the demo company. */
export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  // Two streams, each one test at a time: the counter's specs (they share the demo's one cash register)
  // and all the others; on two cores this takes the browser suite from about 20 minutes to about 12.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
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
    {
      name: 'counter',
      testMatch: counterSpecs,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'chromium',
      testIgnore: counterSpecs,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
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
