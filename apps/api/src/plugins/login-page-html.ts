import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The login screen's module in the web app's Vite manifest (apps/web/src/app/base-pages.ts). */
export const loginPageModule = 'src/features/auth/pages/login-page.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The web app's index.html as `/login` answers it: the login screen's own chunks named as
 * `modulepreload` beside the entry's, so that the browser fetches them with the entry instead of after
 * running it (the boot imports the screen it opens, one round trip later: on Lighthouse's mobile network
 * that is the largest part of the login's LCP after the bytes themselves). Only `/login` itself: it shows
 * the login screen whoever asks (a signed-in browser is sent on, having fetched ~20 KB for nothing), while
 * `/` or a screen's address signed out is known to be the login only in the browser.
 *
 * Read from the build's `.vite/manifest.json`; without it, or without the login's chunk in it, undefined
 * (the plain index.html is served).
 */
export function loginPageHtml(webDir: string): string | undefined {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[loginPageModule]) return undefined;
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
  const files = [...closure([loginPageModule])]
    .filter((key) => !entry.has(key))
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'));
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!files.length || !html.includes('</head>')) return undefined;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
