import { defaultLanguage, isLanguage, type Language } from '@mostrador/contract';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withOurTexts } from './antd-locale';

type Catalogue = Record<string, unknown>;

type CatalogueLoader = () => Promise<{ default: Catalogue }>;

/** One chunk per language: a user downloads only the catalogue he reads. */
const catalogues: Record<Language, CatalogueLoader> = {
  ca: () => import('./locales/ca.json'),
  eu: () => import('./locales/eu.json'),
  es: () => import('./locales/es.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
  pt: () => import('./locales/pt.json'),
  ru: () => import('./locales/ru.json'),
  zh: () => import('./locales/zh.json'),
};

/** The same cut to the signed-out screens' namespaces (vite.config.ts `signedOutNamespaces`): the login's first load. */
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
    ? [catalogues[language](), antdLocales[language](), dayjsLocales[language](), import('../lib/format')]
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

/**
 * Loads the catalogue, antd locale and dayjs locale of one language and makes it current. Signed out, only
 * the catalogue's signed-out namespaces (vite.config.ts `signedOutNamespaces`) and no dayjs.
 */
export async function loadLanguage(language: Language, { signedIn = true } = {}): Promise<Locale> {
  const [catalogue, antdLocale] = await Promise.all([
    (signedIn ? catalogues : signedOutCatalogues)[language](),
    antdLocales[language](),
    signedIn ? loadDates(language) : undefined,
  ]);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalogue.default } },
    interpolation: { escapeValue: false },
    returnNull: false,
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
  const [catalogue] = await Promise.all([catalogues[language](), loadDates(language)]);
  i18next.addResourceBundle(language, 'translation', catalogue.default, true, true);
}

export { i18next };
