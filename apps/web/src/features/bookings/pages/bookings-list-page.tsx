import {
  CalendarOutlined,
  CheckOutlined,
  CloseOutlined,
  EditOutlined,
  PlusOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import {
  type BookingListItem,
  type BookingStatus,
  bookingStatuses,
  type Filters,
  orderStatuses,
} from '@mostrador/contract';
import {
  Alert,
  App,
  Badge,
  Button,
  Flex,
  Grid,
  Segmented,
  Select,
  Space,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useErrorMessage } from '../../../api/errors';
import {
  booleanWords,
  DayRangeFilter,
  exportWords,
  type ResourceColumn,
  ResourceTable,
  type ToolbarContext,
} from '../../../components/resource-table';
import { lazyWithRestOfCatalogue } from '../../../i18n/catalogue-parts';
import { dayjs } from '../../../lib/dayjs';
import { formatDateTime, formatEuros, formatPhone } from '../../../lib/format';
import { FileImage } from '../../files/components/file-image';
import { OrderStatusTag } from '../../orders/components/order-list-status-tag';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useBookingList, useCalendarNames, useMarkAttendance } from '../api';
import { BookingStatusTag } from '../components/booking-status-tag';
import { BookingsModeSwitch } from '../components/bookings-header';

// The booking's drawer (its form, pickers and the sale) loads when a booking is opened, as on the calendar.
const BookingDrawer = lazyWithRestOfCatalogue(() => import('../components/booking-drawer'), 'BookingDrawer');

type Attendance = 'any' | 'attended' | 'unattended' | 'unmarked';
type Preset = 'all' | 'today';

/** The URL parameter of the list's preset: `?preset=today` is today's bookings, whatever day it is. */
const presetParam = 'preset';
/** The most bookings one order charges (the order form's `/orders/create-from-bookings/:ids`). */
const maxCharged = 50;
/** Columns shown from a small tablet up: on a phone the date's column sums the row up as a card. */
const notOnPhones: ResourceColumn<BookingListItem>['responsive'] = ['sm'];

/** The company's local day [today, tomorrow) as offset-less dates, which the API reads in its zone. */
export function todayFilter(timeZone: string, now = new Date()): Filters {
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  const tomorrow = dayjs.utc(today).add(1, 'day').format('YYYY-MM-DD');
  return { startsAt: { gte: today, lt: tomorrow } };
}

/**
 * A booking an order can charge: confirmed, not sold or charged yet, not paid with a voucher or a pack nor
 * made free by a program subscription.
 */
export const isChargeable = (
  booking: Pick<BookingListItem, 'status' | 'orderId'> & {
    giftVoucherCode?: string | null;
    balanceName?: string | null;
    subscriptionName?: string | null;
  },
) =>
  booking.status === 'confirmed' &&
  booking.orderId === null &&
  !booking.giftVoucherCode &&
  !booking.balanceName &&
  !booking.subscriptionName;

/**
 * What the selected bookings can be: charged together on one order (one customer), or why not. Sorted by
 * start, as the order's lines follow them.
 */
export function chargeSelection(selected: readonly BookingListItem[]) {
  const bookings = [...selected].sort(
    (a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id,
  );
  const customers = new Set(bookings.map((b) => b.customerId));
  const problem: 'customers' | 'tooMany' | null =
    customers.size > 1 ? 'customers' : bookings.length > maxCharged ? 'tooMany' : null;
  return {
    bookings,
    problem,
    path: `/orders/create-from-bookings/${bookings.map((b) => b.id).join(',')}`,
  };
}

/** All bookings or today's (sorted by start); the calendar, dates (not with today), status and attendance. */
function BookingFilters({
  filters,
  setFilter,
  preset,
  onPreset,
}: ToolbarContext & { preset: Preset; onPreset: (preset: Preset) => void }) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const calendars = useCalendarNames();
  const status = filters.status?.eq as BookingStatus | undefined;
  const attended = filters.attended;
  const attendance: Attendance =
    attended?.eq === true
      ? 'attended'
      : attended?.eq === false
        ? 'unattended'
        : attended?.isNull === true
          ? 'unmarked'
          : 'any';
  return (
    <>
      <Segmented<Preset>
        value={preset}
        onChange={onPreset}
        options={[
          { value: 'all', label: t('bookings.presets.all') },
          { value: 'today', label: t('bookings.presets.today'), icon: <CalendarOutlined aria-hidden /> },
        ]}
        aria-label={t('bookings.presets.label')}
        data-testid="booking-preset"
      />
      <Select<number>
        value={(filters.bookingCalendarId?.eq as number | undefined) ?? 0}
        onChange={(id) => setFilter('bookingCalendarId', id ? { eq: id } : undefined)}
        prefix={t('bookings.calendarPrefix')}
        aria-label={t('bookings.fields.calendar')}
        popupMatchSelectWidth={false}
        options={[
          { value: 0, label: t('bookings.allCalendars') },
          ...(calendars.data ?? []).map((c) => ({ value: c.id, label: c.name })),
        ]}
        style={{ minWidth: 200, maxWidth: '100%' }}
        data-testid="booking-filter-calendar"
      />
      {preset === 'all' && (
        <DayRangeFilter
          filters={filters}
          setFilter={setFilter}
          field="startsAt"
          label={t('bookings.filters.dates')}
          placeholder={[t('bookings.filters.from'), t('bookings.filters.to')]}
          testId="booking-filter-dates"
          timeZone={timeZone}
        />
      )}
      <Select<string>
        value={status ?? 'any'}
        onChange={(value) => setFilter('status', value === 'any' ? undefined : { eq: value })}
        prefix={t('bookings.filters.statusPrefix')}
        aria-label={t('bookings.filters.status')}
        popupMatchSelectWidth={false}
        options={[
          { value: 'any', label: t('bookings.filters.any') },
          ...bookingStatuses.map((value) => ({ value, label: t(`bookings.statuses.${value}`) })),
        ]}
        style={{ minWidth: 160, maxWidth: '100%' }}
        data-testid="booking-filter-status"
      />
      <Select<Attendance>
        value={attendance}
        onChange={(choice) =>
          setFilter(
            'attended',
            choice === 'any'
              ? undefined
              : choice === 'unmarked'
                ? { isNull: true }
                : { eq: choice === 'attended' },
          )
        }
        prefix={t('bookings.filters.attendancePrefix')}
        aria-label={t('bookings.filters.attendance')}
        popupMatchSelectWidth={false}
        options={[
          { value: 'any', label: t('bookings.filters.any') },
          { value: 'attended', label: t('bookings.filters.attended') },
          { value: 'unattended', label: t('bookings.filters.unattended') },
          { value: 'unmarked', label: t('bookings.filters.unmarked') },
        ]}
        style={{ minWidth: 180, maxWidth: '100%' }}
        data-testid="booking-filter-attendance"
      />
    </>
  );
}

/** The attendance as a badge: not marked, attended or not. */
function AttendanceBadge({ attended }: { attended: boolean | null }) {
  const { t } = useTranslation();
  return attended === null ? (
    <Badge status="default" text={t('bookings.filters.unmarked')} />
  ) : (
    <Badge
      status={attended ? 'success' : 'error'}
      text={t(attended ? 'bookings.filters.attended' : 'bookings.filters.unattended')}
    />
  );
}

/** The order that sold or charges the booking (its status, a link for who may open it), or "not charged". */
function SaleState({ booking }: { booking: BookingListItem }) {
  const { t } = useTranslation();
  const can = usePermissions();
  if (booking.giftVoucherCode)
    return (
      <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid="booking-row-sale">
        {t('bookings.voucher.short', { code: booking.giftVoucherCode })}
      </Typography.Text>
    );
  if (booking.subscriptionName)
    return (
      <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid="booking-row-sale">
        {t('bookings.program.short', { name: booking.subscriptionName })}
      </Typography.Text>
    );
  if (booking.balanceName)
    return (
      <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid="booking-row-sale">
        {t('bookings.pack.short', { name: booking.balanceName })}
      </Typography.Text>
    );
  if (booking.orderId === null || booking.orderStatus === null)
    return booking.status === 'cancelled' ? null : (
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {t('bookings.sale.unsold')}
      </Typography.Text>
    );
  const tag = <OrderStatusTag status={booking.orderStatus} />;
  return can('orders_edit') ? (
    <Link
      to={`/orders/edit/${booking.orderId}`}
      // A hint only: the link is named by the state it shows (what is seen is what is read).
      title={t('bookings.sale.openOrder', { status: t(`orders.status.${booking.orderStatus}`) })}
      data-testid="booking-row-sale"
    >
      {tag}
    </Link>
  ) : (
    <span data-testid="booking-row-sale">{tag}</span>
  );
}

/** The bookings checked to charge: who they are for, and "Charge selected" or why they cannot go together. */
function SelectionBar({ selected, onClear }: { selected: BookingListItem[]; onClear: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { bookings, problem, path } = chargeSelection(selected);
  const amount = bookings.reduce((sum, b) => sum + Math.round(b.amount * 100), 0) / 100;
  return (
    <Flex
      vertical
      gap={8}
      role="region"
      aria-label={t('bookings.selection.label')}
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 5,
        marginTop: 12,
        padding: 12,
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
      data-testid="booking-selection"
    >
      {problem && (
        <Alert
          type="warning"
          showIcon
          title={t(`bookings.selection.${problem}`, { max: maxCharged })}
          data-testid="booking-selection-problem"
        />
      )}
      <Flex gap={8} wrap align="center" justify="space-between">
        <Typography.Text data-testid="booking-selection-count">
          {problem === 'customers'
            ? t('bookings.selection.count', { count: bookings.length })
            : t('bookings.selection.countFor', {
                count: bookings.length,
                name: bookings[0]?.customerName ?? '',
                amount: formatEuros(amount),
              })}
        </Typography.Text>
        <Space wrap>
          <Button onClick={onClear} data-testid="booking-selection-clear">
            {t('bookings.selection.clear')}
          </Button>
          <Button
            type="primary"
            icon={<ShoppingCartOutlined aria-hidden />}
            disabled={!!problem}
            onClick={() => void navigate(path)}
            data-testid="booking-charge-selected"
          >
            {t('bookings.selection.charge')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}

/**
 * Every booking, newest first, or today's by start (`?preset=today`): the spec's columns, filters, mark
 * attended or not, open to edit; check the unsold bookings of one customer to charge them on one order. On a
 * phone each row reads as a card (time and day, customer, product and calendar, state).
 */
export function BookingsListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const canEdit = can('bookings_edit');
  const canCharge = can('orders_create');
  const attendance = useMarkAttendance();
  const phone = !Grid.useBreakpoint().sm;
  const [params, setParams] = useSearchParams();
  const preset: Preset = params.get(presetParam) === 'today' ? 'today' : 'all';
  const [drawer, setDrawer] = useState<{ booking?: BookingListItem } | undefined>();
  // Kept across pages and searches: the bookings checked, by id.
  const [selected, setSelected] = useState<Map<number, BookingListItem>>(() => new Map());
  const hasSort = params.has('sort');

  // Today's bookings go by start, soonest first: a link or bookmark without a sort gets that one rather
  // than the list's saved sort (the user may still sort otherwise).
  useEffect(() => {
    if (preset === 'today' && !hasSort)
      setParams(
        (previous) => {
          const url = new URLSearchParams(previous);
          url.set('sort', 'date');
          url.set('order', 'asc');
          return url;
        },
        { replace: true },
      );
  }, [preset, hasSort, setParams]);

  const choosePreset = (next: Preset) =>
    setParams(
      (previous) => {
        const url = new URLSearchParams(previous);
        url.delete('page');
        if (next === 'today') {
          url.set(presetParam, 'today');
          // Today's bookings as the day goes: by start, soonest first.
          url.set('sort', 'date');
          url.set('order', 'asc');
          // The day is the preset's: a range chosen before would narrow it to nothing.
          const filters = JSON.parse(url.get('filters') ?? '{}') as Filters;
          delete filters.startsAt;
          if (Object.keys(filters).length) url.set('filters', JSON.stringify(filters));
          else url.delete('filters');
        } else {
          url.delete(presetParam);
          url.delete('sort');
          url.delete('order');
        }
        return url;
      },
      { replace: false },
    );

  const mark = async (booking: BookingListItem, attended: boolean) => {
    try {
      await attendance.mutateAsync({ id: booking.id, attended });
      message.success(t(attended ? 'bookings.markedAttended' : 'bookings.markedUnattended'));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const open = (item: BookingListItem) => setDrawer({ booking: item });

  const columns: ResourceColumn<BookingListItem>[] = [
    { key: 'id', title: 'bookings.fields.id', sortable: true, align: 'right', responsive: notOnPhones },
    {
      key: 'date',
      title: 'bookings.fields.date',
      sortable: true,
      render: (item) => {
        if (!phone)
          return (
            <Button type="link" style={{ padding: 0 }} onClick={() => open(item)}>
              {formatDateTime(item.date, timeZone)}
            </Button>
          );
        // A phone's row as a card: when, for whom, what and where, and where it stands.
        const at = dayjs(item.startsAt).tz(timeZone);
        return (
          <Flex vertical gap={2} style={{ width: 210 }} data-testid="booking-summary">
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', fontWeight: 600, justifyContent: 'flex-start' }}
              onClick={() => open(item)}
            >
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>{at.format('HH:mm')}</span>
              <span>{at.format('L')}</span>
            </Button>
            <Typography.Text strong ellipsis>
              {item.customerName}
              {item.quantity > 1 ? ` ×${item.quantity}` : ''}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {item.productName} · {item.calendarName}
            </Typography.Text>
            <Space size={[8, 4]} wrap>
              {item.status === 'cancelled' ? (
                <BookingStatusTag status={item.status} />
              ) : (
                <AttendanceBadge attended={item.attended} />
              )}
              <SaleState booking={item} />
            </Space>
          </Flex>
        );
      },
    },
    {
      key: 'image',
      title: 'bookings.fields.image',
      width: 56,
      exported: false,
      responsive: notOnPhones,
      render: (item) => <FileImage fileId={item.image} width={32} height={32} alt="" />,
    },
    { key: 'customerName', title: 'bookings.fields.customer', sortable: true, responsive: notOnPhones },
    {
      key: 'status',
      title: 'bookings.fields.status',
      sortable: true,
      responsive: notOnPhones,
      render: (item) => <BookingStatusTag status={item.status} />,
      exportValues: exportWords(bookingStatuses, (code) => t(`bookings.statuses.${code}`)),
    },
    // In view beside whom it is for: what the front desk charges next.
    {
      key: 'orderStatus',
      title: 'bookings.fields.sale',
      responsive: notOnPhones,
      render: (item) => <SaleState booking={item} />,
      // The file names the order's status; a voucher's, pack's or programme's booking has none.
      exportValues: exportWords(orderStatuses, (code) => t(`orders.status.${code}`)),
    },
    { key: 'productName', title: 'bookings.fields.product', sortable: true, responsive: notOnPhones },
    { key: 'calendarName', title: 'bookings.fields.calendar', sortable: true, responsive: notOnPhones },
    {
      key: 'quantity',
      title: 'bookings.fields.quantity',
      sortable: true,
      align: 'right',
      responsive: notOnPhones,
    },
    {
      key: 'duration',
      title: 'bookings.fields.duration',
      sortable: true,
      align: 'right',
      responsive: notOnPhones,
      render: (item) => t('bookings.minutes', { count: item.duration }),
    },
    {
      key: 'price',
      title: 'bookings.fields.price',
      sortable: true,
      align: 'right',
      responsive: notOnPhones,
      render: (item) => formatEuros(item.price),
    },
    {
      key: 'amount',
      title: 'bookings.fields.amount',
      sortable: true,
      align: 'right',
      responsive: notOnPhones,
      render: (item) => formatEuros(item.amount),
    },
    {
      key: 'customerEmail',
      title: 'bookings.fields.customerEmail',
      sortable: true,
      responsive: notOnPhones,
      render: (item) =>
        item.customerEmail && <a href={`mailto:${item.customerEmail}`}>{item.customerEmail}</a>,
    },
    {
      key: 'customerPhone',
      title: 'bookings.fields.customerPhone',
      responsive: notOnPhones,
      render: (item) =>
        item.customerPhone && (
          <a href={`tel:${item.customerPhone}`} style={{ whiteSpace: 'nowrap' }}>
            {formatPhone(item.customerPhone)}
          </a>
        ),
    },
    {
      key: 'notes',
      title: 'bookings.fields.notes',
      responsive: notOnPhones,
      render: (item) => (
        <Typography.Text ellipsis={{ tooltip: item.notes }} style={{ maxWidth: 200 }}>
          {item.notes}
        </Typography.Text>
      ),
    },
    {
      key: 'attended',
      title: 'bookings.fields.attended',
      sortable: true,
      responsive: notOnPhones,
      render: (item) => <AttendanceBadge attended={item.attended} />,
      exportValues: booleanWords(t('bookings.filters.attended'), t('bookings.filters.unattended')),
    },
  ];

  const rowActions = (item: BookingListItem) => (
    <Space size={4}>
      {/* On a phone the card needs the room: attendance is marked in the booking's drawer. */}
      {canEdit && !phone && (
        <>
          <Tooltip title={t('bookings.markAttended')}>
            <Button
              type="text"
              icon={<CheckOutlined aria-hidden />}
              aria-label={t('bookings.markAttendedNamed', { name: item.customerName })}
              disabled={item.attended === true}
              onClick={() => void mark(item, true)}
            />
          </Tooltip>
          <Tooltip title={t('bookings.markUnattended')}>
            <Button
              type="text"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('bookings.markUnattendedNamed', { name: item.customerName })}
              disabled={item.attended === false}
              onClick={() => void mark(item, false)}
            />
          </Tooltip>
        </>
      )}
      <Button
        type="text"
        icon={<EditOutlined aria-hidden />}
        aria-label={t('bookings.openNamed', { name: item.customerName })}
        onClick={() => open(item)}
      />
    </Space>
  );

  const selectedRows = [...selected.values()];

  return (
    <>
      <ResourceTable<BookingListItem>
        pageKey="bookings"
        exportList="bookings"
        title="bookings.title"
        countKey="bookings.count"
        columns={columns}
        useList={useBookingList}
        // Today's: soonest first unless the user sorts otherwise (the URL's sort wins over saved ones).
        defaultSort={{ field: 'date', order: preset === 'today' ? 'asc' : 'desc' }}
        fixedFilters={preset === 'today' ? todayFilter(timeZone) : undefined}
        toolbar={(context) => <BookingFilters {...context} preset={preset} onPreset={choosePreset} />}
        emptyText={preset === 'today' ? 'bookings.emptyToday' : 'bookings.empty'}
        headerExtra={<BookingsModeSwitch mode="list" />}
        primaryAction={
          can('bookings_create')
            ? {
                label: t('bookings.create'),
                icon: <PlusOutlined aria-hidden />,
                onClick: () => setDrawer({}),
                testId: 'create-booking',
              }
            : undefined
        }
        rowActions={rowActions}
        rowSelection={
          canCharge
            ? {
                selectedRowKeys: [...selected.keys()],
                preserveSelectedRowKeys: true,
                // Selecting a whole page mixes customers and sold bookings: one by one.
                hideSelectAll: true,
                columnWidth: 40,
                getCheckboxProps: (item) => ({
                  disabled: !isChargeable(item),
                  'aria-label': t(
                    isChargeable(item)
                      ? 'bookings.selection.selectNamed'
                      : 'bookings.selection.notChargeable',
                    { name: item.customerName },
                  ),
                }),
                onChange: (keys, rows) =>
                  setSelected(
                    (current) =>
                      new Map(
                        keys.flatMap((key) => {
                          const row = rows.find((r) => r?.id === key) ?? current.get(Number(key));
                          return row ? [[row.id, row] as const] : [];
                        }),
                      ),
                  ),
              }
            : undefined
        }
      />
      {selectedRows.length > 0 && (
        <SelectionBar selected={selectedRows} onClear={() => setSelected(new Map())} />
      )}
      {drawer && (
        <Suspense fallback={null}>
          <BookingDrawer open booking={drawer.booking} onClose={() => setDrawer(undefined)} />
        </Suspense>
      )}
    </>
  );
}
