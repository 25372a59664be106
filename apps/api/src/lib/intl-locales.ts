import type { Language } from '@mostrador/contract';

/**
 * The BCP 47 locale used by `Intl` for each language: British English and European Portuguese (24-hour
 * clock, day before month), Simplified Chinese.
 */
export const intlLocales: Record<Language, string> = {
  ca: 'ca-ES',
  eu: 'eu-ES',
  es: 'es-ES',
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  pt: 'pt-PT',
  ru: 'ru-RU',
  zh: 'zh-CN',
};
