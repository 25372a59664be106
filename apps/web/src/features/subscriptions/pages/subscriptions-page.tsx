import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  paymentPeriodicities,
  type SubscriptionListItem,
  subscriptionPaymentMethods,
  subscriptionStatuses,
} from '@mostrador/contract';
import { Flex, type MenuProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportWords, type ResourceColumn, ResourceTable } from '../../../components/resource-table';
import { RowActions } from '../../../components/row-actions';
import { formatDate } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useSubscriptionList } from '../api';
import {
  DeleteSubscriptionButton,
  holderOf,
  StatusActionIcon,
  statusActionOf,
  subscriptionName,
  useSubscriptionActions,
} from '../components/subscription-actions';
import { SubscriptionFilters } from '../components/subscription-filters';
import { SubscriptionStatusTag } from '../components/subscription-status-tag';
import {
  createSubscriptionPath,
  editSubscriptionPath,
  fromListState,
  viewSubscriptionPath,
} from '../navigation';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * `/subscriptions`: latest start first; the spec's columns (customer's name, surname and company, status,
 * payment periodicity and method, start, product); search by customer or product, filters by status and
 * product; from each: open, activate or cancel (confirmed), edit and delete while inactive, as permitted.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const canCreate = can('subscriptions_create');
  const canEdit = can('subscriptions_edit');
  const canDelete = can('subscriptions_delete');
  const actions = useSubscriptionActions();

  const holder = (item: SubscriptionListItem) => (
    <Link to={viewSubscriptionPath(item.id)} state={fromListState} data-testid="subscription-open-link">
      {holderOf(item) || `#${item.id}`}
    </Link>
  );
  const startsOn = (item: SubscriptionListItem) => (
    <span style={nowrap}>{formatDate(item.startsAt, timeZone)}</span>
  );

  /** A phone's row as a card: who and what, the status, how it is paid and since when. */
  const phoneCard = (item: SubscriptionListItem) => (
    <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 260 }} data-testid="subscription-card">
      <span style={{ fontWeight: 600 }}>{holder(item)}</span>
      {item.customerCompanyName && (
        <Typography.Text type="secondary">{item.customerCompanyName}</Typography.Text>
      )}
      <Typography.Text>{item.productName}</Typography.Text>
      <span>
        <SubscriptionStatusTag status={item.status} cancelAt={item.cancelAt} />
      </span>
      <Typography.Text type="secondary">
        {t(`products.paymentPeriodicities.${item.paymentPeriodicity}`)} ·{' '}
        {t(`orders.paymentMethods.${item.paymentMethod}`)}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('subscriptions.startsOn', { date: formatDate(item.startsAt, timeZone) })}
      </Typography.Text>
    </Flex>
  );

  const columns: ResourceColumn<SubscriptionListItem>[] = [
    { key: 'id', title: 'subscriptions.fields.id', sortable: true, align: 'right' },
    // The name column shows the whole name; the surname alone is there to sort by or show.
    { key: 'customerName', title: 'subscriptions.fields.customerName', sortable: true, render: holder },
    {
      key: 'customerSurname',
      title: 'subscriptions.fields.customerSurname',
      sortable: true,
      defaultHidden: true,
    },
    {
      key: 'customerCompanyName',
      title: 'subscriptions.fields.customerCompanyName',
      sortable: true,
      render: (item) => item.customerCompanyName || t('common.noValue'),
    },
    { key: 'productName', title: 'subscriptions.fields.productName', sortable: true },
    {
      key: 'status',
      title: 'subscriptions.fields.status',
      sortable: true,
      render: (item) => <SubscriptionStatusTag status={item.status} cancelAt={item.cancelAt} />,
      exportValues: exportWords(subscriptionStatuses, (code) => t(`subscriptions.statuses.${code}`)),
    },
    {
      key: 'paymentPeriodicity',
      title: 'subscriptions.fields.paymentPeriodicity',
      sortable: true,
      render: (item) => t(`products.paymentPeriodicities.${item.paymentPeriodicity}`),
      exportValues: exportWords(paymentPeriodicities, (code) => t(`products.paymentPeriodicities.${code}`)),
    },
    {
      key: 'paymentMethod',
      title: 'subscriptions.fields.paymentMethod',
      sortable: true,
      render: (item) => t(`orders.paymentMethods.${item.paymentMethod}`),
      exportValues: exportWords(subscriptionPaymentMethods, (code) => t(`orders.paymentMethods.${code}`)),
    },
    { key: 'startsAt', title: 'subscriptions.fields.startsAt', sortable: true, render: startsOn },
  ];

  const rowActions = (item: SubscriptionListItem) => {
    const name = subscriptionName(item);
    const action = canEdit ? statusActionOf(item) : undefined;
    const more: NonNullable<MenuProps['items']> = [];
    if (action)
      more.push({
        key: action,
        icon: <StatusActionIcon action={action} />,
        danger: action === 'cancel',
        label: <span data-testid={`subscription-${action}`}>{t(`subscriptions.${action}`)}</span>,
        onClick: () => actions.ask(action, item),
      });
    if (canEdit && item.status === 'inactive')
      more.push({
        key: 'edit',
        icon: <EditOutlined aria-hidden />,
        label: (
          <Link to={editSubscriptionPath(item.id)} state={fromListState} data-testid="subscription-edit">
            {t('subscriptions.edit')}
          </Link>
        ),
      });
    return (
      <RowActions
        edit={{
          to: viewSubscriptionPath(item.id),
          label: t('subscriptions.openNamed', { name }),
          icon: <EyeOutlined aria-hidden />,
          testId: 'subscription-view',
        }}
        more={more}
        moreLabel={t('subscriptions.moreNamed', { name })}
        moreTestId="subscription-more"
        remove={
          canDelete && item.status === 'inactive' && <DeleteSubscriptionButton subscription={item} iconOnly />
        }
      />
    );
  };

  return (
    <>
      <ResourceTable<SubscriptionListItem>
        pageKey="subscriptions"
        exportList="subscriptions"
        title="subscriptions.title"
        countKey="subscriptions.count"
        columns={columns}
        useList={useSubscriptionList}
        defaultSort={{ field: 'startsAt', order: 'desc' }}
        toolbar={(context) => <SubscriptionFilters {...context} />}
        emptyText="subscriptions.empty"
        primaryAction={
          canCreate
            ? {
                label: t('subscriptions.create'),
                icon: <PlusOutlined aria-hidden />,
                to: createSubscriptionPath,
                state: fromListState,
                testId: 'create-subscription',
              }
            : undefined
        }
        rowActions={rowActions}
        phoneCard={phoneCard}
      />
      {actions.dialogs}
    </>
  );
}
