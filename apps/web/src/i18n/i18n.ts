import { defaultLanguage, isLanguage, type Language } from '@mostrador/contract';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withOurTexts } from './antd-locale';

type Catalogue = Record<string, unknown>;

type CatalogueLoader = () => Promise<{ default: Catalogue }>;

/** The catalogue cut to the signed-out screens' namespaces (build/catalogue-parts.ts `signedOutNamespaces`): the login's first load. */
const signedOutCatalogues: Record<Language, CatalogueLoader> = {
  ca: () => import('./locales/ca.json?signed-out'),
  eu: () => import('./locales/eu.json?signed-out'),
  es: () => import('./locales/es.json?signed-out'),
  en: () => import('./locales/en.json?signed-out'),
  de: () => import('./locales/de.json?signed-out'),
  fr: () => import('./locales/fr.json?signed-out'),
  it: () => import('./locales/it.json?signed-out'),
  pt: () => import('./locales/pt.json?signed-out'),
  ru: () => import('./locales/ru.json?signed-out'),
  zh: () => import('./locales/zh.json?signed-out'),
};

/**
 * Signed in, the catalogue comes in parts (build/catalogue-parts.ts): with the language, the shell's
 * namespaces (the back office's frame, its error panels and 404 page, the API's error messages, antd's
 * texts); the screens' parts with their code (catalogue-parts.ts). catalogue-parts.test.ts proves that the
 * code each part serves reads only its namespaces.
 */
export const shellSections = [
  'antd',
  'boot',
  'cashRegister',
  'common',
  'errors',
  'layout',
  'menu',
  'notFound',
  'routeError',
];

/** A part of the catalogue in every language, as `import.meta.glob` gives it. */
export type CataloguePart = Record<string, () => Promise<Catalogue>>;

const shellCatalogues: Record<Language, CatalogueLoader> = {
  ca: () =>
    import('./locales/ca.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  eu: () =>
    import('./locales/eu.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  es: () =>
    import('./locales/es.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  en: () =>
    import('./locales/en.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  de: () =>
    import('./locales/de.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  fr: () =>
    import('./locales/fr.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  it: () =>
    import('./locales/it.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  pt: () =>
    import('./locales/pt.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  ru: () =>
    import('./locales/ru.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
  zh: () =>
    import('./locales/zh.json?sections=antd,boot,cashRegister,common,errors,layout,menu,notFound,routeError'),
};

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  ca: () => import('antd/es/locale/ca_ES'),
  eu: () => import('antd/es/locale/eu_ES'),
  es: () => import('antd/es/locale/es_ES'),
  en: () => import('antd/es/locale/en_GB'),
  de: () => import('antd/es/locale/de_DE'),
  fr: () => import('antd/es/locale/fr_FR'),
  it: () => import('antd/es/locale/it_IT'),
  pt: () => import('antd/es/locale/pt_PT'),
  ru: () => import('antd/es/locale/ru_RU'),
  zh: () => import('antd/es/locale/zh_CN'),
};

const dayjsLocales: Record<Language, () => Promise<unknown>> = {
  ca: () => import('dayjs/locale/ca'),
  eu: () => import('dayjs/locale/eu'),
  es: () => import('dayjs/locale/es'),
  en: () => import('dayjs/locale/en-gb'),
  de: () => import('dayjs/locale/de'),
  fr: () => import('dayjs/locale/fr'),
  it: () => import('dayjs/locale/it'),
  pt: () => import('dayjs/locale/pt'),
  ru: () => import('dayjs/locale/ru'),
  zh: () => import('dayjs/locale/zh-cn'),
};

export interface LanguageSources {
  brandLanguage?: string | null;
  cookie?: string | null;
  navigatorLanguage?: string | null;
}

/** Brand first, then the `lang` cookie, then the browser's language, then English. */
export function resolveLanguage({ brandLanguage, cookie, navigatorLanguage }: LanguageSources): Language {
  if (brandLanguage) return isLanguage(brandLanguage) ? brandLanguage : 'es';
  if (isLanguage(cookie)) return cookie;
  const browser = navigatorLanguage?.slice(0, 2).toLowerCase();
  if (isLanguage(browser)) return browser;
  return defaultLanguage;
}

/**
 * Starts downloading one language's catalogue and locales before it is known for sure to be the one (the
 * brand's language comes with the app config): `loadLanguage` then finds them loaded.
 */
export function preloadLanguage(language: Language, { signedIn }: { signedIn: boolean }): void {
  const loads = signedIn
    ? [
        shellCatalogues[language](),
        antdLocales[language](),
        dayjsLocales[language](),
        import('../lib/format'),
      ]
    : [signedOutCatalogues[language](), antdLocales[language]()];
  for (const load of loads) load.catch(() => {});
}

/**
 * dayjs with the language's locale, its times on the 24-hour clock (lib/format.ts). Signed out only the
 * screens that show dates load it (the demo dashboard): the login screen does without dayjs.
 */
async function loadDates(language: Language): Promise<void> {
  const [{ dayjsLocaleOf, setDayjsLocale }] = await Promise.all([
    import('../lib/format'),
    dayjsLocales[language](),
  ]);
  setDayjsLocale(dayjsLocaleOf(language));
}

/** Signed in, the catalogue is in parts: the rest may still be missing. */
let cutCatalogue = false;
let restLoaded = false;

/**
 * Loads the catalogue, antd locale and dayjs locale of one language and makes it current. Signed out, only
 * the catalogue's signed-out namespaces (build/catalogue-parts.ts `signedOutNamespaces`) and no dayjs; signed in, the
 * shell's namespaces (`shellSections`), the screens loading theirs.
 */
export async function loadLanguage(language: Language, { signedIn = true } = {}): Promise<Locale> {
  const [catalogue, antdLocale] = await Promise.all([
    (signedIn ? shellCatalogues : signedOutCatalogues)[language]().then((texts) => texts.default),
    antdLocales[language](),
    signedIn ? loadDates(language) : undefined,
  ]);
  cutCatalogue = signedIn;
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalogue } },
    interpolation: { escapeValue: false },
    returnNull: false,
    // A part added later (a screen's sections, the rest) renders again what reads the catalogue.
    react: { bindI18nStore: 'added' },
    // A key outside the parts loaded so far (none should be: catalogue-parts.test.ts) shows nothing, never
    // the raw key, while the rest of the catalogue loads; then it shows as usual.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      if (!cutCatalogue || restLoaded) return defaultValue ?? key;
      import('./catalogue-parts').then((parts) => parts.loadRestOfCatalogue()).catch(() => {});
      return defaultValue ?? '';
    },
  });
  document.documentElement.lang = language;
  return withOurTexts(antdLocale.default, i18next.t);
}

/**
 * The current language's whole catalogue and its dates (dayjs), for a screen shown signed out that reads more
 * than the login's texts.
 */
export async function loadWholeCatalogue(): Promise<void> {
  const language = i18next.language;
  if (!isLanguage(language)) return;
  const [shell, rest] = await Promise.all([
    shellCatalogues[language]().then((texts) => texts.default),
    import('./catalogue-parts').then((parts) => parts.partOf(parts.restOfCatalogues, language)()),
    loadDates(language),
  ]);
  for (const texts of [shell, rest]) i18next.addResourceBundle(language, 'translation', texts, true, true);
}

/** Whether the catalogue was loaded in parts (signed in, by `loadLanguage`), the rest to come. */
export function catalogueInParts(): boolean {
  return cutCatalogue;
}

/** Said by catalogue-parts.ts: from now on a missing key is missing. */
export function restOfCatalogueLoaded(): void {
  restLoaded = true;
}

export { i18next };
