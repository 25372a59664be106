import { isLanguage, type Language } from '@mostrador/contract';
import i18next from 'i18next';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenPart } from '../app/screen-sections';
import { type CataloguePart, catalogueInParts, restOfCatalogueLoaded } from './i18n';

/**
 * Signed in, the catalogue's parts beyond the shell's (i18n.ts `shellSections`, loaded with the language): a
 * screen's own sections with its code (routes.ts `sections`, app/screen-sections.ts), each loaded once; what a
 * screen shows later (a drawer, a dialog) loads the rest of the catalogue with its code
 * (`lazyWithRestOfCatalogue`). Signed-in code only: the login's boot does without this module.
 */

/** The catalogue but the shell's namespaces (the query lists `shellSections`: catalogue-parts.test.ts). */
export const restOfCatalogues: CataloguePart = import.meta.glob<Record<string, unknown>>(
  ['./locales/*.json', '!./locales/zz.json'],
  {
    query: '?except=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError',
    import: 'default',
  },
);

/** One language's loader of a part. */
export function partOf(part: CataloguePart, language: Language): () => Promise<Record<string, unknown>> {
  const load = Object.entries(part).find(([file]) => file.endsWith(`/${language}.json`))?.[1];
  if (!load) throw new Error(`no catalogue part for ${language}`);
  return load;
}

type PartLoaders = Record<ScreenPart, () => Promise<Record<string, unknown>>>;

/** Each language's screen parts: a small module of loaders, one per part (build/catalogue-parts.ts). */
const screenParts: Record<Language, () => Promise<{ default: PartLoaders }>> = {
  ca: () => import('virtual:screen-parts/ca'),
  eu: () => import('virtual:screen-parts/eu'),
  es: () => import('virtual:screen-parts/es'),
  en: () => import('virtual:screen-parts/en'),
  de: () => import('virtual:screen-parts/de'),
  fr: () => import('virtual:screen-parts/fr'),
  it: () => import('virtual:screen-parts/it'),
  pt: () => import('virtual:screen-parts/pt'),
  ru: () => import('virtual:screen-parts/ru'),
  zh: () => import('virtual:screen-parts/zh'),
};

/** One language's loader of a screen's part, or of the rest of the catalogue. */
function loaderOf(language: Language, part: ScreenPart | undefined): () => Promise<Record<string, unknown>> {
  if (!part) return partOf(restOfCatalogues, language);
  return () => screenParts[language]().then((parts) => parts.default[part]());
}

const partsLoaded = new Map<ScreenPart | 'rest', Promise<void>>();

/**
 * Adds a part of the catalogue (a screen's sections; without one, the rest) in the current language, once.
 * Before the language is known (the boot's early warm-up of a screen's code), or with the whole catalogue
 * (signed out; the unit tests' own setup), it does nothing.
 */
export function loadCatalogueSections(part?: ScreenPart): Promise<void> {
  const language = i18next.language;
  if (!isLanguage(language) || !catalogueInParts()) return Promise.resolve();
  const key = part ?? 'rest';
  let load = partsLoaded.get(key);
  if (!load) {
    load = loaderOf(language, part)().then((texts) => {
      i18next.addResourceBundle(language, 'translation', texts, true, true);
      if (!part) restOfCatalogueLoaded();
    });
    load.catch(() => partsLoaded.delete(key));
    partsLoaded.set(key, load);
  }
  return load;
}

/** The rest of the catalogue: what the shell and the screens with sections do not hold. */
export function loadRestOfCatalogue(): Promise<void> {
  return loadCatalogueSections();
}

/** Starts downloading a screen's part (or the rest) in the language the boot expects: its warm-up. */
export function preloadCatalogueSections(language: Language, part?: ScreenPart): void {
  loaderOf(language, part)().catch(() => {});
}

/** A lazy component's loader that also loads the rest of the catalogue: for what a screen opens later. */
function withRestOfCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestOfCatalogue()]).then(([loaded]) => loaded);
}

/**
 * `lazy` for a named export of a module a screen opens later (a drawer, a dialog): the module and the
 * rest of the catalogue load together, and the component renders once both are there.
 */
export function lazyWithRestOfCatalogue<M, K extends ComponentKeys<M>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<Extract<M[K], AnyComponent>> {
  return lazy(
    withRestOfCatalogue(() => load().then((m) => ({ default: m[name] as Extract<M[K], AnyComponent> }))),
  );
}

/** The names of a module's exports that are components. */
type ComponentKeys<M> = { [P in keyof M]: M[P] extends AnyComponent ? P : never }[keyof M];
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, what React's own `lazy` takes.
type AnyComponent = ComponentType<any>;
