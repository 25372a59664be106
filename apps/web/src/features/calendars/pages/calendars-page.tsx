import { FieldTimeOutlined, PlusOutlined, ScheduleOutlined } from '@ant-design/icons';
import type { BookingCalendarListItem } from '@mostrador/contract';
import { Flex, type MenuProps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResourceColumn, ResourceTable } from '../../../components/resource-table';
import { RowActions } from '../../../components/row-actions';
import { formatNumber } from '../../../lib/format';
import { usePermissions } from '../../session/permissions';
import { useCalendarList } from '../api';
import { calendarColour } from '../calendar-colour';
import { DeleteCalendarButton } from '../components/delete-calendar-button';
import { GoogleLinkTag } from '../components/google-calendar-card';
import {
  anomaliesPath,
  calendarBookingsPath,
  createCalendarPath,
  editCalendarPath,
  fromListState,
} from '../navigation';
import { useDaysText, useMinutesText } from '../use-duration-text';

/** A figure in a list cell, on one line. */
function Figure({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

/** The booking calendars: their limits at a glance, and from each its exceptions and its bookings. */
export function CalendarsPage() {
  const { t } = useTranslation();
  const can = usePermissions();
  const canCreate = can('bookingCalendars_create');
  const canEdit = can('bookingCalendars_edit');
  const canDelete = can('bookingCalendars_delete');
  const canFindAnomalies = can('bookingCalendarsScheduleAnomaly_find');
  const canFindBookings = can('bookings_find');
  const minutesText = useMinutesText();
  const daysText = useDaysText();
  const noLimit = <Typography.Text type="secondary">{t('calendars.noLimit')}</Typography.Text>;

  const name = (item: BookingCalendarListItem) => (
    <span>
      {/* The colour the bookings view paints it in. */}
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 10,
          height: 10,
          borderRadius: 2,
          marginInlineEnd: 8,
          background: calendarColour(item),
        }}
        data-testid={`calendar-colour-${item.id}`}
      />
      {canEdit ? (
        <Link to={editCalendarPath(item.id)} state={fromListState}>
          {item.name}
        </Link>
      ) : (
        item.name
      )}
      <GoogleLinkTag calendarId={item.id} />
    </span>
  );

  /** A phone's row as a card: the calendar, then its limits, each named. */
  const phoneCard = (item: BookingCalendarListItem) => {
    const limit = (label: string, value: ReactNode) => (
      <Typography.Text type="secondary">
        {t(label)}: {value}
      </Typography.Text>
    );
    return (
      <Flex vertical gap={2} style={{ minWidth: 180, maxWidth: 260 }} data-testid="calendar-card">
        <span style={{ fontWeight: 600 }}>{name(item)}</span>
        {limit('calendars.fields.maximumConcurrentBookings', formatNumber(item.maximumConcurrentBookings))}
        {limit(
          'calendars.fields.maximumDaysOfBookingForecast',
          item.maximumDaysOfBookingForecast === null
            ? t('calendars.noLimit')
            : daysText(item.maximumDaysOfBookingForecast),
        )}
        {limit(
          'calendars.fields.minimumMinutesInAdvanceForBooking',
          item.minimumMinutesInAdvanceForBooking === 0
            ? t('calendars.noLimit')
            : minutesText(item.minimumMinutesInAdvanceForBooking),
        )}
      </Flex>
    );
  };

  const columns: ResourceColumn<BookingCalendarListItem>[] = [
    { key: 'id', title: 'calendars.fields.id', sortable: true, align: 'right' },
    {
      key: 'name',
      title: 'calendars.fields.name',
      sortable: true,
      render: (item) => name(item),
    },
    {
      key: 'maximumConcurrentBookings',
      title: 'calendars.fields.maximumConcurrentBookings',
      sortable: true,
      align: 'right',
      render: (item) => <Figure>{formatNumber(item.maximumConcurrentBookings)}</Figure>,
    },
    {
      key: 'maximumDaysOfBookingForecast',
      title: 'calendars.fields.maximumDaysOfBookingForecast',
      sortable: true,
      align: 'right',
      render: (item) =>
        item.maximumDaysOfBookingForecast === null ? (
          noLimit
        ) : (
          <Figure>{daysText(item.maximumDaysOfBookingForecast)}</Figure>
        ),
    },
    {
      key: 'minimumMinutesInAdvanceForBooking',
      title: 'calendars.fields.minimumMinutesInAdvanceForBooking',
      sortable: true,
      align: 'right',
      render: (item) =>
        item.minimumMinutesInAdvanceForBooking === 0 ? (
          noLimit
        ) : (
          <Figure>{minutesText(item.minimumMinutesInAdvanceForBooking)}</Figure>
        ),
    },
    {
      key: 'minimumProductDuration',
      title: 'calendars.fields.minimumProductDuration',
      sortable: true,
      align: 'right',
      render: (item) =>
        item.minimumProductDuration === null ? (
          noLimit
        ) : (
          <Figure>{minutesText(item.minimumProductDuration)}</Figure>
        ),
    },
    {
      key: 'duration',
      title: 'calendars.fields.duration',
      sortable: true,
      align: 'right',
      defaultHidden: true,
      render: (item) => <Figure>{minutesText(item.duration)}</Figure>,
    },
  ];

  const rowActions = (item: BookingCalendarListItem) => {
    // Edit and delete at hand; the screens that hang from the calendar in a menu, as links.
    const more: NonNullable<MenuProps['items']> = [];
    if (canFindAnomalies)
      more.push({
        key: 'anomalies',
        icon: <FieldTimeOutlined aria-hidden />,
        label: (
          <Link
            to={anomaliesPath(item.id)}
            state={fromListState}
            aria-label={t('calendars.anomaliesNamed', { name: item.name })}
          >
            {t('calendars.anomalies')}
          </Link>
        ),
      });
    if (canFindBookings)
      more.push({
        key: 'bookings',
        icon: <ScheduleOutlined aria-hidden />,
        label: (
          <Link
            to={calendarBookingsPath(item.id)}
            aria-label={t('calendars.bookingsNamed', { name: item.name })}
          >
            {t('calendars.bookings')}
          </Link>
        ),
      });
    return (
      <RowActions
        edit={
          canEdit
            ? { to: editCalendarPath(item.id), label: t('calendars.editNamed', { name: item.name }) }
            : undefined
        }
        more={more}
        moreLabel={t('calendars.moreNamed', { name: item.name })}
        moreTestId="calendar-more"
        remove={canDelete && <DeleteCalendarButton id={item.id} name={item.name} iconOnly />}
      />
    );
  };

  return (
    <ResourceTable<BookingCalendarListItem>
      pageKey="calendars"
      exportList="calendars"
      title="calendars.title"
      countKey="calendars.count"
      columns={columns}
      useList={useCalendarList}
      defaultSort={{ field: 'name', order: 'asc' }}
      emptyText="calendars.empty"
      primaryAction={
        canCreate
          ? {
              label: t('calendars.create'),
              icon: <PlusOutlined aria-hidden />,
              to: createCalendarPath,
              state: fromListState,
              testId: 'create-calendar',
            }
          : undefined
      }
      rowActions={canEdit || canDelete || canFindAnomalies || canFindBookings ? rowActions : undefined}
      phoneCard={phoneCard}
    />
  );
}
