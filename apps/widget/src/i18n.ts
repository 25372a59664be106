import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/*
 * The widget's texts: one JSON catalogue per language (src/locales, `zz` the empty template), fetched
 * from its hashed address when the language is chosen. Keys are dotted paths; `{name}` placeholders;
 * plurals as CLDR categories (`key_one`, `key_few`, `key_many`, `key_other`) chosen by `count`.
 */

export const widgetLanguages = ['ca', 'eu', 'es', 'en', 'de', 'fr', 'it', 'pt', 'ru', 'zh'] as const;
export type WidgetLanguage = (typeof widgetLanguages)[number];

/** Each language in itself, for the picker. */
export const languageNames: Record<WidgetLanguage, string> = {
  ca: 'Català',
  eu: 'Euskara',
  es: 'Español',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  zh: '中文',
};

type Catalogue = Record<string, unknown>;
const loaded = new Map<string, Promise<Catalogue>>();

export function loadCatalogue(language: string): Promise<Catalogue> {
  let promise = loaded.get(language);
  if (!promise) {
    const url = __LOCALES__[language] ?? __LOCALES__.en!;
    promise = fetch(url).then((res) => {
      if (!res.ok) throw new Error(`catalogue ${language}: ${res.status}`);
      return res.json() as Promise<Catalogue>;
    });
    promise.catch(() => loaded.delete(language));
    loaded.set(language, promise);
  }
  return promise;
}

export type Vars = Record<string, string | number>;
export type T = (key: string, vars?: Vars) => string;

export function translator(language: string, catalogue: Catalogue): T {
  const plural = new Intl.PluralRules(language);
  const lookup = (key: string): string | undefined => {
    let node: unknown = catalogue;
    for (const part of key.split('.')) node = (node as Catalogue | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  return (key, vars) => {
    let text: string | undefined;
    if (vars && typeof vars.count === 'number')
      text = lookup(`${key}_${plural.select(vars.count)}`) ?? lookup(`${key}_other`);
    text ??= lookup(key) ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole)) : text;
  };
}

export interface I18n {
  language: WidgetLanguage;
  t: T;
}
export const I18nContext = createContext<I18n>({ language: 'en', t: (key) => key });
export const useI18n = () => useContext(I18nContext);
