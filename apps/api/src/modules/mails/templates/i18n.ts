import type { CatalogueLanguage, Language } from '@mostrador/contract';
import ca from './locales/ca.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import eu from './locales/eu.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };
import zz from './locales/zz.json' with { type: 'json' };

/** A key of the mail catalogues; Spanish is the reference catalogue. */
export type MailKey = keyof typeof es;
export type MailCatalogue = Partial<Record<MailKey, string>>;

/** One catalogue per language, plus the empty `zz` template translators start from. */
export const mailCatalogues: Record<CatalogueLanguage, MailCatalogue> = {
  ca,
  eu,
  es,
  en,
  de,
  fr,
  it,
  pt,
  ru,
  zh,
  zz,
};

/**
 * The text of `key` in `language`, with each `{name}` replaced by `vars.name` (unknown names stay as
 * written). A key missing or empty in the language's catalogue falls back to the Spanish text.
 */
export function t(
  language: CatalogueLanguage,
  key: MailKey,
  vars: Record<string, string | number> = {},
): string {
  const text = mailCatalogues[language][key] || es[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

export { intlLocales } from '../../../lib/intl-locales.js';

/** `Label: value` as each language writes it (a space before the colon in French, a full-width colon in Chinese). */
export function labelled(language: Language, label: string, value: string): string {
  if (language === 'fr') return `${label}\u00a0: ${value}`;
  if (language === 'zh') return `${label}：${value}`;
  return `${label}: ${value}`;
}
