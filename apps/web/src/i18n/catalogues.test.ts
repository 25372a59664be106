import {
  allPermissions,
  catalogueLanguages,
  ErrorCode,
  languages,
  permissionAreas,
} from '@mostrador/contract';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const catalogues = import.meta.glob<Tree>('./locales/*.json', { import: 'default', eager: true });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function catalogue(language: string): Tree {
  const tree = catalogues[`./locales/${language}.json`];
  if (!tree) throw new Error(`missing catalogue ${language}.json`);
  return tree;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(pluralSuffix, '');

/** Plural keys grouped by their base key: `taxes.count` -> {one, other}. */
function pluralForms(keys: Iterable<string>): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const key of keys) {
    const match = pluralSuffix.exec(key);
    if (!match?.[1]) continue;
    const base = baseKey(key);
    forms.set(base, (forms.get(base) ?? new Set()).add(match[1]));
  }
  return forms;
}

const en = flatten(catalogue('en'));
const enBases = new Set([...en.keys()].map(baseKey));

describe('i18n catalogues', () => {
  it('has one catalogue per interface language plus the empty template', () => {
    expect(Object.keys(catalogues).sort()).toEqual(
      catalogueLanguages.map((l) => `./locales/${l}.json`).sort(),
    );
  });

  it.each(languages)(
    '%s has exactly the keys of en.json, with the plural forms of its language',
    (language) => {
      const keys = flatten(catalogue(language));
      expect(new Set([...keys.keys()].map(baseKey))).toEqual(enBases);
      const categories = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
      for (const [base, forms] of pluralForms(keys.keys()))
        expect({ base, forms }).toEqual({ base, forms: categories });
      for (const [key, value] of keys)
        expect({ key, value: value.trim() === '' }).toEqual({ key, value: false });
    },
  );

  it('zz has every key of en.json and only empty values', () => {
    const zz = flatten(catalogue('zz'));
    expect([...zz.keys()].sort()).toEqual([...en.keys()].sort());
    expect([...zz.values()].filter((value) => value !== '')).toEqual([]);
  });

  it('translates every error code, permission, permission area and language name', () => {
    const needed = [
      ...Object.values(ErrorCode).map((code) => `errors.${code}`),
      ...allPermissions.map((permission) => `permissions.${permission}`),
      ...Object.keys(permissionAreas).map((area) => `permissionAreas.${area}`),
      ...languages.map((language) => `languageNames.${language}`),
    ];
    expect(needed.filter((key) => !en.has(key))).toEqual([]);
  });

  it('has every key the code names literally', () => {
    const namespaces = Object.keys(catalogue('en')).join('|');
    const literal = new RegExp(`['"]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"]`, 'g');
    const missing = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      for (const [, key] of text.matchAll(literal)) {
        if (key && !enBases.has(key)) missing.add(`${file}: ${key}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('has a branch for every key the code builds from a literal start', () => {
    // `giftVouchers.status.${code}`: some key of en.json begins with `giftVouchers.status.`.
    const namespaces = Object.keys(catalogue('en')).join('|');
    const template = new RegExp(`\`((?:${namespaces})\\.[A-Za-z0-9_.]*\\.)\\$\\{`, 'g');
    const missing = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      for (const [, start] of text.matchAll(template)) {
        if (start && ![...enBases].some((key) => key.startsWith(start))) missing.add(`${file}: ${start}…`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
