import type { Order } from '@mostrador/contract';
import { Alert, Result } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { PageHeader } from '../../../components/page-header';
import { useBackToList } from '../../../components/records/navigation';
import { RecordPage, type RecordTexts, useRecordId } from '../../../components/records/record-page';
import { formatDateTime } from '../../../lib/format';
import { useCompanySettings } from '../../session/api';
import { useOrder } from '../api';
import { OrderForm } from '../components/order-form';
import { editValues } from '../components/order-form-values';

const ordersPath = '/orders';

const texts: RecordTexts = {
  title: 'orders.form.editTitleShort',
  notFoundTitle: 'orders.form.notFoundTitle',
  notFound: 'orders.form.notFound',
  loadFailed: 'orders.form.loadFailed',
  backToList: 'orders.form.backToList',
};

function EditOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
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

  // A refund is not changed (the server answers 1000130): delete it and refund again.
  if (order.originalOrderId !== null)
    return (
      <>
        <PageHeader title={title} subtitle={subtitle} />
        <Result
          status="info"
          title={t('orders.form.refundTitle')}
          subTitle={t('orders.form.refundNotice')}
          extra={[
            <ButtonLink key="original" type="primary" to={`/orders/edit/${order.originalOrderId}`}>
              {t('orders.form.viewOriginal')}
            </ButtonLink>,
            <ButtonLink key="list" to={ordersPath}>
              {t('orders.form.backToList')}
            </ButtonLink>,
          ]}
          data-testid="order-refund-notice"
        />
      </>
    );

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      {order.lines.some((line) => line.refundedQuantity > 0) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('orders.form.hasRefunds')}
          data-testid="order-has-refunds"
        />
      )}
      <OrderForm order={order} initialValues={initialValues} onDone={back} />
    </>
  );
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
