import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellSections } from './i18n';
import en from './locales/en.json';

/*
 * Signed in, the catalogue comes in parts (i18n.ts, catalogue-parts.ts): the shell's namespaces with the
 * language, a screen's own sections with its code when its route declares them, else the rest. A key read
 * outside the parts loaded would show nothing until the rest arrives: this proves, from the sources, that the
 * code each part serves reads only the namespaces of that part and the shell's, and that what such code
 * loads later (lazy components) loads the rest first.
 */

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const namespaces = new Set(Object.keys(en));

/** Source files by their path from src/: `app/main.tsx`. */
const files = new Map(Object.entries(sources).map(([file, text]) => [path.posix.join('i18n', file), text]));

function source(file: string): string {
  const text = files.get(file);
  if (text === undefined) throw new Error(`no source ${file}`);
  return text;
}

const uncommented = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');

function resolve(from: string, specifier: string): string | undefined {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) =>
    files.has(f),
  );
}

/** The modules a module loads with it: its static imports (not `import type`, not `import()`), transitively. */
function staticGraph(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = uncommented(source(file));
    const imports = text.matchAll(
      /^\s*(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm,
    );
    for (const [, specifier] of imports) {
      const target = resolve(file, specifier as string);
      if (target) pending.push(target);
    }
  }
  return seen;
}

/** The catalogue namespaces a module names: a string or template starting `<namespace>.`. */
function namespacesRead(graph: Set<string>): Map<string, string[]> {
  const read = new Map<string, string[]>();
  for (const file of graph)
    for (const [, name] of uncommented(source(file)).matchAll(/['"`]([A-Za-z]+)\.[\w$]/g))
      if (name && namespaces.has(name)) read.set(name, [...(read.get(name) ?? []), file]);
  return read;
}

/**
 * `t(…)` calls whose key is neither a literal nor a template with a literal namespace: each names here the
 * literals it is given, in the same code (so `namespacesRead` sees them).
 */
const keysFromVariables = [
  'entry.label', // app/menu.tsx: the `menu.*` labels of its entries
  'titleKey', // app/layouts/error-panel.tsx: its callers' literals
  'messageKey',
  'actionKey',
  'errorKeys(error', // api/errors.ts: `errors.<code>` and `errors.0`
];

function unlistedVariableKeys(graph: Set<string>): string[] {
  const found: string[] = [];
  for (const file of graph)
    for (const [, argument] of uncommented(source(file)).matchAll(/\bt\(\s*([^'"`\s][^,)]*)/g))
      if (!keysFromVariables.some((known) => argument?.startsWith(known)))
        found.push(`${file}: t(${argument}`);
  return found;
}

/**
 * `lazy(` calls that do not load the rest of the catalogue with their code, but for `lazy(() => import('…'))`
 * of code that reads no text (bookings' FullCalendar grid: its texts come in its props).
 */
function lazyWithoutRest(graph: Set<string>): string[] {
  const readsNoText = (file: string, specifier: string | undefined) => {
    const target = specifier && resolve(file, specifier);
    if (!target) return false;
    const loaded = staticGraph([target]);
    return namespacesRead(loaded).size === 0 && unlistedVariableKeys(loaded).length === 0;
  };
  return [...graph].flatMap((file) =>
    [...uncommented(source(file)).matchAll(/\blazy\(\s*(\S{0,40})(?:\s*=>\s*import\('([^']+)'\))?/g)]
      .filter(
        ([, next, imported]) => !next?.startsWith('withRestOfCatalogue(') && !readsNoText(file, imported),
      )
      .map(([call]) => `${file}: ${call}`),
  );
}

/** The shell: the boot, the route table, the back office's layout and its 404 page. */
const shell = staticGraph([
  'app/main.tsx',
  'app/routes.ts',
  'app/layouts/backend-layout.tsx',
  'app/pages/not-found-page.tsx',
]);

/** The routes that declare sections: their page module and their namespaces, read from routes.ts. */
function sectionedScreens(): Array<{ id: string; page: string; sections: string[] }> {
  const table = source('app/routes.ts');
  const parts = new Map(
    [
      ...table.matchAll(
        /const (\w+): CataloguePart = import\.meta\.glob[\s\S]*?query: '\?sections=([\w,]+)'/g,
      ),
    ].map(([, name, list]) => [name, (list as string).split(',')]),
  );
  const routes = [...table.matchAll(/\{\s*id: '(\w+)',[^{}]*?sections: (\w+),[^{}]*?import\('([^']+)'\)/g)];
  expect(routes.length, 'every `sections:` of routes.ts is read').toBe(
    table.match(/^\s+sections: \w+,$/gm)?.length,
  );
  return routes.map(([, id, part, page]) => {
    const sections = parts.get(part as string);
    if (!sections) throw new Error(`routes.ts: no literal sections for ${part}`);
    return { id: id as string, page: resolve('app/routes.ts', page as string) as string, sections };
  });
}

describe('catalogue parts', () => {
  it("cuts the shell's part and the rest by the same list of namespaces", () => {
    for (const name of shellSections) expect(namespaces).toContain(name);
    const list = shellSections.join(',');
    const shellImports = [
      ...source('i18n/i18n.ts').matchAll(/import\('\.\/locales\/\w+\.json\?sections=([\w,]+)'\)/g),
    ];
    expect(shellImports).toHaveLength(10);
    for (const [, query] of shellImports) expect(query).toBe(list);
    expect(source('i18n/catalogue-parts.ts')).toContain(`query: '?except=${list}'`);
    expect(source('i18n/catalogue-part.d.ts')).toContain(`'*.json?sections=${list}'`);
  });

  it("reads in the shell's code only the shell's namespaces", () => {
    const outside = [...namespacesRead(shell)].filter(([name]) => !shellSections.includes(name));
    expect(outside).toEqual([]);
    expect(unlistedVariableKeys(shell)).toEqual([]);
    expect(lazyWithoutRest(shell)).toEqual([]);
  });

  it('reads in the code of a screen with sections only those and the shell’s', () => {
    const screens = sectionedScreens();
    expect(screens.map((s) => s.id)).toContain('bookings');
    for (const { id, page, sections } of screens) {
      for (const name of sections) expect(namespaces, `${id}: ${name}`).toContain(name);
      const graph = staticGraph([page]);
      const outside = [...namespacesRead(graph)].filter(
        ([name]) => !shellSections.includes(name) && !sections.includes(name),
      );
      expect(outside, id).toEqual([]);
      expect(unlistedVariableKeys(graph), id).toEqual([]);
      expect(lazyWithoutRest(graph), id).toEqual([]);
    }
  });

  it('notices a key outside the parts (the checks above can fail)', () => {
    const graph = staticGraph(['features/bookings/pages/bookings-calendar-page.tsx']);
    expect(graph).toContain('features/bookings/components/agenda-view.tsx');
    expect([...namespacesRead(graph).keys()]).toContain('bookings');
    expect(graph).not.toContain('features/bookings/components/booking-drawer.tsx');
  });
});
