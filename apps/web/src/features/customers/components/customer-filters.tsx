import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextFilter, type ToolbarContext } from '../../../components/resource-table';

type EmailFilter = 'any' | 'with' | 'without';

function emailFilterOf(filters: ToolbarContext['filters']): EmailFilter {
  const isNull = filters.contactEmail?.isNull;
  if (isNull === false) return 'with';
  if (isNull === true) return 'without';
  return 'any';
}

/** The filters a reception desk uses: the city, and whether the customer can be reached by email. */
export function CustomerFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const city = filters.city?.like;
  return (
    <>
      <TextFilter
        value={typeof city === 'string' ? city : ''}
        onChange={(value) => setFilter('city', value ? { like: value } : undefined)}
        label={t('customers.filters.city')}
        testId="customer-filter-city"
      />
      <Select<EmailFilter>
        value={emailFilterOf(filters)}
        onChange={(value) =>
          setFilter('contactEmail', value === 'any' ? undefined : { isNull: value === 'without' })
        }
        prefix={t('customers.filters.emailPrefix')}
        aria-label={t('customers.filters.email')}
        popupMatchSelectWidth={false}
        options={[
          { value: 'any', label: t('customers.filters.anyEmail') },
          { value: 'with', label: t('customers.filters.withEmail') },
          { value: 'without', label: t('customers.filters.withoutEmail') },
        ]}
        style={{ maxWidth: '100%' }}
        data-testid="customer-filter-email"
      />
    </>
  );
}
