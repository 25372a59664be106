import {
  CopyOutlined,
  EditOutlined,
  EyeOutlined,
  MoreOutlined,
  PlusOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import {
  canDeleteOrder,
  isOrderLocked,
  type OrderListItem,
  orderStatuses,
  paymentMethods,
} from '@mostrador/contract';
import { Button, Dropdown, Flex, type MenuProps, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { exportWords, type ResourceColumn, ResourceTable } from '../../../components/resource-table';
import { formatDateTime, formatEuros, formatPhone } from '../../../lib/format';
import { FileImage } from '../../files/components/file-image';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useOrderCode, useOrderList } from '../api';
import { DeleteOrderButton } from '../components/order-list-delete-button';
import { OrderListFilters } from '../components/order-list-filters';
import {
  cloneOrderPath,
  createOrderPath,
  editOrderPath,
  fromListState,
  refundOrderPath,
} from '../components/order-list-paths';
import { OrderStatusTag } from '../components/order-list-status-tag';
import { isRefundable } from '../components/refund-amounts';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Marks a refund: "Refund of #123", a link to the original when the user may open it. */
function RefundOfLink({ originalOrderId, linked }: { originalOrderId: number; linked: boolean }) {
  const { t } = useTranslation();
  const code = useOrderCode(originalOrderId).data;
  const text = code == null ? t('orders.list.refund') : t('orders.list.refundOf', { code });
  const content = (
    <>
      <RollbackOutlined aria-hidden /> {text}
    </>
  );
  return linked ? (
    <Link to={editOrderPath(originalOrderId)} state={fromListState} data-testid="order-refund-of">
      {content}
    </Link>
  ) : (
    <Typography.Text type="secondary" data-testid="order-refund-of">
      {content}
    </Typography.Text>
  );
}

/** Every order and refund, newest first: the spec's columns (a card on phones), filters, and the actions on each. */
export function OrdersPage() {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const canCreate = can('orders_create');
  const canEdit = can('orders_edit');
  const canDelete = can('orders_delete');

  /** The order's number, a link to it when the user may open it. */
  const number = (item: OrderListItem) =>
    canEdit ? (
      <Link
        to={editOrderPath(item.id)}
        state={fromListState}
        aria-label={t(isOrderLocked(item) ? 'orders.list.viewNamed' : 'orders.list.editNamed', {
          code: item.code,
        })}
      >
        {t('orders.list.number', { code: item.code })}
      </Link>
    ) : (
      <Typography.Text strong>{t('orders.list.number', { code: item.code })}</Typography.Text>
    );

  /** A phone's row as a card: number and total, for whom, when, where it stands and how it is paid. */
  const phoneCard = (item: OrderListItem) => {
    const person = [item.name, item.surname].filter(Boolean).join(' ');
    const customer = person || item.companyName;
    return (
      <Flex vertical gap={2} style={{ minWidth: 200 }} data-testid="order-card">
        <Flex justify="space-between" align="baseline" gap={8}>
          <span style={{ fontWeight: 600 }}>{number(item)}</span>
          <Typography.Text strong style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}>
            {formatEuros(item.amount)}
          </Typography.Text>
        </Flex>
        <Typography.Text ellipsis style={{ maxWidth: 240 }} type={customer ? undefined : 'secondary'}>
          {customer || t('orders.list.noCustomer')}
        </Typography.Text>
        <Typography.Text type="secondary" style={nowrap}>
          {formatDateTime(item.createdAt, timeZone)}
        </Typography.Text>
        <Space size={4} wrap>
          <OrderStatusTag status={item.status} originalOrderId={item.originalOrderId} />
          <Tag>{t(`orders.paymentMethods.${item.paymentMethod}`)}</Tag>
          {item.originalOrderId !== null && (
            <RefundOfLink originalOrderId={item.originalOrderId} linked={canEdit} />
          )}
        </Space>
      </Flex>
    );
  };

  const columns: ResourceColumn<OrderListItem>[] = [
    { key: 'id', title: 'orders.list.fields.id', sortable: true, align: 'right' },
    {
      key: 'code',
      title: 'orders.list.fields.code',
      sortable: true,
      render: (item) => (
        <Space size={8} style={nowrap}>
          {number(item)}
          {item.originalOrderId !== null && (
            <RefundOfLink originalOrderId={item.originalOrderId} linked={canEdit} />
          )}
        </Space>
      ),
    },
    {
      key: 'originalOrderId',
      title: 'orders.list.fields.originalOrderId',
      sortable: true,
      align: 'right',
      defaultHidden: true,
    },
    {
      key: 'image',
      title: 'orders.list.fields.image',
      width: 56,
      exported: false,
      render: (item) => <FileImage fileId={item.image} width={32} height={32} alt="" />,
    },
    {
      key: 'createdAt',
      title: 'orders.list.fields.createdAt',
      sortable: true,
      render: (item) => <span style={nowrap}>{formatDateTime(item.createdAt, timeZone)}</span>,
    },
    { key: 'name', title: 'orders.list.fields.name', sortable: true },
    { key: 'surname', title: 'orders.list.fields.surname', sortable: true },
    {
      key: 'amount',
      title: 'orders.list.fields.amount',
      sortable: true,
      align: 'right',
      render: (item) => (
        <span style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }} data-testid="order-amount">
          {formatEuros(item.amount)}
        </span>
      ),
    },
    {
      key: 'status',
      title: 'orders.list.fields.status',
      sortable: true,
      render: (item) => <OrderStatusTag status={item.status} originalOrderId={item.originalOrderId} />,
      exportValues: exportWords([...orderStatuses, 'refund'], (code) => t(`orders.status.${code}`)),
    },
    {
      key: 'paymentMethod',
      title: 'orders.list.fields.paymentMethod',
      sortable: true,
      render: (item) => <span style={nowrap}>{t(`orders.paymentMethods.${item.paymentMethod}`)}</span>,
      exportValues: exportWords(paymentMethods, (code) => t(`orders.paymentMethods.${code}`)),
    },
    { key: 'companyName', title: 'orders.list.fields.companyName', sortable: true },
    {
      key: 'contactEmail',
      title: 'orders.list.fields.contactEmail',
      sortable: true,
      render: (item) => item.contactEmail && <a href={`mailto:${item.contactEmail}`}>{item.contactEmail}</a>,
    },
    {
      key: 'contactPhone',
      title: 'orders.list.fields.contactPhone',
      sortable: true,
      render: (item) =>
        item.contactPhone && (
          <a href={`tel:${item.contactPhone}`} style={nowrap}>
            {formatPhone(item.contactPhone)}
          </a>
        ),
    },
    {
      key: 'paymentDate',
      title: 'orders.list.fields.paymentDate',
      sortable: true,
      render: (item) => <span style={nowrap}>{formatDateTime(item.paymentDate, timeZone)}</span>,
    },
    { key: 'invoiceCode', title: 'orders.list.fields.invoiceCode', sortable: true, defaultHidden: true },
    {
      key: 'paymentTransactionToken',
      title: 'orders.list.fields.paymentTransactionToken',
      sortable: true,
      defaultHidden: true,
      render: (item) => (
        <Typography.Text ellipsis={{ tooltip: item.paymentTransactionToken }} style={{ maxWidth: 200 }}>
          {item.paymentTransactionToken}
        </Typography.Text>
      ),
    },
  ];

  const rowActions = (item: OrderListItem) => {
    const isRefund = item.originalOrderId !== null;
    // Paid, refunded and refunds open as a read-only view.
    const locked = isOrderLocked(item);
    const more: MenuProps['items'] = [];
    if (canCreate && isRefundable(item))
      more.push({
        key: 'refund',
        icon: <RollbackOutlined aria-hidden />,
        label: (
          <Link
            to={refundOrderPath(item.id)}
            state={fromListState}
            aria-label={t('orders.list.refundNamed', { code: item.code })}
          >
            {t('orders.list.refundAction')}
          </Link>
        ),
      });
    if (canCreate && !isRefund)
      more.push({
        key: 'clone',
        icon: <CopyOutlined aria-hidden />,
        label: (
          <Link
            to={cloneOrderPath(item.id)}
            state={fromListState}
            aria-label={t('orders.list.cloneNamed', { code: item.code })}
          >
            {t('orders.list.clone')}
          </Link>
        ),
      });
    return (
      <Space size={4}>
        {canEdit && (
          <ButtonLink
            type="text"
            icon={locked ? <EyeOutlined aria-hidden /> : <EditOutlined aria-hidden />}
            aria-label={t(locked ? 'orders.list.viewNamed' : 'orders.list.editNamed', { code: item.code })}
            to={editOrderPath(item.id)}
            state={fromListState}
            data-testid={locked ? 'order-view-action' : 'order-edit-action'}
          />
        )}
        {more.length > 0 && (
          <Dropdown trigger={['click']} menu={{ items: more }} placement="bottomRight">
            <Button
              type="text"
              icon={<MoreOutlined aria-hidden />}
              aria-label={t('orders.list.moreNamed', { code: item.code })}
              data-testid="order-more"
            />
          </Dropdown>
        )}
        {canDelete && canDeleteOrder(item) && (
          <DeleteOrderButton id={item.id} code={item.code} isRefund={isRefund} iconOnly />
        )}
      </Space>
    );
  };

  return (
    <ResourceTable<OrderListItem>
      pageKey="orders"
      exportList="orders"
      title="orders.list.title"
      countKey="orders.list.count"
      columns={columns}
      useList={useOrderList}
      defaultSort={{ field: 'createdAt', order: 'desc' }}
      toolbar={(context) => <OrderListFilters {...context} />}
      emptyText="orders.list.empty"
      primaryAction={
        canCreate
          ? {
              label: t('orders.list.create'),
              icon: <PlusOutlined aria-hidden />,
              to: createOrderPath,
              state: fromListState,
              testId: 'create-order',
            }
          : undefined
      }
      rowActions={canCreate || canEdit || canDelete ? rowActions : undefined}
      phoneCard={phoneCard}
    />
  );
}
