/** Interface languages, in the spec's order; `zz` is the empty template, not offered to users. */
export const languages = ['ca', 'eu', 'es', 'en', 'de', 'fr', 'it', 'pt', 'ru', 'zh'] as const;
export type Language = (typeof languages)[number];
export const catalogueLanguages = [...languages, 'zz'] as const;
export type CatalogueLanguage = (typeof catalogueLanguages)[number];
export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export const defaultTimeZone = 'Europe/Madrid';
