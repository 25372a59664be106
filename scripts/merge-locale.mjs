// Merges a JSON tree of new strings into one catalogue (read-modify-write, keys sorted as they come):
//   node scripts/merge-locale.mjs <lang> <file.json>     `zz` takes the same keys with empty values.
import { readFileSync, writeFileSync } from 'node:fs';

const [lang, file] = process.argv.slice(2);
if (!lang || !file) throw new Error('usage: merge-locale.mjs <lang> <file.json>');
const path = new URL(`../apps/web/src/i18n/locales/${lang}.json`, import.meta.url);
const target = JSON.parse(readFileSync(path, 'utf8'));
const additions = JSON.parse(readFileSync(file, 'utf8'));

function merge(into, from) {
  for (const [key, value] of Object.entries(from)) {
    if (value && typeof value === 'object') {
      if (!into[key]) into[key] = {};
      merge(into[key], value);
    } else into[key] = lang === 'zz' ? '' : value;
  }
}
merge(target, additions);
writeFileSync(path, `${JSON.stringify(target, null, 2)}\n`);
