import { type OrderStatus, orderStatuses, type PaymentMethod, paymentMethods } from '@mostrador/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter, type ToolbarContext } from '../../../components/resource-table';
import { CustomerSelect } from '../../customers/components/customer-select';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';

const selectStyle = { minWidth: 210, maxWidth: '100%' };

/** Filters by status and payment method (several of each), creation dates (or today at a click) and customer. */
export function OrderListFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const canFindCustomers = usePermissions()('customers_find');
  const { timeZone } = useCompanySettings();
  const statuses = (filters.status?.in as OrderStatus[] | undefined) ?? [];
  const methods = (filters.paymentMethod?.in as PaymentMethod[] | undefined) ?? [];
  return (
    <>
      <Select<OrderStatus[]>
        mode="multiple"
        value={statuses}
        onChange={(value) => setFilter('status', value.length ? { in: value } : undefined)}
        placeholder={t('orders.list.filters.anyStatus')}
        aria-label={t('orders.list.filters.status')}
        maxTagCount="responsive"
        allowClear
        popupMatchSelectWidth={false}
        options={orderStatuses.map((value) => ({ value, label: t(`orders.status.${value}`) }))}
        style={selectStyle}
        data-testid="order-filter-status"
      />
      <Select<PaymentMethod[]>
        mode="multiple"
        value={methods}
        onChange={(value) => setFilter('paymentMethod', value.length ? { in: value } : undefined)}
        placeholder={t('orders.list.filters.anyPaymentMethod')}
        aria-label={t('orders.list.filters.paymentMethod')}
        maxTagCount="responsive"
        allowClear
        popupMatchSelectWidth={false}
        options={paymentMethods.map((value) => ({ value, label: t(`orders.paymentMethods.${value}`) }))}
        style={selectStyle}
        data-testid="order-filter-payment-method"
      />
      <DayRangeFilter
        filters={filters}
        setFilter={setFilter}
        field="createdAt"
        label={t('orders.list.filters.dates')}
        placeholder={[t('orders.list.filters.from'), t('orders.list.filters.to')]}
        testId="order-filter-dates"
        timeZone={timeZone}
        todayLabel={t('orders.list.filters.today')}
      />
      {canFindCustomers && (
        <CustomerSelect
          value={filters.customerId?.eq as number | undefined}
          onChange={(id) => setFilter('customerId', id ? { eq: id } : undefined)}
          allowClear
          placeholder={t('orders.list.filters.anyCustomer')}
          aria-label={t('orders.list.filters.customer')}
          notFoundContent={t('orders.list.filters.noCustomers')}
          popupMatchSelectWidth={false}
          style={{ minWidth: 220, maxWidth: '100%' }}
          quickCreate={false}
          data-testid="order-filter-customer"
        />
      )}
    </>
  );
}
