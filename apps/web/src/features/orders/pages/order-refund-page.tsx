import { centsToEuros, type Order } from '@mostrador/contract';
import { Card, Descriptions, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useOrder, useOrderListItem } from '../api';
import { OrderCustomer } from '../components/order-customer';
import { editOrderPath, ordersPath, refundOrderPath, useBackToOrders } from '../components/order-list-paths';
import { OrderStatusTag } from '../components/order-list-status-tag';
import { notRefundableReason, refundCentsOf } from '../components/refund-amounts';
import { RefundForm } from '../components/refund-form';

const texts: RecordTexts = {
  title: 'orders.refund.title',
  notFoundTitle: 'orders.refund.notFoundTitle',
  notFound: 'orders.refund.notFound',
  loadFailed: 'orders.refund.loadFailed',
  backToList: 'orders.refund.backToList',
};

/** What the refund starts from: the order's number, customer, dates, payment and what was refunded. */
function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const canFind = usePermissions()('orders_find');
  const item = useOrderListItem(canFind ? order.id : undefined);
  const refundedCents = order.lines.reduce(
    (sum, line) => sum + refundCentsOf({ ...line, refundedQuantity: 0 }, line.refundedQuantity),
    0,
  );
  return (
    <Card title={t('orders.refund.orderTitle')} style={{ marginBottom: 16 }} data-testid="refund-order">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: 'code',
            label: t('orders.list.fields.code'),
            children: (
              <Space size={8}>
                <Typography.Text strong>{t('orders.list.number', { code: order.code })}</Typography.Text>
                <OrderStatusTag status={order.status} originalOrderId={order.originalOrderId} />
              </Space>
            ),
          },
          {
            key: 'customer',
            label: t('orders.refund.fields.customer'),
            children: <OrderCustomer customerId={order.customerId} item={item.data} />,
          },
          {
            key: 'createdAt',
            label: t('orders.list.fields.createdAt'),
            children: formatDateTime(order.createdAt, timeZone),
          },
          {
            key: 'paymentMethod',
            label: t('orders.list.fields.paymentMethod'),
            children: t(`orders.paymentMethods.${order.paymentMethod}`),
          },
          {
            key: 'paymentDate',
            label: t('orders.list.fields.paymentDate'),
            children: formatDateTime(order.paymentDate, timeZone) || t('common.noValue'),
          },
          {
            key: 'total',
            label: t('orders.refund.fields.orderTotal'),
            children: (
              <Space size={8} wrap>
                <Typography.Text strong data-testid="refund-order-total">
                  {formatEuros(order.total)}
                </Typography.Text>
                {refundedCents > 0 && (
                  <Typography.Text type="secondary" data-testid="refund-already">
                    {t('orders.refund.alreadyRefunded', { amount: formatEuros(centsToEuros(refundedCents)) })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

function RefundOrder({ order, onStale }: { order: Order; onStale: () => void }) {
  const { t } = useTranslation();
  const canEdit = usePermissions()('orders_edit');
  const back = useBackToOrders();
  const reason = notRefundableReason(order);
  return (
    <>
      <PageHeader
        title={t('orders.refund.titleNamed', { code: order.code })}
        subtitle={reason ? undefined : t('orders.refund.subtitle')}
      />
      <OrderSummary order={order} />
      {reason ? (
        <Card>
          <Result
            status="info"
            title={t('orders.refund.notRefundableTitle')}
            subTitle={t(`orders.refund.notRefundable.${reason}`, {
              status: t(`orders.status.${order.status}`),
            })}
            extra={
              <Space wrap style={{ justifyContent: 'center' }}>
                {reason === 'isRefund' && order.originalOrderId !== null && (
                  <ButtonLink to={refundOrderPath(order.originalOrderId)}>
                    {t('orders.refund.refundOriginal')}
                  </ButtonLink>
                )}
                {canEdit && reason === 'notPaid' && (
                  <ButtonLink to={editOrderPath(order.id)}>{t('orders.refund.openOrder')}</ButtonLink>
                )}
                <ButtonLink type="primary" to={ordersPath}>
                  {t('orders.refund.backToList')}
                </ButtonLink>
              </Space>
            }
            data-testid="refund-not-possible"
          />
        </Card>
      ) : (
        <RefundForm order={order} onStale={onStale} onDone={back} />
      )}
    </>
  );
}

/** Refund all or part of a paid order: the units per line, the payment method, a note; confirmed first. */
export function OrderRefundPage() {
  const id = useRecordId();
  const query = useOrder(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={texts}
      listPath={ordersPath}
      testId="order-refund"
      skeleton={[3, 4, 2]}
    >
      {(order) => <RefundOrder key={order.id} order={order} onStale={() => void query.refetch()} />}
    </RecordPage>
  );
}
