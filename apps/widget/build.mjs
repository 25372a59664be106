// Builds the booking widget (issue 20) into dist/: the loader `widget.js` (stable address), the app's
// hashed script and style sheet under assets/, each language's catalogue as a hashed JSON under assets/,
// and the page's template index.html (filled in by the API per company). Fails when the loader and the
// app's script together pass the budget of 60 KB gzipped, or when a catalogue misses a key.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
const assets = path.join(dist, 'assets');
const budget = 60 * 1024;
const target = ['es2019'];

rmSync(dist, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

const hashOf = (bytes) => createHash('sha256').update(bytes).digest('base64url').slice(0, 10);
const gzip = (bytes) => gzipSync(bytes, { level: 9 });
/** A file of dist/ with its gzip and brotli forms beside it (the API sends the one a browser takes). */
function write(file, bytes) {
  writeFileSync(file, bytes);
  writeFileSync(`${file}.gz`, gzip(bytes));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

// The catalogues: every language has exactly the keys of English; zz is the empty template.
const localesDir = path.join(here, 'src', 'locales');
const flatten = (object, prefix = '') =>
  Object.entries(object).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? flatten(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
const english = new Set(
  flatten(JSON.parse(readFileSync(path.join(localesDir, 'en.json'), 'utf8'))).map(([k]) => k),
);
const pluralBase = (key) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const englishBases = new Set([...english].map(pluralBase));
const locales = {};
const problems = [];
for (const name of readdirSync(localesDir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const language = name.slice(0, -5);
  const text = readFileSync(path.join(localesDir, name), 'utf8');
  const entries = flatten(JSON.parse(text));
  const keys = new Set(entries.map(([k]) => k));
  const bases = new Set([...keys].map(pluralBase));
  for (const base of englishBases) if (!bases.has(base)) problems.push(`${name}: missing ${base}`);
  for (const base of bases) if (!englishBases.has(base)) problems.push(`${name}: unknown ${base}`);
  for (const [key] of entries)
    if (/_(zero|one|two|few|many|other)$/.test(key) && !keys.has(`${pluralBase(key)}_other`))
      problems.push(`${name}: ${pluralBase(key)} has no _other`);
  if (language === 'zz') {
    for (const [key, value] of entries) if (value !== '') problems.push(`zz.json: ${key} is not empty`);
    continue;
  }
  for (const [key, value] of entries) if (value === '') problems.push(`${name}: ${key} is empty`);
  const bytes = Buffer.from(JSON.stringify(JSON.parse(text)));
  const file = `${language}-${hashOf(bytes)}.json`;
  write(path.join(assets, file), bytes);
  locales[language] = `/widget/assets/${file}`;
}
if (problems.length) {
  console.error(`Widget catalogues:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

const common = {
  bundle: true,
  minify: true,
  target,
  write: false,
  logLevel: 'warning',
  legalComments: 'none',
};
const [loader, app] = await Promise.all([
  build({ ...common, entryPoints: [path.join(here, 'src/loader.ts')], format: 'iife', outfile: 'widget.js' }),
  build({
    ...common,
    entryPoints: { app: path.join(here, 'src/main.tsx') },
    outdir: 'out',
    format: 'iife',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { __LOCALES__: JSON.stringify(locales), 'process.env.NODE_ENV': '"production"' },
    metafile: true,
  }),
]);

const loaderJs = Buffer.from(loader.outputFiles[0].contents);
write(path.join(dist, 'widget.js'), loaderJs);
const named = {};
for (const out of app.outputFiles) {
  const ext = path.extname(out.path);
  const bytes = Buffer.from(out.contents);
  const file = `app-${hashOf(bytes)}${ext}`;
  write(path.join(assets, file), bytes);
  named[ext] = { file, bytes };
}
// The runtime values must come from the widget's own files and pure contract files, never zod.
const inputs = Object.keys(app.metafile.inputs);
const heavy = inputs.filter((i) => /node_modules\/(zod|react|react-dom|antd)\//.test(i));
if (heavy.length) {
  console.error(`The widget bundles what it must not: ${heavy.join(', ')}`);
  process.exit(1);
}

const template = readFileSync(path.join(here, 'src/index.html'), 'utf8')
  .replace('%JS%', named['.js'].file)
  .replace('%CSS%', named['.css'].file);
writeFileSync(path.join(dist, 'index.html'), template);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sizes = Object.entries(locales).map(([l, url]) => [
  l,
  gzip(readFileSync(path.join(dist, url.slice('/widget/'.length)))).length,
]);
const largestLocale = Math.max(...sizes.map(([, n]) => n));
const loaderGz = gzip(loaderJs).length;
const appGz = gzip(named['.js'].bytes).length;
const cssGz = gzip(named['.css'].bytes).length;
const total = loaderGz + appGz;
console.log(
  `Widget built (gzipped): loader widget.js ${kb(loaderGz)}, app ${named['.js'].file} ${kb(appGz)}: JS ${kb(total)} of ${kb(budget)}; ` +
    `CSS ${kb(cssGz)}, a catalogue ${kb(largestLocale)} at most (${sizes.map(([l, n]) => `${l} ${kb(n)}`).join(', ')})`,
);
if (total > budget) {
  console.error(`The widget's JS (${kb(total)} gzipped) is over its budget of ${kb(budget)}`);
  process.exit(1);
}
