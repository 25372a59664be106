import type { BookingListItem, Filters, OrderListItem, Orders } from '@mostrador/contract';
import { Badge, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { useBookingList } from '../../bookings/api';
import { BookingStatusTag } from '../../bookings/components/booking-status-tag';
import { useOrderList } from '../../orders/api';
import { editOrderPath } from '../../orders/components/order-list-paths';
import { OrderStatusTag } from '../../orders/components/order-list-status-tag';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { type HistoryColumn, HistoryList, historyPageSize } from './history-list';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The attendance of a booking: a cancelled one says so, a past one whether the customer came. */
function BookingState({ booking }: { booking: BookingListItem }) {
  const { t } = useTranslation();
  if (booking.status === 'cancelled') return <BookingStatusTag status="cancelled" />;
  if (booking.attended === null) return <Badge status="default" text={t('bookings.filters.unmarked')} />;
  return (
    <Badge
      status={booking.attended ? 'success' : 'error'}
      text={t(booking.attended ? 'bookings.filters.attended' : 'bookings.filters.unattended')}
    />
  );
}

/** The customer's bookings: those ahead (soonest first) and those past (latest first). */
export function CustomerBookings({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  // One instant for both halves, so none falls between them while the page is open.
  const now = useMemo(() => new Date().toISOString(), []);
  const [upcomingPage, setUpcomingPage] = useState(1);
  const [pastPage, setPastPage] = useState(1);
  const params = (when: Filters[string], orders: Orders, page: number) => ({
    page,
    limit: historyPageSize,
    filters: { customerId: { eq: customerId }, startsAt: when },
    orders,
  });
  const upcoming = useBookingList(params({ gte: now }, { startsAt: 'asc' }, upcomingPage));
  const past = useBookingList(params({ lt: now }, { startsAt: 'desc' }, pastPage));
  const columns: HistoryColumn<BookingListItem>[] = [
    {
      key: 'startsAt',
      title: t('bookings.fields.date'),
      render: (b) => <span style={nowrap}>{formatDateTime(b.startsAt, timeZone)}</span>,
    },
    { key: 'product', title: t('bookings.fields.product'), render: (b) => b.productName },
    { key: 'calendar', title: t('bookings.fields.calendar'), render: (b) => b.calendarName },
    { key: 'state', title: t('customers.profile.attendance'), render: (b) => <BookingState booking={b} /> },
    {
      key: 'amount',
      title: t('customers.profile.amount'),
      align: 'right',
      render: (b) => <span style={nowrap}>{formatEuros(b.amount)}</span>,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <HistoryList
        title={t('customers.profile.upcomingBookings')}
        testId="customer-upcoming-bookings"
        columns={columns}
        query={upcoming}
        page={upcomingPage}
        onPage={setUpcomingPage}
        empty={t('customers.profile.noUpcomingBookings')}
      />
      <HistoryList
        title={t('customers.profile.pastBookings')}
        testId="customer-past-bookings"
        columns={columns}
        query={past}
        page={pastPage}
        onPage={setPastPage}
        empty={t('customers.profile.noPastBookings')}
      />
    </Flex>
  );
}

/** The customer's orders and refunds, newest first, each opening the order when the user may. */
export function CustomerOrders({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const canOpen = usePermissions()('orders_edit');
  const [page, setPage] = useState(1);
  const orders = useOrderList({
    page,
    limit: historyPageSize,
    filters: { customerId: { eq: customerId } },
    orders: { createdAt: 'desc' },
  });
  const columns: HistoryColumn<OrderListItem>[] = [
    {
      key: 'code',
      title: t('customers.profile.order'),
      render: (o) => {
        const label = `#${o.code}`;
        return canOpen ? <Link to={editOrderPath(o.id)}>{label}</Link> : label;
      },
    },
    {
      key: 'createdAt',
      title: t('customers.profile.date'),
      render: (o) => <span style={nowrap}>{formatDateTime(o.createdAt, timeZone)}</span>,
    },
    {
      key: 'status',
      title: t('customers.profile.status'),
      render: (o) => <OrderStatusTag status={o.status} originalOrderId={o.originalOrderId} />,
    },
    {
      key: 'amount',
      title: t('customers.profile.amount'),
      align: 'right',
      render: (o) => <span style={nowrap}>{formatEuros(o.amount)}</span>,
    },
  ];
  return (
    <HistoryList
      title={t('customers.profile.ordersAndRefunds')}
      testId="customer-orders"
      columns={columns}
      query={orders}
      page={page}
      onPage={setPage}
      empty={t('customers.profile.noOrders')}
    />
  );
}
