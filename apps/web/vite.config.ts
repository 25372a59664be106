import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdTrims } from './build/antd-trims.js';

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

/**
 * The catalogue namespaces the screens of a signed-out visitor read: the boot and error panels, the login
 * screen, the 404 page, antd's texts and the API's error messages. Signed out, the app loads
 * `locales/<lang>.json?signed-out`, the catalogue cut to these (the login screen's first load: 27 → 3.5 KB gz
 * of texts); signing in reloads the page with the catalogue in parts (the shell's, then each screen's:
 * src/i18n/i18n.ts), and a screen shown signed out that reads more loads the whole first (src/i18n/i18n.ts
 * `loadWholeCatalogue`, the demo dashboard).
 */
const signedOutNamespaces = [
  'antd',
  'boot',
  'common',
  'errors',
  'login',
  'notFound',
  'routeError',
  'validation',
];

/**
 * Of the API's error messages, those a signed-out visitor can meet: the generic one, no connection or no
 * answer, invalid input, a session that ended, a failed login, too many attempts. Any other code shown
 * signed out falls back to the generic message (`errorKeys` in src/api/errors.ts tries `errors.0` last);
 * signed in, the shell's part of the catalogue has them all. The other ~100 messages were 3.7 KB gz of the login's load.
 */
const signedOutErrors = ['0', 'network', 'timeout', '1000100', '1000101', '1000102', '1000105'];

/**
 * The catalogue in parts, each a chunk of its own:
 * - `locales/<lang>.json?signed-out`: the catalogue cut to `signedOutNamespaces`;
 * - `locales/<lang>.json?sections=a,b`: only the namespaces named (signed in, the shell's texts and a screen's
 *   own sections: src/i18n/i18n.ts, routes.ts `sections`);
 * - `locales/<lang>.json?except=a,b`: every namespace but those named (the rest of the catalogue).
 */
function catalogueParts(): Plugin {
  return {
    name: 'mostrador:catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?');
      if (!query || !file?.endsWith('.json')) return null;
      const params = new URLSearchParams(query);
      const sections = params.get('sections')?.split(',');
      const except = params.get('except')?.split(',');
      if (!params.has('signed-out') && !sections && !except) return null;
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      let part: Record<string, unknown>;
      if (sections) part = Object.fromEntries(sections.map((name) => [name, catalogue[name] ?? {}]));
      else if (except)
        part = Object.fromEntries(Object.entries(catalogue).filter(([name]) => !except.includes(name)));
      else {
        part = Object.fromEntries(signedOutNamespaces.map((name) => [name, catalogue[name] ?? {}]));
        const errors = (catalogue.errors ?? {}) as Record<string, unknown>;
        part.errors = Object.fromEntries(
          signedOutErrors.filter((code) => code in errors).map((code) => [code, errors[code]]),
        );
      }
      return { code: `export default ${JSON.stringify(part)};`, moduleType: 'js' };
    },
  };
}

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
