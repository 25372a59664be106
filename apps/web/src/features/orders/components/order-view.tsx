import { CopyOutlined, LockOutlined, PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  canChangeOrderCustomer,
  canDeleteOrder,
  type Order,
  type OrderLine,
  type OrderLockReason,
  orderBody,
  orderCustomerRefusalCodes,
} from '@mostrador/contract';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { ButtonLink } from '../../../components/button-link';
import { useUnsavedChanges } from '../../../components/forms/use-unsaved-changes';
import { zodRule } from '../../../components/forms/zod-rule';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, formatEuros, formatNumber, formatPercentage } from '../../../lib/format';
import { CustomerSelect } from '../../customers/components/customer-select';
import { OrderInvoicesCard } from '../../invoices/components/order-invoices-card';
import { OrderPaymentCard } from '../../payments/components/order-payment-card';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useOrderCode, useOrderList, useOrderListItem, useUpdateOrder } from '../api';
import { customerName as customerNameOf, OrderCustomer } from './order-customer';
import { editValues, toBody } from './order-form-values';
import { DeleteOrderButton } from './order-list-delete-button';
import { cloneOrderPath, editOrderPath, ordersPath, refundOrderPath } from './order-list-paths';
import { OrderStatusTag } from './order-list-status-tag';
import { notRefundableReason } from './refund-amounts';
import { SendOrderMailButton } from './send-order-mail-button';

/** On paper: the page without the app's frame and the actions. */
const printCss = `@media print {
  .ant-layout-sider, .ant-layout-header, .ant-layout-footer, [data-print="hide"] { display: none !important; }
  .ant-layout-content { padding: 0 !important; }
}`;

const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** "Refund of #123": the order a refund gives back, a link to it. */
function RefundOfLink({ originalOrderId }: { originalOrderId: number }) {
  const { t } = useTranslation();
  const code = useOrderCode(originalOrderId).data;
  return (
    <Link to={editOrderPath(originalOrderId)} data-testid="order-refund-of">
      <RollbackOutlined aria-hidden />{' '}
      {code == null ? t('orders.view.originalOrder') : t('orders.list.refundOf', { code })}
    </Link>
  );
}

/** The refunds made of an order, each a link to its view, with its amount. */
function RefundsOfOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const refunds = useOrderList({
    page: 1,
    limit: 50,
    filters: { originalOrderId: { eq: order.id } },
    orders: { createdAt: 'asc' },
  });
  const items = refunds.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Card title={t('orders.view.refundsTitle')} style={{ marginBottom: 16 }} data-testid="order-refunds">
      <Flex vertical gap={8}>
        {items.map((item) => (
          <Flex key={item.id} justify="space-between" gap={8} wrap>
            <Space size={8} wrap>
              <Link to={editOrderPath(item.id)}>{t('orders.list.number', { code: item.code })}</Link>
              <Typography.Text type="secondary">{formatDateTime(item.createdAt, timeZone)}</Typography.Text>
            </Space>
            <span style={nowrap}>{formatEuros(item.amount)}</span>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

interface NoteValues {
  customerId: number | null;
  notes: string;
}

/**
 * What still changes on a locked order: its note, and its customer until it is invoiced. Saved with the
 * order's own lines, payment and status, unchanged (the server compares them).
 */
function OrderNoteForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [form] = Form.useForm<NoteValues>();
  const update = useUpdateOrder();
  const { markDirty, markClean } = useUnsavedChanges();
  const customerEditable = canChangeOrderCustomer(order);
  const initialValues: NoteValues = { customerId: order.customerId, notes: order.notes ?? '' };

  const submit = async (values: NoteValues) => {
    const body = toBody({
      ...editValues(order),
      customerId: customerEditable ? values.customerId : order.customerId,
      notes: values.notes,
    });
    try {
      await update.mutateAsync({ id: order.id, body: orderBody.parse(body) });
      markClean();
      message.success(t('orders.view.saved', { code: order.code }));
    } catch (error) {
      const text = errorMessage(error);
      if (isApiError(error) && orderCustomerRefusalCodes.includes(error.code))
        form.setFields([{ name: 'customerId', errors: [text] }]);
      message.error(text);
    }
  };

  return (
    <Card title={t('orders.view.noteTitle')} data-print="hide" data-testid="order-note-card">
      <Form<NoteValues>
        name="order-note"
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={markDirty}
        onFinish={submit}
        data-testid="order-note-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {customerEditable ? (
              <Form.Item name="customerId" label={t('orders.form.fields.customer')}>
                <CustomerSelect
                  allowClear
                  placeholder={t('orders.form.searchCustomer')}
                  notFoundContent={t('orders.form.noCustomers')}
                  data-testid="order-view-customer"
                />
              </Form.Item>
            ) : (
              <Form.Item label={t('orders.form.fields.customer')}>
                <Typography.Text type="secondary">{t('orders.view.customerLocked')}</Typography.Text>
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="notes"
              label={t('orders.form.fields.notes')}
              rules={[zodRule(orderBody.shape.notes, t)]}
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 4 }}
                count={{ show: true, max: 50 }}
                data-testid="order-view-notes"
              />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="flex-end" gap={8} wrap>
          <Button
            onClick={() => {
              form.resetFields();
              markClean();
            }}
            data-testid="order-note-cancel"
          >
            {t('common.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="order-note-save">
            {t('orders.view.saveNote')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

interface OrderViewProps {
  order: Order;
  /** Why it cannot be edited. */
  reason: OrderLockReason;
}

/**
 * A paid, refunded or refund order as a read-only record: who, when,
 * how it was paid (an online sale's card payment and its attempts), its lines and totals, its invoices,
 * the refunds made of it, and the actions still
 * allowed (refund, reorder, print, send the receipt by email, generate the invoice, delete where the
 * server allows it). Its note (and customer until invoiced) still change.
 */
export function OrderView({ order, reason }: OrderViewProps) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const can = usePermissions();
  const isRefund = order.originalOrderId !== null;
  const item = useOrderListItem(can('orders_find') ? order.id : undefined).data;
  const refundable = can('orders_create') && notRefundableReason(order) === undefined;
  const hasRefundedLines = order.lines.some((line) => line.refundedQuantity > 0);
  // The receipt of what was paid goes by email: a paid order, also once (partly) refunded.
  const canMail = can('orders_find') && (order.status === 'paid' || order.status === 'refunded');
  // A sale paid online: its card payment and the history of attempts (refunds through the gateway too).
  const showPayment = can('orders_find') && !isRefund && order.paymentMethod === 'online';

  const title = t(isRefund ? 'orders.view.refundTitle' : 'orders.form.editTitle', { code: order.code });
  const actions = (
    <Space wrap data-print="hide">
      <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} data-testid="order-print">
        {t('orders.view.print')}
      </Button>
      {canMail && <SendOrderMailButton order={order} defaultEmail={item?.contactEmail} />}
      {can('orders_create') && !isRefund && (
        <ButtonLink
          icon={<CopyOutlined aria-hidden />}
          to={cloneOrderPath(order.id)}
          data-testid="order-clone"
        >
          {t('orders.list.clone')}
        </ButtonLink>
      )}
      {refundable && (
        <ButtonLink
          type="primary"
          icon={<RollbackOutlined aria-hidden />}
          to={refundOrderPath(order.id)}
          data-testid="order-refund"
        >
          {t('orders.list.refundAction')}
        </ButtonLink>
      )}
      {can('orders_delete') && canDeleteOrder(order) && (
        <DeleteOrderButton
          id={order.id}
          code={order.code}
          isRefund={false}
          onDeleted={() => navigate(ordersPath)}
        />
      )}
    </Space>
  );

  const columns: TableColumnsType<OrderLine> = [
    {
      key: 'product',
      title: t('orders.form.fields.product'),
      render: (_v, line) => <Typography.Text strong>{line.productName}</Typography.Text>,
    },
    {
      key: 'quantity',
      title: t('orders.form.fields.quantity'),
      align: 'right',
      render: (_v, line) => <span style={nowrap}>{formatNumber(line.quantity)}</span>,
    },
    {
      key: 'unitPrice',
      title: t('orders.form.fields.unitPrice'),
      align: 'right',
      responsive: ['sm'],
      render: (_v, line) => <span style={nowrap}>{formatEuros(line.unitPrice)}</span>,
    },
    {
      key: 'discount',
      title: t('orders.form.fields.discount'),
      align: 'right',
      responsive: ['md'],
      render: (_v, line) => (line.discount ? <span style={nowrap}>{formatEuros(line.discount)}</span> : '—'),
    },
    {
      key: 'tax',
      title: t('orders.view.fields.tax'),
      align: 'right',
      responsive: ['md'],
      render: (_v, line) => <span style={nowrap}>{formatPercentage(line.taxPercentage)}</span>,
    },
    ...(hasRefundedLines
      ? [
          {
            key: 'refunded',
            title: t('orders.refund.fields.refunded'),
            align: 'right' as const,
            responsive: ['sm' as const],
            render: (_v: unknown, line: OrderLine) =>
              line.refundedQuantity > 0 ? (
                formatNumber(line.refundedQuantity)
              ) : (
                <Typography.Text type="secondary">0</Typography.Text>
              ),
          },
        ]
      : []),
    {
      key: 'total',
      title: t('orders.form.fields.lineTotal'),
      align: 'right',
      render: (_v, line) => (
        <Typography.Text strong style={nowrap} data-testid="order-line-total">
          {formatEuros(line.total)}
        </Typography.Text>
      ),
    },
  ];

  const figure = (label: string, value: number, testId: string, strong = false) => (
    <Flex justify="space-between" align="baseline" gap={16}>
      <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
        {label}
      </Typography.Text>
      <Typography.Text
        strong={strong}
        style={{ ...nowrap, ...(strong ? { fontSize: token.fontSizeHeading4 } : {}) }}
        data-testid={testId}
      >
        {formatEuros(value)}
      </Typography.Text>
    </Flex>
  );

  return (
    <div data-testid="order-view">
      <style>{printCss}</style>
      <PageHeader
        title={title}
        subtitle={t('orders.form.createdOn', { date: formatDateTime(order.createdAt, timeZone) })}
        actions={actions}
      />
      <Flex
        gap={8}
        wrap
        align="center"
        style={{
          marginBottom: 16,
          padding: '8px 12px',
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadiusLG,
        }}
        data-testid="order-locked"
      >
        <OrderStatusTag status={order.status} originalOrderId={order.originalOrderId} />
        <Tag
          icon={<LockOutlined aria-hidden />}
          style={{ marginInlineEnd: 0 }}
          data-testid="order-locked-tag"
        >
          {t(`orders.view.locked.${reason}`)}
        </Tag>
        <Typography.Text type="secondary">{t(`orders.view.lockedHelp.${reason}`)}</Typography.Text>
      </Flex>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'code',
              label: t('orders.list.fields.code'),
              children: (
                <Space size={8} wrap>
                  <Typography.Text strong>{t('orders.list.number', { code: order.code })}</Typography.Text>
                  {order.originalOrderId !== null && <RefundOfLink originalOrderId={order.originalOrderId} />}
                </Space>
              ),
            },
            {
              key: 'customer',
              label: t('orders.refund.fields.customer'),
              children: (
                <OrderCustomer
                  customerId={order.customerId}
                  item={item}
                  nameTestId="order-view-customer-name"
                />
              ),
            },
            {
              key: 'paymentMethod',
              label: t(isRefund ? 'orders.refund.fields.paymentMethod' : 'orders.list.fields.paymentMethod'),
              children: t(`orders.paymentMethods.${order.paymentMethod}`),
            },
            {
              key: 'paymentDate',
              label: t('orders.list.fields.paymentDate'),
              children: formatDateTime(order.paymentDate, timeZone) || t('common.noValue'),
            },
            {
              key: 'invoiceCode',
              label: t('orders.list.fields.invoiceCode'),
              children: order.invoiceCode ?? t('common.noValue'),
            },
            {
              key: 'cashRegister',
              label: t('orders.view.fields.cashRegister'),
              children:
                order.cashRegisterId === null
                  ? t('common.noValue')
                  : t('orders.list.number', { code: order.cashRegisterId }),
            },
            ...(order.paymentTransactionToken
              ? [
                  {
                    key: 'transaction',
                    label: t('orders.list.fields.paymentTransactionToken'),
                    children: order.paymentTransactionToken,
                  },
                ]
              : []),
            {
              key: 'notes',
              label: t('orders.form.fields.notes'),
              children: order.notes ?? t('common.noValue'),
            },
          ]}
          data-testid="order-details"
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card title={t('orders.form.sections.lines')} style={{ marginBottom: 16 }}>
            <Table<OrderLine>
              rowKey="id"
              columns={columns}
              dataSource={order.lines}
              pagination={false}
              size="small"
              data-testid="order-view-lines"
            />
          </Card>
          {showPayment && <OrderPaymentCard order={order} defaultEmail={item?.contactEmail} />}
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('orders.form.sections.totals')} style={{ marginBottom: 16 }}>
            <Flex vertical gap={8}>
              {figure(t('orders.form.taxBase'), order.taxBase, 'order-view-tax-base')}
              {figure(t('orders.form.taxes'), order.taxes, 'order-view-taxes')}
              {figure(
                t(isRefund ? 'orders.view.refundTotal' : 'orders.form.total'),
                order.total,
                'order-view-total',
                true,
              )}
            </Flex>
          </Card>
          {can('orders_find') && (
            <OrderInvoicesCard
              order={order}
              defaultEmail={item?.contactEmail}
              customerLabel={item ? customerNameOf(item) : undefined}
            />
          )}
          {!isRefund && <RefundsOfOrder order={order} />}
        </Col>
      </Row>
      {/* A refund's lines are negative: the order form's body cannot carry them, so it keeps its note. */}
      {can('orders_edit') && !isRefund && <OrderNoteForm order={order} />}
    </div>
  );
}
