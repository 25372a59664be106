import { EditOutlined } from '@ant-design/icons';
import {
  type OrderStatus,
  orderStatuses,
  type Subscription,
  type SubscriptionPeriod,
} from '@mostrador/contract';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, useRecordId } from '../../../components/records/record-page';
import { formatDate, formatDateTime, formatEuros, formatNumber } from '../../../lib/format';
import { type HistoryColumn, HistoryList, historyPageSize } from '../../customers/components/history-list';
import { viewCustomerPath } from '../../customers/navigation';
import { useOrderCode } from '../../orders/api';
import { OrderStatusTag } from '../../orders/components/order-list-status-tag';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useSubscription } from '../api';
import {
  DeleteSubscriptionButton,
  holderOf,
  SubscriptionStatusButton,
  subscriptionName,
  useSubscriptionActions,
} from '../components/subscription-actions';
import { SubscriptionStatusTag } from '../components/subscription-status-tag';
import { editSubscriptionPath, subscriptionsPath } from '../navigation';
import { subscriptionTexts } from './subscription-edit-page';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** A period's order by its code as everywhere else ("Order #12"), linked for who may see orders. */
function PeriodOrder({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const code = useOrderCode(can('orders_find') ? orderId : null);
  const label =
    code.data != null
      ? t('orders.form.editTitle', { code: code.data })
      : t('subscriptions.orderId', { id: orderId });
  return can('orders_find') ? (
    <Link to={`/orders/edit/${orderId}`} data-testid="subscription-period-order">
      {label}
    </Link>
  ) : (
    <span>{label}</span>
  );
}

const isOrderStatus = (value: string | null): value is OrderStatus =>
  value !== null && (orderStatuses as readonly string[]).includes(value);

/** The payment periods, latest first: when, what they charged, their order and its payment status. */
function SubscriptionPeriods({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const [page, setPage] = useState(1);
  const items = subscription.periods.slice((page - 1) * historyPageSize, page * historyPageSize);
  const columns: HistoryColumn<SubscriptionPeriod>[] = [
    {
      key: 'period',
      title: t('subscriptions.periodsTable.period'),
      render: (p) => (
        <span style={nowrap}>
          {t('subscriptions.periodsTable.range', {
            from: formatDate(p.startsAt, timeZone),
            to: formatDate(p.endsAt, timeZone),
          })}
        </span>
      ),
    },
    {
      key: 'servicePeriods',
      title: t('subscriptions.periodsTable.servicePeriods'),
      align: 'right',
      render: (p) => formatNumber(p.servicePeriods),
    },
    {
      key: 'amount',
      title: t('subscriptions.periodsTable.amount'),
      align: 'right',
      render: (p) => <span style={nowrap}>{formatEuros(p.amount)}</span>,
    },
    {
      key: 'order',
      title: t('subscriptions.periodsTable.order'),
      render: (p) => (p.orderId !== null ? <PeriodOrder orderId={p.orderId} /> : t('common.noValue')),
    },
    {
      key: 'orderStatus',
      title: t('subscriptions.periodsTable.payment'),
      render: (p) =>
        isOrderStatus(p.orderStatus) ? <OrderStatusTag status={p.orderStatus} /> : t('common.noValue'),
    },
  ];
  return (
    <HistoryList
      title={t('subscriptions.periodsTitle')}
      testId="subscription-periods"
      columns={columns}
      query={{
        data: { items, total: subscription.periods.length },
        isPending: false,
        isError: false,
        error: null,
        refetch: () => undefined,
      }}
      page={page}
      onPage={setPage}
      empty={t(
        subscription.status === 'active' && subscription.trialEndsAt
          ? 'subscriptions.noPeriodsTrial'
          : 'subscriptions.noPeriods',
      )}
    />
  );
}

function SubscriptionView({ subscription: s }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const navigate = useNavigate();
  const actions = useSubscriptionActions();
  const canEdit = can('subscriptions_edit');
  const customer = holderOf(s) || `#${s.customerId}`;
  const latest = s.periods[0];
  const none = t('common.noValue');

  const terms = [
    {
      key: 'customer',
      label: t('subscriptions.fields.customer'),
      children: can('customers_find') ? (
        <Link to={viewCustomerPath(s.customerId)} data-testid="subscription-customer-link">
          {customer}
        </Link>
      ) : (
        customer
      ),
    },
    ...(s.customerCompanyName
      ? [
          {
            key: 'company',
            label: t('subscriptions.fields.customerCompanyName'),
            children: s.customerCompanyName,
          },
        ]
      : []),
    { key: 'product', label: t('subscriptions.fields.product'), children: s.productName },
    {
      key: 'status',
      label: t('subscriptions.fields.status'),
      children: <SubscriptionStatusTag status={s.status} cancelAt={s.cancelAt} />,
    },
    {
      key: 'paymentPeriodicity',
      label: t('subscriptions.fields.paymentPeriodicity'),
      children: t(`products.paymentPeriodicities.${s.paymentPeriodicity}`),
    },
    {
      key: 'paymentMethod',
      label: t('subscriptions.fields.paymentMethod'),
      children: t(`orders.paymentMethods.${s.paymentMethod}`),
    },
    {
      key: 'startsAt',
      label: t('subscriptions.fields.startsAt'),
      children: formatDate(s.startsAt, timeZone),
    },
    {
      key: 'renewal',
      label: t('subscriptions.fields.renewalAmount'),
      children: latest ? formatEuros(latest.amount) : none,
    },
    {
      key: 'nextRenewalAt',
      label: t('subscriptions.fields.nextRenewalAt'),
      children: (
        <span data-testid="subscription-next-renewal">
          {s.nextRenewalAt ? formatDate(s.nextRenewalAt, timeZone) : none}
        </span>
      ),
    },
    ...(s.trialEndsAt
      ? [
          {
            key: 'trial',
            label: t('subscriptions.fields.trialEndsAt'),
            children: (
              <span data-testid="subscription-trial">
                {t('subscriptions.trialUntil', { date: formatDate(s.trialEndsAt, timeZone) })}
              </span>
            ),
          },
        ]
      : []),
    ...(s.cancelAt
      ? [
          {
            key: 'cancelAt',
            label: t('subscriptions.fields.cancelAt'),
            children: formatDate(s.cancelAt, timeZone),
          },
        ]
      : []),
    {
      key: 'activatedAt',
      label: t('subscriptions.fields.activatedAt'),
      children: s.activatedAt ? formatDateTime(s.activatedAt, timeZone) : none,
    },
    ...(s.cancelledAt
      ? [
          {
            key: 'cancelledAt',
            label: t('subscriptions.fields.cancelledAt'),
            children: (
              <span data-testid="subscription-cancelled">
                {formatDateTime(s.cancelledAt, timeZone)}
                {s.cancelReason && ` · ${t(`subscriptions.cancelReasons.${s.cancelReason}`)}`}
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={subscriptionName(s)}
        subtitle={
          <Flex gap={8} align="center" wrap component="span">
            <SubscriptionStatusTag status={s.status} cancelAt={s.cancelAt} />
            <Typography.Text type="secondary">
              {t('subscriptions.startsOn', { date: formatDate(s.startsAt, timeZone) })}
            </Typography.Text>
          </Flex>
        }
        actions={
          <>
            {canEdit && (
              <ButtonLink
                icon={<EditOutlined aria-hidden />}
                to={editSubscriptionPath(s.id)}
                data-testid="subscription-edit"
              >
                {t(s.status === 'active' ? 'subscriptions.editPaymentMethod' : 'subscriptions.edit')}
              </ButtonLink>
            )}
            {can('subscriptions_delete') && s.status === 'inactive' && (
              <DeleteSubscriptionButton subscription={s} onDeleted={() => navigate(subscriptionsPath)} />
            )}
            {canEdit && <SubscriptionStatusButton subscription={s} onAsk={actions.ask} />}
          </>
        }
      />
      <Card
        size="small"
        title={t('subscriptions.termsTitle')}
        style={{ marginBottom: 16 }}
        data-testid="subscription-terms"
      >
        <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 3 }} items={terms} />
      </Card>
      <SubscriptionPeriods subscription={s} />
      {actions.dialogs}
    </>
  );
}

/** `/subscriptions/view/:id`: a subscription's page: its terms and state, its periods and their orders. */
export function SubscriptionViewPage() {
  const id = useRecordId();
  const query = useSubscription(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={{ ...subscriptionTexts, title: 'subscriptions.viewTitle' }}
      listPath={subscriptionsPath}
      testId="subscription"
      skeleton={[4, 3]}
    >
      {(subscription) => <SubscriptionView key={subscription.id} subscription={subscription} />}
    </RecordPage>
  );
}
