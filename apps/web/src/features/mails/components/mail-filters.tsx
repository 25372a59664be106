import { type MailStatus, type MailType, mailStatuses, mailTypes } from '@mostrador/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, type ToolbarContext } from '../../../components/resource-table';

const selectStyle = { minWidth: 180, maxWidth: '100%' };

/** Filters by status and type (several of each) and by the days the mails were created. */
export function MailFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const statuses = (filters.status?.in as MailStatus[] | undefined) ?? [];
  const types = (filters.type?.in as MailType[] | undefined) ?? [];
  return (
    <>
      <Select<MailStatus[]>
        mode="multiple"
        value={statuses}
        onChange={(value) => setFilter('status', value.length ? { in: value } : undefined)}
        placeholder={t('mails.filters.anyStatus')}
        aria-label={t('mails.filters.status')}
        maxTagCount="responsive"
        allowClear
        popupMatchSelectWidth={false}
        options={mailStatuses.map((value) => ({ value, label: t(`mails.status.${value}`) }))}
        style={selectStyle}
        data-testid="mail-filter-status"
      />
      <Select<MailType[]>
        mode="multiple"
        value={types}
        onChange={(value) => setFilter('type', value.length ? { in: value } : undefined)}
        placeholder={t('mails.filters.anyType')}
        aria-label={t('mails.filters.type')}
        maxTagCount="responsive"
        allowClear
        popupMatchSelectWidth={false}
        options={mailTypes.map((value) => ({ value, label: t(`mails.types.${value}`) }))}
        style={selectStyle}
        data-testid="mail-filter-type"
      />
      <DayRangeFilter
        filters={filters}
        setFilter={setFilter}
        field="createdAt"
        label={t('mails.filters.dates')}
        placeholder={[t('mails.filters.from'), t('mails.filters.to')]}
        testId="mail-filter-dates"
      />
    </>
  );
}
