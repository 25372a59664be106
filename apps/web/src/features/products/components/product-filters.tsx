import { productStatuses, productTypes } from '@mostrador/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ToolbarContext } from '../../../components/resource-table';
import { usePermissions } from '../../session/permissions';
import { useCalendarOptions } from '../api';

type YesNo = 'any' | 'yes' | 'no';

const selectStyle = { minWidth: 160, maxWidth: '100%' };

/** Filters by type (several at once), status, whether it is sold online and the calendar it is booked on. */
export function ProductFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const canFindCalendars = usePermissions()('bookingCalendars_find');
  const calendars = useCalendarOptions(canFindCalendars);
  const types = (filters.type?.in as string[] | undefined) ?? [];
  const status = filters.status?.eq as string | undefined;
  const sellOnline = filters.sellOnline?.eq;
  const calendar = filters.bookingCalendarId?.eq as number | undefined;
  return (
    <>
      <Select<string[]>
        mode="multiple"
        value={types}
        onChange={(value) => setFilter('type', value.length ? { in: value } : undefined)}
        placeholder={t('products.filters.anyType')}
        aria-label={t('products.filters.type')}
        maxTagCount="responsive"
        virtual={false}
        listHeight={360}
        allowClear
        popupMatchSelectWidth={false}
        options={productTypes.map((type) => ({ value: type, label: t(`products.types.${type}`) }))}
        style={{ minWidth: 200, maxWidth: '100%' }}
        data-testid="product-filter-type"
      />
      <Select<string>
        value={status ?? 'any'}
        onChange={(value) => setFilter('status', value === 'any' ? undefined : { eq: value })}
        prefix={t('products.filters.statusPrefix')}
        aria-label={t('products.filters.status')}
        popupMatchSelectWidth={false}
        options={[
          { value: 'any', label: t('products.filters.any') },
          ...productStatuses.map((value) => ({ value, label: t(`products.statuses.${value}`) })),
        ]}
        style={selectStyle}
        data-testid="product-filter-status"
      />
      <Select<YesNo>
        value={sellOnline === true ? 'yes' : sellOnline === false ? 'no' : 'any'}
        onChange={(value) => setFilter('sellOnline', value === 'any' ? undefined : { eq: value === 'yes' })}
        prefix={t('products.filters.onlinePrefix')}
        aria-label={t('products.filters.sellOnline')}
        popupMatchSelectWidth={false}
        options={[
          { value: 'any', label: t('products.filters.any') },
          { value: 'yes', label: t('products.yes') },
          { value: 'no', label: t('products.no') },
        ]}
        style={selectStyle}
        data-testid="product-filter-online"
      />
      {canFindCalendars && (
        <Select<number>
          value={calendar}
          onChange={(value) => setFilter('bookingCalendarId', value ? { eq: value } : undefined)}
          placeholder={t('products.filters.anyCalendar')}
          aria-label={t('products.filters.calendar')}
          allowClear
          loading={calendars.isLoading}
          popupMatchSelectWidth={false}
          options={(calendars.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          style={selectStyle}
          data-testid="product-filter-calendar"
        />
      )}
    </>
  );
}
