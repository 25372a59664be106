import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
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
      output: {
        codeSplitting: { groups: vendorChunks },
      },
    },
  },
});
