import type { Locale } from 'antd/es/locale';
import type { TFunction } from 'i18next';

const pickerKeys = [
  'previousMonth',
  'nextMonth',
  'previousYear',
  'nextYear',
  'previousDecade',
  'nextDecade',
  'previousCentury',
  'nextCentury',
] as const;

/**
 * antd's locale of a language with our own words where antd's are wrong, mixed or missing: Spanish
 * sort hints read "Click para ordenar…", Catalan's "next year" says "next month", Basque misspells
 * "next", German's page size is English, every language lacks "choose a week"... One set of texts from
 * our catalogue (`antd.*`), the same in every language, so none of them is left half translated.
 */
export function withOurTexts(locale: Locale, t: TFunction): Locale {
  const picker = (lang: Record<string, unknown> | undefined) => ({
    ...lang,
    weekSelect: t('antd.weekSelect'),
    ...Object.fromEntries(pickerKeys.map((key) => [key, t(`antd.picker.${key}`)])),
  });
  return {
    ...locale,
    Table: {
      ...locale.Table,
      triggerDesc: t('antd.sortDescending'),
      triggerAsc: t('antd.sortAscending'),
      cancelSort: t('antd.cancelSort'),
      filterReset: t('antd.filterReset'),
    },
    Pagination: { ...locale.Pagination, page_size: t('antd.pageSize') },
    Text: { ...locale.Text, expand: t('antd.expand'), collapse: t('antd.collapse') } as Locale['Text'],
    ...(locale.DatePicker && {
      DatePicker: {
        ...locale.DatePicker,
        lang: picker(locale.DatePicker.lang) as typeof locale.DatePicker.lang,
      },
    }),
    ...(locale.Calendar && {
      Calendar: { ...locale.Calendar, lang: picker(locale.Calendar.lang) as typeof locale.Calendar.lang },
    }),
  };
}
