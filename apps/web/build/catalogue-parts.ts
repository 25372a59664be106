import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { screenSections } from '../src/app/screen-sections.js';

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

/** `virtual:screen-parts/<lang>`: one language's screen parts (src/app/screen-sections.ts), each a loader. */
const screenPartsPrefix = 'virtual:screen-parts/';

/**
 * The catalogue in parts, each a chunk of its own:
 * - `locales/<lang>.json?signed-out`: the catalogue cut to `signedOutNamespaces`;
 * - `locales/<lang>.json?sections=a,b`: only the namespaces named (signed in, the shell's texts);
 * - `locales/<lang>.json?except=a,b`: every namespace but those named (the rest of the catalogue);
 * - `virtual:screen-parts/<lang>`: a module mapping each screen's part (src/app/screen-sections.ts) to the
 *   loader of its `?sections=` chunk in that language. One small module per language, loaded with the
 *   first screen: the 41 parts' loaders of ten languages in the route table were 4 KB gz on every screen.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'mostrador:catalogue-parts',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(screenPartsPrefix) ? `\0${id}` : null;
    },
    async load(id) {
      if (id.startsWith(`\0${screenPartsPrefix}`)) {
        const language = id.slice(screenPartsPrefix.length + 1);
        if (!/^[a-z]{2}$/.test(language)) throw new Error(`no screen parts for ${language}`);
        const file = fileURLToPath(new URL(`../src/i18n/locales/${language}.json`, import.meta.url));
        const loaders = Object.entries(screenSections).map(
          ([part, names]) =>
            `  ${part}: () => import(${JSON.stringify(`${file}?sections=${names.join(',')}`)}).then((m) => m.default),`,
        );
        return `export default {\n${loaders.join('\n')}\n};`;
      }
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
