import { isLanguage, type Language, languages, type ProductTranslationListItem } from '@mostrador/contract';
import { Flex, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ListParams } from '../../../api/list-params';
import { type ResourceColumn, ResourceTable } from '../../../components/resource-table';
import { useCompanySettings } from '../../session/api';
import { useProductTranslationList } from '../api';
import { TranslationEditor } from '../components/translation-editor';
import { useLanguageName } from '../language-name';

/** The language to translate into: the address's, else the company's first other language, else English or Spanish. */
function useTargetLanguage(main: Language, others: Language[]): [Language, (language: Language) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('lang');
  const fallback = others.find((l) => l !== main) ?? (main === 'en' ? 'es' : 'en');
  const language = isLanguage(fromUrl) && fromUrl !== main ? fromUrl : fallback;
  const set = (next: Language) =>
    setParams((previous) => {
      const copy = new URLSearchParams(previous);
      copy.set('lang', next);
      copy.delete('page');
      return copy;
    });
  return [language, set];
}

/** The list in the language of the address (a module-level hook: ResourceTable calls it every render). */
function useTranslationList(params: ListParams) {
  const settings = useCompanySettings();
  const [language] = useTargetLanguage(settings.locale, settings.otherLanguages);
  return useProductTranslationList(language, params);
}

/**
 * Product translations: for each product (known by its SKU) its name and description in one language,
 * beside the company's main language; choose the language, search, show only what is left to translate.
 */
export function ProductTranslationsPage() {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const settings = useCompanySettings();
  const main = settings.locale;
  const [language, setLanguage] = useTargetLanguage(main, settings.otherLanguages);
  const others = [
    ...settings.otherLanguages,
    ...languages.filter((l) => !settings.otherLanguages.includes(l)),
  ].filter((l) => l !== main);

  const original = (item: ProductTranslationListItem) => (
    <div style={{ maxWidth: 360, minWidth: 200 }} lang={main}>
      <Typography.Text strong>{item.name}</Typography.Text>
      {item.description && (
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 3, expandable: 'collapsible' }}
          style={{ margin: 0 }}
        >
          {item.description}
        </Typography.Paragraph>
      )}
    </div>
  );
  // A new editor when the language changes: it starts from that language's texts.
  const editor = (item: ProductTranslationListItem) => (
    <TranslationEditor
      key={`${item.id}-${language}`}
      item={item}
      language={language}
      languageName={languageName(language)}
    />
  );

  /** A phone's row as a card: the reference, the original, and the translation's editor under it. */
  const phoneCard = (item: ProductTranslationListItem) => (
    <Flex vertical gap={8} style={{ minWidth: 0, maxWidth: 340 }} data-testid="translation-card">
      {item.reference && <Typography.Text type="secondary">{item.reference}</Typography.Text>}
      {original(item)}
      {editor(item)}
    </Flex>
  );

  const columns: ResourceColumn<ProductTranslationListItem>[] = [
    { key: 'id', title: 'products.fields.id', sortable: true, align: 'right' },
    {
      key: 'reference',
      title: 'products.fields.reference',
      sortable: true,
      render: (item) =>
        item.reference ?? <Typography.Text type="secondary">{t('common.noValue')}</Typography.Text>,
    },
    {
      key: 'name',
      title: 'productTranslations.original',
      sortable: true,
      render: (item) => original(item),
    },
    {
      key: 'translation',
      title: 'productTranslations.translation',
      render: (item) => editor(item),
    },
  ];

  return (
    <ResourceTable<ProductTranslationListItem>
      pageKey="productTranslations"
      title="productTranslations.title"
      countKey="products.count"
      columns={columns}
      useList={useTranslationList}
      defaultSort={{ field: 'name', order: 'asc' }}
      emptyText="products.empty"
      phoneCard={phoneCard}
      toolbar={({ filters, setFilter }) => (
        <>
          <Select<Language>
            value={language}
            onChange={setLanguage}
            prefix={t('productTranslations.languagePrefix', { main: languageName(main) })}
            aria-label={t('productTranslations.language')}
            popupMatchSelectWidth={false}
            options={others.map((code) => ({ value: code, label: languageName(code) }))}
            style={{ minWidth: 200, maxWidth: '100%' }}
            data-testid="translation-language"
          />
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', whiteSpace: 'nowrap' }}>
            <Switch
              id="translation-missing-only"
              checked={filters.translated?.eq === false}
              onChange={(checked) => setFilter('translated', checked ? { eq: false } : undefined)}
              data-testid="translation-missing-only"
            />
            <label htmlFor="translation-missing-only">{t('productTranslations.missingOnly')}</label>
          </span>
        </>
      )}
    />
  );
}
