import { type SubscriptionStatus, subscriptionStatuses } from '@mostrador/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ToolbarContext } from '../../../components/resource-table';
import { usePermissions } from '../../session/permissions';
import { SubscriptionProductSelect } from './subscription-product-select';

/** Filters by status and, for who may read the products, by product. */
export function SubscriptionFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const canFindProducts = usePermissions()('products_find');
  const status = filters.status?.eq as SubscriptionStatus | undefined;
  const productId = filters.productId?.eq as number | undefined;
  return (
    <>
      <Select<string>
        value={status ?? 'any'}
        onChange={(value) => setFilter('status', value === 'any' ? undefined : { eq: value })}
        prefix={t('subscriptions.filters.statusPrefix')}
        aria-label={t('subscriptions.filters.status')}
        popupMatchSelectWidth={false}
        options={[
          { value: 'any', label: t('subscriptions.filters.any') },
          ...subscriptionStatuses.map((value) => ({ value, label: t(`subscriptions.statuses.${value}`) })),
        ]}
        style={{ minWidth: 160, maxWidth: '100%' }}
        data-testid="subscription-filter-status"
      />
      {canFindProducts && (
        <SubscriptionProductSelect
          value={productId ?? null}
          onChange={(value) => setFilter('productId', value ? { eq: value } : undefined)}
          allowClear
          placeholder={t('subscriptions.filters.anyProduct')}
          aria-label={t('subscriptions.filters.product')}
          style={{ minWidth: 200, maxWidth: '100%' }}
          data-testid="subscription-filter-product"
        />
      )}
    </>
  );
}
