import { CheckOutlined, CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { BookingListItem } from '@mostrador/contract';
import { App, Badge, Button, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../api/errors';
import {
  DayRangeFilter,
  type ResourceColumn,
  ResourceTable,
  type ToolbarContext,
} from '../../../components/resource-table';
import { formatDateTime, formatEuros, formatPhone } from '../../../lib/format';
import { FileImage } from '../../files/components/file-image';
import { useCompanySettings } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useBookingList, useCalendarNames, useMarkAttendance } from '../api';
import { BookingDrawer } from '../components/booking-drawer';
import { BookingsModeSwitch } from '../components/bookings-header';

type Attendance = 'any' | 'attended' | 'unattended' | 'unmarked';

/** Filters by calendar, date range and attendance (the search box finds the customer). */
function BookingFilters({ filters, setFilter }: ToolbarContext) {
  const { t } = useTranslation();
  const { timeZone } = useCompanySettings();
  const calendars = useCalendarNames();
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
      <DayRangeFilter
        filters={filters}
        setFilter={setFilter}
        field="startsAt"
        label={t('bookings.filters.dates')}
        placeholder={[t('bookings.filters.from'), t('bookings.filters.to')]}
        testId="booking-filter-dates"
        timeZone={timeZone}
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

/** Every booking, newest first: the spec's columns, filters, mark attended or not, open to edit. */
export function BookingsListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const { timeZone } = useCompanySettings();
  const can = usePermissions();
  const canEdit = can('bookings_edit');
  const attendance = useMarkAttendance();
  const [drawer, setDrawer] = useState<{ booking?: BookingListItem } | undefined>();

  const mark = async (booking: BookingListItem, attended: boolean) => {
    try {
      await attendance.mutateAsync({ id: booking.id, attended });
      message.success(t(attended ? 'bookings.markedAttended' : 'bookings.markedUnattended'));
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const columns: ResourceColumn<BookingListItem>[] = [
    { key: 'id', title: 'bookings.fields.id', sortable: true, align: 'right' },
    {
      key: 'date',
      title: 'bookings.fields.date',
      sortable: true,
      render: (item) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setDrawer({ booking: item })}>
          {formatDateTime(item.date, timeZone)}
        </Button>
      ),
    },
    {
      key: 'image',
      title: 'bookings.fields.image',
      width: 56,
      render: (item) => <FileImage fileId={item.image} width={32} height={32} alt="" />,
    },
    { key: 'customerName', title: 'bookings.fields.customer', sortable: true },
    { key: 'productName', title: 'bookings.fields.product', sortable: true },
    { key: 'calendarName', title: 'bookings.fields.calendar', sortable: true },
    { key: 'quantity', title: 'bookings.fields.quantity', sortable: true, align: 'right' },
    {
      key: 'duration',
      title: 'bookings.fields.duration',
      sortable: true,
      align: 'right',
      render: (item) => t('bookings.minutes', { count: item.duration }),
    },
    {
      key: 'price',
      title: 'bookings.fields.price',
      sortable: true,
      align: 'right',
      render: (item) => formatEuros(item.price),
    },
    {
      key: 'amount',
      title: 'bookings.fields.amount',
      sortable: true,
      align: 'right',
      render: (item) => formatEuros(item.amount),
    },
    {
      key: 'customerEmail',
      title: 'bookings.fields.customerEmail',
      sortable: true,
      render: (item) =>
        item.customerEmail && <a href={`mailto:${item.customerEmail}`}>{item.customerEmail}</a>,
    },
    {
      key: 'customerPhone',
      title: 'bookings.fields.customerPhone',
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
      render: (item) => (
        <Typography.Text ellipsis={{ tooltip: item.notes }} style={{ maxWidth: 200 }}>
          {item.notes}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: 'bookings.fields.status',
      sortable: true,
      defaultHidden: true,
      render: (item) => t(`bookings.statuses.${item.status}`),
    },
    {
      key: 'attended',
      title: 'bookings.fields.attended',
      sortable: true,
      render: (item) =>
        item.attended === null ? (
          <Badge status="default" text={t('bookings.filters.unmarked')} />
        ) : (
          <Badge
            status={item.attended ? 'success' : 'error'}
            text={t(item.attended ? 'bookings.filters.attended' : 'bookings.filters.unattended')}
          />
        ),
    },
  ];

  const rowActions = (item: BookingListItem) => (
    <Space size={4}>
      {canEdit && (
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
        onClick={() => setDrawer({ booking: item })}
      />
    </Space>
  );

  return (
    <>
      <ResourceTable<BookingListItem>
        pageKey="bookings"
        title="bookings.title"
        countKey="bookings.count"
        columns={columns}
        useList={useBookingList}
        defaultSort={{ field: 'date', order: 'desc' }}
        toolbar={(context) => <BookingFilters {...context} />}
        emptyText="bookings.empty"
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
      />
      {drawer && <BookingDrawer open booking={drawer.booking} onClose={() => setDrawer(undefined)} />}
    </>
  );
}
