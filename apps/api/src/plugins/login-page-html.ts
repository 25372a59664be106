import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AppConfig, defaultLanguage, isLanguage, type Language } from '@mostrador/contract';

/** The login screen's module in the web app's Vite manifest (apps/web/src/app/base-pages.ts). */
export const loginPageModule = 'src/features/auth/pages/login-page.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The name of the meta element that carries the host's app config in `/login`'s page (apps/web boot.ts). */
export const appConfigMetaName = 'mostrador-app-config';

/**
 * The language the web app will most likely show a visitor signed out, as its boot works it out
 * (apps/web/src/i18n/i18n.ts `resolveLanguage`): the brand's, else the `lang` cookie's, else the browser's
 * (its first Accept-Language), else English. Only a guess for what to fetch early: the browser decides.
 */
export function likelyLanguage(input: {
  brandLanguage?: string | null;
  cookieHeader?: string;
  acceptLanguage?: string;
}): Language {
  if (input.brandLanguage) return isLanguage(input.brandLanguage) ? input.brandLanguage : 'es';
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(input.cookieHeader ?? '')?.[1];
  if (isLanguage(cookie)) return cookie;
  const browser = input.acceptLanguage?.trim().slice(0, 2).toLowerCase();
  if (isLanguage(browser)) return browser;
  return defaultLanguage;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The web app's index.html as `/login` answers it, so that a cold browser fetches everything the login
 * screen needs with the entry instead of after running it:
 * - the login screen's own chunks and the likely language's signed-out catalogue and antd locale named as
 *   `modulepreload` (the boot imports them, one round trip later: on Lighthouse's mobile network that is
 *   the largest part of the login's LCP after the bytes themselves);
 * - the host's app config in a meta element (`appConfigMetaName`), which the boot reads instead of asking
 *   `/v1/app-config` (the screen waited for it and for the catalogue before rendering).
 * Only `/login` itself: it shows the login screen whoever asks (a signed-in browser is sent on, having
 * fetched ~25 KB for nothing), while `/` or a screen's address signed out is known to be the login only in
 * the browser.
 *
 * Read from the build's `.vite/manifest.json`; without it, or without the login's chunk in it, undefined
 * (the plain index.html is served). Each language and app config's page is written once.
 */
export function loginPageHtml(
  webDir: string,
): ((input: { language: Language; appConfig: AppConfig }) => string) | undefined {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[loginPageModule]) return undefined;
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!html.includes('</head>')) return undefined;
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) walk(imported);
    };
    for (const root of roots) walk(root);
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const filesOf = (roots: string[]) =>
    [...closure(roots)]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'));
  // The signed-out catalogue (i18n.ts `signedOutCatalogues`) and antd's locale (`antdLocales`: one of
  // antd/es/locale/<language>_<REGION>.js per language in the build) of a language.
  const languageRoots = (language: Language) =>
    Object.keys(manifest).filter(
      (key) =>
        key === `src/i18n/locales/${language}.json?signed-out` ||
        new RegExp(`/antd/es/locale/${language}_[A-Z]{2}\\.js$`).test(key),
    );
  const pages = new Map<string, string>();
  return ({ language, appConfig }) => {
    const json = JSON.stringify(appConfig);
    const key = `${language}:${json}`;
    let page = pages.get(key);
    if (!page) {
      const files = [...new Set(filesOf([loginPageModule, ...languageRoots(language)]))];
      const head = [
        `<meta name="${appConfigMetaName}" content="${escapeAttribute(json)}">`,
        ...files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join('\n    ');
      page = html.replace('</head>', `  ${head}\n  </head>`);
      // Two app configs (branded host or not) × ten languages at most.
      if (pages.size < 100) pages.set(key, page);
    }
    return page;
  };
}
