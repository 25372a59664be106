import { type Order, orderLockReason } from '@mostrador/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useBackToList } from '../../../components/records/navigation';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { formatDateTime } from '../../../lib/format';
import { OrderPaymentCard } from '../../payments/components/order-payment-card';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useOrder, useOrderListItem } from '../api';
import { OrderForm } from '../components/order-form';
import { editValues } from '../components/order-form-values';
import { OrderView } from '../components/order-view';

const ordersPath = '/orders';

const texts: RecordTexts = {
  title: 'orders.form.editTitleShort',
  notFoundTitle: 'orders.form.notFoundTitle',
  notFound: 'orders.form.notFound',
  loadFailed: 'orders.form.loadFailed',
  backToList: 'orders.form.backToList',
};

/**
 * An order that may still change opens in the order form (an online one under its card payment, which
 * turns it paid on screen); a paid, refunded or refund order as a read-only view with the actions still
 * allowed.
 */
function EditOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const reason = orderLockReason(order);
  const { timeZone } = useCompanySettings();
  const back = useBackToList(ordersPath);
  const initialValues = useMemo(() => editValues(order), [order]);
  const subtitle = [
    t('orders.form.createdOn', { date: formatDateTime(order.createdAt, timeZone) }),
    t(`orders.status.${order.status}`),
    order.invoiceCode ? t('orders.form.invoiced', { code: order.invoiceCode }) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const title = t('orders.form.editTitle', { code: order.code });

  if (reason) return <OrderView order={order} reason={reason} />;

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      {order.paymentMethod === 'online' && <OnlinePayment order={order} />}
      <OrderForm order={order} initialValues={initialValues} onDone={back} />
    </>
  );
}

/** An online order still open: its payment link and attempts, mailed to its customer's address. */
function OnlinePayment({ order }: { order: Order }) {
  const can = usePermissions();
  const item = useOrderListItem(can('orders_find') ? order.id : undefined).data;
  if (!can('orders_find')) return null;
  return <OrderPaymentCard order={order} defaultEmail={item?.contactEmail} />;
}

export function OrderEditPage() {
  const id = useRecordId();
  const query = useOrder(id);
  return (
    <RecordPage id={id} query={query} texts={texts} listPath={ordersPath} testId="order" skeleton={[2, 4, 3]}>
      {/* A new key per order: moving from one to another starts a fresh form. */}
      {(order) => <EditOrder key={order.id} order={order} />}
    </RecordPage>
  );
}
