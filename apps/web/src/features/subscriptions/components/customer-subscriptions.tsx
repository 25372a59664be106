import { PlusOutlined } from '@ant-design/icons';
import type { SubscriptionListItem } from '@mostrador/contract';
import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { formatDate } from '../../../lib/format';
import { type HistoryColumn, HistoryList, historyPageSize } from '../../customers/components/history-list';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useSubscriptionList } from '../api';
import { createSubscriptionForCustomerPath, viewSubscriptionPath } from '../navigation';
import { SubscriptionStatusTag } from './subscription-status-tag';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * A customer's page, Subscriptions tab: the subscriptions he holds, latest start first, with their status
 * and how they are paid; the product opens the subscription's page. A new one comes with him chosen.
 */
export function CustomerSubscriptions({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const [page, setPage] = useState(1);
  const query = useSubscriptionList({
    page,
    limit: historyPageSize,
    filters: { customerId: { eq: customerId } },
    orders: { startsAt: 'desc' },
  });
  const columns: HistoryColumn<SubscriptionListItem>[] = [
    {
      key: 'product',
      title: t('subscriptions.fields.productName'),
      render: (s) => (
        <Link to={viewSubscriptionPath(s.id)} data-testid="customer-subscription-link">
          {s.productName}
        </Link>
      ),
    },
    {
      key: 'status',
      title: t('subscriptions.fields.status'),
      render: (s) => <SubscriptionStatusTag status={s.status} cancelAt={s.cancelAt} />,
    },
    {
      key: 'paymentPeriodicity',
      title: t('subscriptions.fields.paymentPeriodicity'),
      render: (s) => t(`products.paymentPeriodicities.${s.paymentPeriodicity}`),
    },
    {
      key: 'paymentMethod',
      title: t('subscriptions.fields.paymentMethod'),
      render: (s) => t(`orders.paymentMethods.${s.paymentMethod}`),
    },
    {
      key: 'startsAt',
      title: t('subscriptions.fields.startsAt'),
      render: (s) => <span style={nowrap}>{formatDate(s.startsAt, timeZone)}</span>,
    },
  ];
  return (
    <Flex vertical gap={12}>
      {can('subscriptions_create') && (
        <Flex justify="flex-end">
          <ButtonLink
            icon={<PlusOutlined aria-hidden />}
            to={createSubscriptionForCustomerPath(customerId)}
            data-testid="customer-new-subscription"
          >
            {t('subscriptions.create')}
          </ButtonLink>
        </Flex>
      )}
      <HistoryList
        title={t('subscriptions.customerTitle')}
        testId="customer-subscriptions"
        columns={columns}
        query={query}
        page={page}
        onPage={setPage}
        empty={t('subscriptions.customerEmpty')}
      />
    </Flex>
  );
}
