import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './apps/web/build/catalogue-parts.js';

export default defineConfig({
  // The web app's catalogue parts, as its build cuts them (the screens' parts are imported by name).
  plugins: [catalogueParts()],
  resolve: {
    alias: { '@mostrador/contract': path.resolve(import.meta.dirname, 'packages/contract/src/index.ts') },
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/test/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    setupFiles: ['apps/web/src/test/setup.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on two cores is one worker; the API tests wait on the database half the time.
    maxWorkers: 2,
  },
});
