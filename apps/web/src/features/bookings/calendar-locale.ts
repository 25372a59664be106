import type { LocaleInput } from '@fullcalendar/core';
import { isLanguage, type Language } from '@mostrador/contract';
import i18next from 'i18next';
import { useEffect, useState } from 'react';

/**
 * FullCalendar's locale of each interface language, one chunk each: the calendar screen downloads only the
 * current language's (the language is fixed for a page load; changing it reloads the page).
 */
const loaders: Record<Language, () => Promise<{ default: LocaleInput }>> = {
  ca: () => import('@fullcalendar/core/locales/ca'),
  de: () => import('@fullcalendar/core/locales/de'),
  en: () => import('@fullcalendar/core/locales/en-gb'),
  es: () => import('@fullcalendar/core/locales/es'),
  eu: () => import('@fullcalendar/core/locales/eu'),
  fr: () => import('@fullcalendar/core/locales/fr'),
  it: () => import('@fullcalendar/core/locales/it'),
  pt: () => import('@fullcalendar/core/locales/pt'),
  ru: () => import('@fullcalendar/core/locales/ru'),
  zh: () => import('@fullcalendar/core/locales/zh-cn'),
};

const loaded = new Map<Language, LocaleInput>();

export async function loadCalendarLocale(language: Language): Promise<LocaleInput> {
  const known = loaded.get(language);
  if (known) return known;
  const locale = (await loaders[language]()).default;
  loaded.set(language, locale);
  return locale;
}

/**
 * The current language's locale, loaded before the calendar screen renders (its route's loader awaits
 * `preloadCurrentCalendarLocale`); before the language is known (the boot's early warm-up of the screen's
 * code) nothing is loaded. A failure is left to `useCalendarLocale`, which asks again.
 */
export async function preloadCurrentCalendarLocale(): Promise<void> {
  const language = i18next.language;
  if (isLanguage(language)) await loadCalendarLocale(language).catch(() => undefined);
}

/** The language's locale: at once when the route's loader has loaded it, else once it has loaded. */
export function useCalendarLocale(language: Language): LocaleInput | undefined {
  const [, setLoads] = useState(0);
  const locale = loaded.get(language);
  useEffect(() => {
    if (!locale)
      loadCalendarLocale(language).then(
        () => setLoads((n) => n + 1),
        () => {},
      );
  }, [language, locale]);
  return locale;
}
