import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdTrims } from './build/antd-trims.js';
import { catalogueParts } from './build/catalogue-parts.js';

const api = 'http://127.0.0.1:3000';

/**
 * Libraries every screen needs at boot get stable vendor chunks (cached across deploys). Ant Design is left to
 * automatic splitting on purpose: the login screen must not pay for the table, pickers and menus of the back office.
 */
const vendorChunks = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'libs',
    test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
  },
];

/**
 * Ant Design's rc-component packages and its style engine do not declare `sideEffects: false`, so importing
 * one export of a package's index (antd's form context imports `@rc-component/form` for its provider) kept the
 * whole package, and its code landed in chunks every screen loads. They have no import-time side effects:
 * marked so, only what is used is bundled (the login screen 277 → 262 KB gz, measured with
 * apps/api/bench/web-load.ts).
 */
const sideEffectFree =
  /node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/].*\.js$/;

export default defineConfig({
  plugins: [react(), catalogueParts(), antdTrims()],
  resolve: {
    alias: {
      '@mostrador/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/v1': api,
      '/health': api,
      '/docs': api,
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: sideEffectFree, sideEffects: false }] },
      output: {
        codeSplitting: { groups: vendorChunks },
      },
    },
  },
});
