import { isLanguage, type Language } from '@mostrador/contract';
import i18next from 'i18next';
import { type CataloguePart, catalogueInParts, restOfCatalogueLoaded } from './i18n';

/**
 * Signed in, the catalogue's parts beyond the shell's (i18n.ts `shellSections`, loaded with the language): a
 * screen's own sections with its code when its route declares them (routes.ts `sections`), or else the rest
 * of the catalogue, loaded once; what a screen with sections shows later (a drawer, a dialog) loads the rest
 * with its code (`withRestOfCatalogue`). Signed-in code only: the login's boot does without this module.
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

const partsLoaded = new Map<CataloguePart, Promise<void>>();

/**
 * Adds a part of the catalogue (a screen's sections; without one, the rest) in the current language, once.
 * Before the language is known (the boot's early warm-up of a screen's code), or with the whole catalogue
 * (signed out; the unit tests' own setup), it does nothing.
 */
export function loadCatalogueSections(part: CataloguePart = restOfCatalogues): Promise<void> {
  const language = i18next.language;
  if (!isLanguage(language) || !catalogueInParts()) return Promise.resolve();
  let load = partsLoaded.get(part);
  if (!load) {
    load = partOf(part, language)().then((texts) => {
      i18next.addResourceBundle(language, 'translation', texts, true, true);
      if (part === restOfCatalogues) restOfCatalogueLoaded();
    });
    load.catch(() => partsLoaded.delete(part));
    partsLoaded.set(part, load);
  }
  return load;
}

/** The rest of the catalogue: what the shell and the screens with sections do not hold. */
export function loadRestOfCatalogue(): Promise<void> {
  return loadCatalogueSections(restOfCatalogues);
}

/** Starts downloading a screen's part (or the rest) in the language the boot expects: its warm-up. */
export function preloadCatalogueSections(language: Language, part: CataloguePart = restOfCatalogues): void {
  partOf(part, language)().catch(() => {});
}

/** A lazy component's loader that also loads the rest of the catalogue: for what a screen opens later. */
export function withRestOfCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestOfCatalogue()]).then(([loaded]) => loaded);
}
