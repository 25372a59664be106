import { defaultLanguage, isLanguage, type Language } from '@mostrador/contract';
import type { Locale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dayjsLocaleOf, setDayjsLocale } from '../lib/format';
import { withOurTexts } from './antd-locale';

type Catalogue = Record<string, unknown>;

/** One chunk per language: a user downloads only the catalogue he reads. */
const catalogues: Record<Language, () => Promise<{ default: Catalogue }>> = {
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

/** Loads the catalogue, antd locale and dayjs locale of one language and makes it current. */
export async function loadLanguage(language: Language): Promise<Locale> {
  const [catalogue, antdLocale] = await Promise.all([
    catalogues[language](),
    antdLocales[language](),
    dayjsLocales[language](),
  ]);
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalogue.default } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setDayjsLocale(dayjsLocaleOf(language));
  document.documentElement.lang = language;
  return withOurTexts(antdLocale.default, i18next.t);
}

export { i18next };
