import { type InvoiceType, invoiceTypes, type VerifactuState, verifactuStates } from '@mostrador/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, type ToolbarContext } from '../../../components/resource-table';

const selectStyle = { minWidth: 180, maxWidth: '100%' };

type Annulled = 'any' | 'inForce' | 'annulled';

/** Filters by type and Verifactu state (several of each), annulled or in force, and the days of issue. */
export function InvoiceFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const types = (filters.type?.in as InvoiceType[] | undefined) ?? [];
  const states = (filters.verifactuState?.in as VerifactuState[] | undefined) ?? [];
  const annulled: Annulled =
    filters.annulled?.eq === true ? 'annulled' : filters.annulled?.eq === false ? 'inForce' : 'any';
  return (
    <>
      <Select<InvoiceType[]>
        mode="multiple"
        value={types}
        onChange={(value) => setFilter('type', value.length ? { in: value } : undefined)}
        placeholder={t('invoices.filters.anyType')}
        aria-label={t('invoices.filters.type')}
        maxTagCount="responsive"
        allowClear
        popupMatchSelectWidth={false}
        options={invoiceTypes.map((value) => ({
          value,
          label: `${value} · ${t(`invoices.types.${value}`)}`,
        }))}
        style={selectStyle}
        data-testid="invoice-filter-type"
      />
      <Select<VerifactuState[]>
        mode="multiple"
        value={states}
        onChange={(value) => setFilter('verifactuState', value.length ? { in: value } : undefined)}
        placeholder={t('invoices.filters.anyState')}
        aria-label={t('invoices.filters.verifactuState')}
        maxTagCount="responsive"
        allowClear
        popupMatchSelectWidth={false}
        options={verifactuStates.map((value) => ({ value, label: t(`invoices.verifactuStates.${value}`) }))}
        style={selectStyle}
        data-testid="invoice-filter-state"
      />
      <Select<Annulled>
        value={annulled}
        onChange={(choice) =>
          setFilter('annulled', choice === 'any' ? undefined : { eq: choice === 'annulled' })
        }
        aria-label={t('invoices.filters.annulled')}
        popupMatchSelectWidth={false}
        options={[
          { value: 'any', label: t('invoices.filters.anyAnnulled') },
          { value: 'inForce', label: t('invoices.filters.inForce') },
          { value: 'annulled', label: t('invoices.filters.onlyAnnulled') },
        ]}
        style={{ minWidth: 160, maxWidth: '100%' }}
        data-testid="invoice-filter-annulled"
      />
      <DayRangeFilter
        filters={filters}
        setFilter={setFilter}
        field="issuedAt"
        label={t('invoices.filters.dates')}
        placeholder={[t('invoices.filters.from'), t('invoices.filters.to')]}
        testId="invoice-filter-dates"
      />
    </>
  );
}
