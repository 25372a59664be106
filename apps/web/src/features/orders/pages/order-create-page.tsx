import { allowedPaymentMethods, type Booking, type Order } from '@mostrador/contract';
import { useQueries } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { PageHeader } from '../../../components/page-header';
import { useBackToList } from '../../../components/records/navigation';
import { parseRecordId, RecordPage, type RecordTexts } from '../../../components/records/record-page';
import { usePermissions } from '../../session/permissions';
import { useOrder } from '../api';
import { OrderForm } from '../components/order-form';
import {
  chargeValues,
  cloneValues,
  newOrderValues,
  type OrderFormValues,
} from '../components/order-form-values';

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

/** The booking ids of `/orders/create-from-bookings/:bookingIds` ("12,13"), at most 50; [] when malformed. */
export function parseBookingIds(raw: string): number[] {
  const ids = raw.split(',').map((part) => parseRecordId(part.trim()));
  if (!ids.length || ids.length > 50 || ids.some((id) => id === undefined)) return [];
  return [...new Set(ids as number[])];
}

/** Why bookings cannot be charged together: another customer's, or one sold already. */
function chargeProblem(bookings: readonly Booking[]): 'customers' | 'sold' | null {
  if (new Set(bookings.map((b) => b.customerId)).size > 1) return 'customers';
  if (bookings.some((b) => b.orderId !== null || b.status !== 'confirmed')) return 'sold';
  return null;
}

/** Checkout from bookings made in the calendar: the order form with a line charging each. */
function ChargeBookings({ rawIds }: { rawIds: string }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const back = useBackToList(ordersPath);
  const ids = useMemo(() => parseBookingIds(rawIds), [rawIds]);
  const queries = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.bookings.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Booking>(`/admin/bookings/${id}`, { signal }),
    })),
  });
  const bookings = queries.flatMap((q) => (q.data ? [q.data] : []));
  const loaded = ids.length > 0 && bookings.length === ids.length;
  // The bookings as first read: the form keeps its own values once open.
  const [initialValues, setInitialValues] = useState<OrderFormValues>();
  useEffect(() => {
    if (loaded && !initialValues) setInitialValues(chargeValues(bookings, allowedPaymentMethods(can)));
  }, [loaded, initialValues, bookings, can]);
  if (!ids.length || queries.some((q) => q.isError))
    return (
      <Result
        status="warning"
        title={t('orders.charge.notFound')}
        extra={
          <Link to="/bookings">
            <Button>{t('orders.charge.toBookings')}</Button>
          </Link>
        }
        data-testid="order-charge-not-found"
      />
    );
  if (!loaded || !initialValues) return <Skeleton active data-testid="order-charge-loading" />;
  const problem = chargeProblem(bookings);
  return (
    <>
      <PageHeader title={t('orders.charge.title', { count: bookings.length })} />
      {problem ? (
        <Alert
          type="warning"
          showIcon
          title={t(`orders.charge.${problem}`)}
          data-testid="order-charge-problem"
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('orders.charge.notice', { count: bookings.length })}
          data-testid="order-charge-notice"
          style={{ marginBottom: 16 }}
        />
      )}
      {!problem && <OrderForm initialValues={initialValues} onDone={back} />}
    </>
  );
}

/**
 * A new order (`/orders/create`), for a customer (`/orders/create-by-customer/:customerId`), as a copy of
 * another (`/orders/create-cloning-order/:orderId`: its customer and lines, as a draft), or charging
 * bookings made in the calendar (`/orders/create-from-bookings/:bookingIds`).
 */
export function OrderCreatePage() {
  const { customerId, orderId, bookingIds } = useParams();
  if (bookingIds !== undefined) return <ChargeBookings key={bookingIds} rawIds={bookingIds} />;
  if (orderId !== undefined) return <CloneOrderPage rawId={orderId} />;
  return <NewOrder key={customerId} customerId={parseRecordId(customerId)} />;
}
