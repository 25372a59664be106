import { allowedPaymentMethods, type Order } from '@mostrador/contract';
import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useBackToList } from '../../../components/records/navigation';
import { parseRecordId, RecordPage, type RecordTexts } from '../../../components/records/record-page';
import { usePermissions } from '../../session/permissions';
import { useOrder } from '../api';
import { OrderForm } from '../components/order-form';
import { cloneValues, newOrderValues } from '../components/order-form-values';

const ordersPath = '/orders';

const cloneTexts: RecordTexts = {
  title: 'orders.form.createTitle',
  notFoundTitle: 'orders.form.notFoundTitle',
  notFound: 'orders.form.notFound',
  loadFailed: 'orders.form.loadFailed',
  backToList: 'orders.form.backToList',
};

function NewOrder({ customerId }: { customerId?: number }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const back = useBackToList(ordersPath);
  const initialValues = useMemo(
    () => newOrderValues(allowedPaymentMethods(can), customerId),
    [can, customerId],
  );
  return (
    <>
      <PageHeader title={t('orders.form.createTitle')} />
      <OrderForm initialValues={initialValues} onDone={back} />
    </>
  );
}

function CloneOrder({ source }: { source: Order }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const back = useBackToList(ordersPath);
  const initialValues = useMemo(() => cloneValues(source, allowedPaymentMethods(can)), [can, source]);
  const booked = source.lines.some((line) => line.bookingId !== null);
  return (
    <>
      <PageHeader title={t('orders.form.cloneTitle', { code: source.code })} />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('orders.form.cloneNotice', { code: source.code })}
        description={booked ? t('orders.form.cloneBookings') : undefined}
        data-testid="order-clone-notice"
      />
      <OrderForm initialValues={initialValues} onDone={back} />
    </>
  );
}

function CloneOrderPage({ rawId }: { rawId: string }) {
  const id = parseRecordId(rawId);
  const query = useOrder(id);
  return (
    <RecordPage
      id={id}
      query={query}
      texts={cloneTexts}
      listPath={ordersPath}
      testId="order"
      skeleton={[2, 4, 3]}
    >
      {(source) => <CloneOrder key={source.id} source={source} />}
    </RecordPage>
  );
}

/**
 * A new order (`/orders/create`), for a customer (`/orders/create-by-customer/:customerId`) or as a copy of
 * another (`/orders/create-cloning-order/:orderId`: its customer and lines, as a draft).
 */
export function OrderCreatePage() {
  const { customerId, orderId } = useParams();
  if (orderId !== undefined) return <CloneOrderPage rawId={orderId} />;
  return <NewOrder key={customerId} customerId={parseRecordId(customerId)} />;
}
