import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ScreenPart, screenSections } from '../app/screen-sections';
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
  // The forms' validation messages: `issueMessage`, `calendarIssueMessage`, `contractMessage` and the forms'
  // own tables give `validation.*` (and their feature's) literals, in the modules the form imports.
  'key',
  'validationKey',
  "contractMessages[message] ?? 'validation.invalid'",
  "serverMessages[message] ?? 'validation.invalid'",
  "fieldMessages[path] ?? 'validation.invalid'",
  'orderMessageKey(message',
  // The shared screens' parts, given their callers' literals: the lists, the record pages, the forms' help.
  'column.title',
  'props.title',
  'props.countKey',
  "emptyText ?? 'table.empty'",
  'texts.',
  'options.help',
  'label', // calendars-page.tsx: `limit('calendars.…', …)`
  'problem.title', // check-in's scanner-page.tsx: its `cameraProblems` literals
  'problem.text',
  'scopeKeys[scope]', // employees' permission editor: its table's literals
  'titles[type] ?? titles.pack!', // products' pack-credit-section.tsx: its table's literals
  // Choices between literals spread over lines.
  'isChargeable(item',
  'isOrderLocked(item',
  'saved.periods.some((p',
];

/** An entry ending in `(`, `[` or `.` is a prefix of the argument; any other is the whole argument. */
const isListed = (argument: string) =>
  keysFromVariables.some((known) =>
    /[([.]$/.test(known) ? argument.startsWith(known) : argument.trim() === known,
  );

/** A choice between two literal keys (`t(day ? 'a.day' : 'a.month')`): `namespacesRead` sees both. */
const literalChoice = /^[^?]*\?\s*(['"`])[A-Za-z]+\.[^'"`]*\1\s*:\s*(['"`])[A-Za-z]+\.[^'"`]*\2\s*$/;

function unlistedVariableKeys(graph: Set<string>): string[] {
  const found: string[] = [];
  for (const file of graph)
    for (const [, argument] of uncommented(source(file)).matchAll(/\bt\(\s*([^'"`\s][^,)]*)/g))
      if (!isListed(argument ?? '') && !literalChoice.test(argument ?? ''))
        found.push(`${file}: t(${argument}`);
  return found;
}

/**
 * `lazy(` calls that do not load the rest of the catalogue with their code (`lazyWithRestOfCatalogue` does,
 * catalogue-parts.ts's own `lazy(withRestOfCatalogue(…))`), but for `lazy(() => import('…'))` of code that reads no text (bookings' FullCalendar grid: its texts come in its props).
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

/** Every route with its page module and its namespaces (routes.ts, app/screen-sections.ts). */
function sectionedScreens(): Array<{ id: string; page: string; sections: readonly string[] }> {
  const table = source('app/routes.ts');
  // The base pages (the dashboard) are loaded through base-pages.ts.
  const basePages = new Map(
    [...source('app/base-pages.ts').matchAll(/^\s+(\w+): \(\) => import\('([^']+)'\)/gm)].map(
      ([, name, page]) => [name, resolve('app/base-pages.ts', page as string)],
    ),
  );
  const routes = [
    ...table.matchAll(
      /\{\s*id: '(\w+)',[^{}]*?sections: '(\w+)',[^{}]*?(?:import\('([^']+)'\)|page: pages\.(\w+))/g,
    ),
  ];
  expect(routes.length, 'every route of routes.ts declares its sections').toBe(
    table.match(/^\s+\{\s*id: '/gm)?.length,
  );
  return routes.map(([, id, part, page, basePage]) => {
    const sections = screenSections[part as ScreenPart];
    if (!sections) throw new Error(`routes.ts: no part ${part} in screen-sections.ts`);
    const file = page ? resolve('app/routes.ts', page) : basePages.get(basePage as string);
    if (!file) throw new Error(`routes.ts: no page module for ${id}`);
    return { id: id as string, page: file, sections };
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

  it('reads in the code of each screen only its sections and the shell’s', () => {
    const screens = sectionedScreens();
    expect(screens.map((s) => s.id)).toContain('bookings');
    expect(screens.map((s) => s.id)).toContain('dashboard');
    for (const { id, page, sections } of screens) {
      for (const name of sections) expect.soft(namespaces, `${id}: ${name}`).toContain(name);
      const graph = staticGraph([page]);
      const outside = [...namespacesRead(graph)].filter(
        ([name]) => !shellSections.includes(name) && !sections.includes(name),
      );
      expect.soft(outside, id).toEqual([]);
      expect.soft(unlistedVariableKeys(graph), id).toEqual([]);
      expect.soft(lazyWithoutRest(graph), id).toEqual([]);
    }
  });

  it('loads with each part no namespace its screens do not read', () => {
    const read = new Map<string, Set<string>>();
    for (const { page, sections } of sectionedScreens()) {
      const part = Object.entries(screenSections).find(([, names]) => names === sections)?.[0] as string;
      const names = read.get(part) ?? new Set<string>();
      for (const name of namespacesRead(staticGraph([page])).keys())
        if (!shellSections.includes(name)) names.add(name);
      read.set(part, names);
    }
    for (const [part, names] of Object.entries(screenSections))
      expect.soft([...names].sort(), part).toEqual([...(read.get(part) ?? [])].sort());
  });

  it('notices a key outside the parts (the checks above can fail)', () => {
    const graph = staticGraph(['features/bookings/pages/bookings-calendar-page.tsx']);
    expect(graph).toContain('features/bookings/components/agenda-view.tsx');
    expect([...namespacesRead(graph).keys()]).toContain('bookings');
    expect(graph).not.toContain('features/bookings/components/booking-drawer.tsx');
  });
});
