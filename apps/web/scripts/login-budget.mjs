/**
 * Checks the login screen's download budget on a build (`vite build` writes dist/.vite/manifest.json):
 * the entry and its static imports, the login page chunk and one language's catalogue, antd locale and dayjs
 * locale, gzipped. Prints the total per language and fails above the budget.
 * Usage: node apps/web/scripts/login-budget.mjs [budgetKB=250]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const budgetKB = Number(process.argv[2] ?? 250);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const antdLocales = {
  ca: 'ca_ES',
  eu: 'eu_ES',
  es: 'es_ES',
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  it: 'it_IT',
  pt: 'pt_PT',
  ru: 'ru_RU',
  zh: 'zh_CN',
};

const gzipped = (file) => gzipSync(readFileSync(join(dist, file))).length;
/** A module's chunk; undefined when the module has none of its own (e.g. en_US, bundled with antd's core). */
const keyOf = (part) => Object.keys(manifest).find((k) => k.includes(part));

/** The files a set of chunks loads, following static imports. */
function filesOf(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) if (key) visit(key);
  return files;
}

const loginPage = keyOf('features/auth/pages/login-page');
if (!loginPage) throw new Error('the manifest has no login page chunk');

let worst = 0;
for (const [language, antd] of Object.entries(antdLocales)) {
  const files = filesOf([
    'index.html',
    loginPage,
    keyOf(`i18n/locales/${language}.json`),
    keyOf(`antd/es/locale/${antd}.js`),
    keyOf(`dayjs/locale/${language === 'zh' ? 'zh-cn' : language}.js`),
  ]);
  const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
  worst = Math.max(worst, kb);
  console.log(`${language}: ${kb.toFixed(1)} KB gzipped JS for /login`);
}
const entryKB = [...filesOf(['index.html'])].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
console.log(`entry and its static imports: ${entryKB.toFixed(1)} KB`);
if (worst > budgetKB) {
  console.error(`over budget: ${worst.toFixed(1)} KB > ${budgetKB} KB`);
  process.exit(1);
}
