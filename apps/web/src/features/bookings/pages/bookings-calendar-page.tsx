import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type {
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  LocaleInput,
} from '@fullcalendar/core';
import caLocale from '@fullcalendar/core/locales/ca';
import deLocale from '@fullcalendar/core/locales/de';
import enLocale from '@fullcalendar/core/locales/en-gb';
import esLocale from '@fullcalendar/core/locales/es';
import euLocale from '@fullcalendar/core/locales/eu';
import frLocale from '@fullcalendar/core/locales/fr';
import itLocale from '@fullcalendar/core/locales/it';
import ptLocale from '@fullcalendar/core/locales/pt';
import ruLocale from '@fullcalendar/core/locales/ru';
import zhLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  type BookingListItem,
  type BookingUpdateBody,
  bookingRescheduleRefusalCodes,
  type CalendarView,
  calendarViews,
  type Language,
} from '@mostrador/contract';
import { App, Card, Flex, type GlobalToken, Select, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { useAppContext } from '../../../app/app-context';
import { parseRecordId } from '../../../components/records/record-page';
import { useCompanySettings, useCurrentUser } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateUiConfig } from '../../settings/api';
import {
  useAnomaliesBetween,
  useBookingList,
  useCalendarNames,
  useCalendars,
  useUpdateBooking,
} from '../api';
import type { BookingDraft } from '../booking-values';
import { anomalyEvent, bookingEvent, businessHoursOf, colourOf, visibleHours } from '../calendar-events';
import { BookingDrawer } from '../components/booking-drawer';
import { BookingsHeader, bookingsCalendarPath } from '../components/bookings-header';

const locales: Record<Language, LocaleInput> = {
  ca: caLocale,
  de: deLocale,
  en: enLocale,
  es: esLocale,
  eu: euLocale,
  fr: frLocale,
  it: itLocale,
  pt: ptLocale,
  ru: ruLocale,
  zh: zhLocale,
};

/**
 * FullCalendar dressed in the app's theme: antd-like buttons (the active view in the primary colour),
 * a faint shade outside opening hours, today barely tinted; unattended bookings fade out.
 */
function calendarCss(token: GlobalToken): string {
  return `
.mostrador-calendar {
  --fc-button-bg-color: ${token.colorBgContainer};
  --fc-button-text-color: ${token.colorText};
  --fc-button-border-color: ${token.colorBorder};
  --fc-button-hover-bg-color: ${token.colorFillTertiary};
  --fc-button-hover-border-color: ${token.colorPrimaryHover};
  --fc-button-active-bg-color: ${token.colorPrimary};
  --fc-button-active-border-color: ${token.colorPrimary};
  --fc-border-color: ${token.colorBorderSecondary};
  --fc-today-bg-color: transparent;
  --fc-non-business-color: rgba(0, 0, 0, 0.035);
  --fc-now-indicator-color: ${token.colorError};
  --fc-page-bg-color: ${token.colorBgContainer};
}
.mostrador-calendar .fc .fc-button { font-size: ${token.fontSize}px; padding: 4px 12px; box-shadow: none; }
.mostrador-calendar .fc .fc-button-primary:not(:disabled).fc-button-active { color: ${token.colorTextLightSolid}; }
.mostrador-calendar .fc .fc-button-primary:focus-visible { outline: 2px solid ${token.colorPrimaryBorder}; }
.mostrador-calendar .fc .fc-toolbar-title { font-size: ${token.fontSizeHeading4}px; font-weight: 600; }
.mostrador-calendar .fc .fc-toolbar-title::first-letter { text-transform: uppercase; }
.mostrador-calendar .fc .fc-day-today .fc-col-header-cell-cushion { color: ${token.colorPrimary}; }
.mostrador-calendar .fc .fc-col-header-cell-cushion { color: ${token.colorText}; text-transform: capitalize; }
.mostrador-calendar .fc .fc-timegrid-slot { height: 2.2em; }
.mostrador-calendar .fc .fc-timegrid-slot-label-cushion { color: ${token.colorTextSecondary}; }
.mostrador-calendar .fc-event { cursor: pointer; }
.mostrador-calendar .booking-unattended { opacity: 0.55; }
.mostrador-calendar .booking-unattended .fc-event-main { text-decoration: line-through; }
.mostrador-calendar .fc-bg-event { opacity: 0.6; }
.mostrador-calendar .fc-bg-event .fc-event-title { color: ${token.colorText}; font-size: 11px; font-style: normal; }
@media (max-width: 575px) {
  .mostrador-calendar .fc .fc-toolbar { flex-wrap: wrap; gap: 8px; }
  .mostrador-calendar .fc .fc-toolbar-title { font-size: ${token.fontSizeLG}px; }
}
`;
}

function EventContent({ arg }: { arg: EventContentArg }) {
  const booking = arg.event.extendedProps.booking as BookingListItem | undefined;
  if (!booking) return <div className="fc-event-title">{arg.event.title}</div>;
  return (
    <div style={{ overflow: 'hidden', lineHeight: 1.3 }} data-testid={`booking-event-${booking.id}`}>
      <div>
        {arg.timeText} {booking.attended === true && <CheckCircleFilled aria-label="✓" />}
        {booking.attended === false && <CloseCircleFilled aria-label="✗" />}
      </div>
      <div style={{ fontWeight: 600 }}>
        {booking.customerName}
        {booking.quantity > 1 ? ` ×${booking.quantity}` : ''}
      </div>
      <div>{booking.productName}</div>
    </div>
  );
}

/**
 * The bookings on the calendar: day (default), week and month views in the company's time zone, one
 * calendar or all, opening hours and exceptions shaded; click a free time to book there, a booking to open
 * it, drag it to move it (the product's rules apply, staff may override after confirming).
 */
export function BookingsCalendarPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorMessage = useErrorMessage();
  const { token } = theme.useToken();
  const { language } = useAppContext();
  const { timeZone } = useCompanySettings();
  const saved = useCurrentUser().uiConfig.calendar ?? {};
  const updateUiConfig = useUpdateUiConfig();
  const can = usePermissions();
  const navigate = useNavigate();
  const rawId = useParams().id;
  const calendarId = parseRecordId(rawId) ?? null;
  const calendars = useCalendarNames();
  const allIds = (calendars.data ?? []).map((c) => c.id);
  const shownIds = calendarId ? [calendarId] : allIds;
  const [view, setView] = useState<CalendarView>(saved.view ?? 'timeGridDay');
  const [range, setRange] = useState<{ from: string; to: string }>();
  const [drawer, setDrawer] = useState<{ booking?: BookingListItem; draft?: BookingDraft }>();
  const update = useUpdateBooking();

  // The address has no calendar: the one the user chose last time, if any.
  useEffect(() => {
    if (rawId === undefined && saved.calendarId)
      navigate(bookingsCalendarPath(saved.calendarId), { replace: true });
  }, [rawId, saved.calendarId, navigate]);

  // A calendar opened by its address (a link, a bookmark) becomes the one shown next time too.
  useEffect(() => {
    if (calendarId && calendarId !== saved.calendarId)
      updateUiConfig((ui) => ({ ...ui, calendar: { ...ui.calendar, calendarId } }));
  }, [calendarId, saved.calendarId, updateUiConfig]);

  const chooseCalendar = (id: number | null) => {
    updateUiConfig((ui) => ({ ...ui, calendar: { ...ui.calendar, calendarId: id } }));
    navigate(bookingsCalendarPath(id));
  };

  const bookings = useBookingList(
    {
      page: 1,
      limit: 500,
      orders: { startsAt: 'asc' },
      filters: {
        startsAt: { gte: range?.from, lt: range?.to },
        status: { eq: 'confirmed' },
        ...(calendarId ? { bookingCalendarId: { eq: calendarId } } : {}),
      },
    },
    { enabled: !!range },
  );
  const fullCalendars = useCalendars(shownIds);
  const schedules = fullCalendars.flatMap((q) => (q.data ? [q.data.schedule] : []));
  const anomalies = useAnomaliesBetween(shownIds, range?.from ?? '', range?.to ?? '', !!range);

  const events = useMemo(() => {
    const canMove = can('bookings_edit');
    const list = (bookings.data?.items ?? []).map((b) =>
      bookingEvent(b, colourOf(allIds, b.bookingCalendarId), canMove),
    );
    const shading = anomalies.flatMap((q, index) =>
      (q.data?.items ?? []).map((a) => anomalyEvent(a, shownIds[index] as number)),
    );
    return [...shading, ...list];
  }, [bookings.data, anomalies, allIds, shownIds, can]);

  // FullCalendar's arrow icons are role="img" without a name; their buttons are named (Previous day…).
  const calendarBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const icon of calendarBox.current?.querySelectorAll('.fc-icon') ?? [])
      icon.setAttribute('aria-hidden', 'true');
  });

  const onDatesSet = (arg: DatesSetArg) => {
    setRange({ from: arg.start.toISOString(), to: arg.end.toISOString() });
    const next = arg.view.type as CalendarView;
    if (next !== view && (calendarViews as readonly string[]).includes(next)) {
      setView(next);
      updateUiConfig((ui) => ({ ...ui, calendar: { ...ui.calendar, view: next } }));
    }
  };

  const move = async (booking: BookingListItem, startsAt: string, revert: () => void, override = false) => {
    const body: BookingUpdateBody = {
      bookingCalendarId: booking.bookingCalendarId,
      customerId: booking.customerId,
      startsAt,
      quantity: booking.quantity,
      notes: booking.notes,
      price: booking.price,
      overrideRescheduleRules: override,
    };
    try {
      await update.mutateAsync({ id: booking.id, body });
      message.success(t('bookings.moved', { name: booking.customerName }));
    } catch (error) {
      if (isApiError(error) && bookingRescheduleRefusalCodes.includes(error.code) && !override) {
        modal.confirm({
          title: t('bookings.overrideTitle'),
          content: `${t(`errors.${error.code}`)} ${t('bookings.overrideQuestion')}`,
          okText: t('bookings.overrideConfirm'),
          cancelText: t('common.cancel'),
          onOk: () => move(booking, startsAt, revert, true),
          onCancel: revert,
        });
        return;
      }
      revert();
      message.error(errorMessage(error));
    }
  };

  const onDrop = (info: EventDropArg) => {
    const booking = info.event.extendedProps.booking as BookingListItem | undefined;
    if (!booking || !info.event.start) return info.revert();
    void move(booking, info.event.start.toISOString(), info.revert);
  };

  const onDateClick = (info: DateClickArg) => {
    if (!can('bookings_create')) return;
    setDrawer({
      draft: {
        bookingCalendarId: calendarId ?? undefined,
        start: info.date,
        withTime: !info.allDay,
      },
    });
  };

  const onEventClick = (info: EventClickArg) => {
    const booking = info.event.extendedProps.booking as BookingListItem | undefined;
    if (booking) setDrawer({ booking });
  };

  return (
    <div data-testid="bookings-calendar">
      <style>{calendarCss(token)}</style>
      <BookingsHeader
        mode="calendar"
        onCreate={() => setDrawer({ draft: { bookingCalendarId: calendarId ?? undefined } })}
      />
      <Card styles={{ body: { padding: 16 } }}>
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Select<number>
            value={calendarId ?? 0}
            onChange={(value) => chooseCalendar(value || null)}
            loading={calendars.isLoading}
            prefix={t('bookings.calendarPrefix')}
            aria-label={t('bookings.fields.calendar')}
            popupMatchSelectWidth={false}
            options={[
              { value: 0, label: t('bookings.allCalendars') },
              ...(calendars.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
            style={{ minWidth: 220, maxWidth: '100%' }}
            data-testid="calendar-select"
          />
        </Flex>
        <div className="mostrador-calendar" ref={calendarBox} style={{ fontSize: token.fontSizeSM }}>
          <FullCalendar
            plugins={[timeGridPlugin, dayGridPlugin, interactionPlugin, luxonPlugin]}
            timeZone={timeZone}
            locale={locales[language]}
            initialView={view}
            headerToolbar={{
              left: 'prev,next today',
              center: 'title',
              right: 'timeGridDay,timeGridWeek,dayGridMonth',
            }}
            height="auto"
            allDaySlot={false}
            nowIndicator
            slotDuration="00:30:00"
            {...visibleHours(schedules)}
            businessHours={businessHoursOf(schedules)}
            events={events}
            eventContent={(arg) => <EventContent arg={arg} />}
            eventDurationEditable={false}
            eventDrop={onDrop}
            eventClick={onEventClick}
            dateClick={onDateClick}
            datesSet={onDatesSet}
            dayMaxEvents={4}
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          />
        </div>
      </Card>
      {drawer && (
        <BookingDrawer
          open
          booking={drawer.booking}
          draft={drawer.draft}
          onClose={() => setDrawer(undefined)}
        />
      )}
    </div>
  );
}
