import { CheckCircleFilled, CloseCircleFilled, TeamOutlined } from '@ant-design/icons';
import type {
  DatesSetArg,
  DayCellMountArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  MoreLinkMountArg,
} from '@fullcalendar/core';
import type { DateClickArg } from '@fullcalendar/interaction';
import {
  type BookingRangeHold,
  type BookingRangeItem,
  type BookingUpdateBody,
  bookingRescheduleRefusalCodes,
  type CalendarView,
  calendarViews,
} from '@mostrador/contract';
import { Alert, App, Button, Card, Flex, type GlobalToken, Grid, Select, Skeleton, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError, useErrorMessage } from '../../../api/errors';
import { useAppContext } from '../../../app/app-context';
import { parseRecordId } from '../../../components/records/record-id';
import { visuallyHidden } from '../../../components/visually-hidden';
import { lazyWithRestOfCatalogue } from '../../../i18n/catalogue-parts';
import { dayjs } from '../../../lib/dayjs';
import { calendarColour, textColourOn } from '../../calendars/calendar-colour';
import { useCustomer } from '../../customers/api';
import { useCompanySettings, useCurrentUser } from '../../session/api';
import { usePermissions } from '../../session/permissions';
import { useUpdateUiConfig } from '../../settings/api';
import {
  useAnomaliesBetween,
  useBookingRange,
  useCalendarNames,
  useCalendars,
  useHoldsInRange,
  useUpdateBooking,
} from '../api';
import type { BookingDraft } from '../booking-values';
import {
  anomalyEvent,
  bookingEvent,
  businessHoursOf,
  type CalendarEvent,
  type CalendarInfo,
  type ClassBlock,
  classEvent,
  groupClasses,
  holdEvent,
  liveHolds,
  placementClass,
  placementCss,
  placesOf,
  sideBySide,
  visibleHours,
} from '../calendar-events';
import { useCalendarLocale } from '../calendar-locale';
import { type AgendaEntry, AgendaView, mondayOf, weekRange } from '../components/agenda-view';
import { BookingsHeader, bookingCustomerParam, bookingsCalendarPath } from '../components/bookings-header';
import { CalendarLegend } from '../components/calendar-legend';

// The drawer's form (date picker, selects, the sale) and the class dialog load when first opened, not with
// the calendar: they are not part of the screen's first paint. Their texts are in the rest of the catalogue
// (the screen's own sections are routes.ts `calendarViewSections`).
const BookingDrawer = lazyWithRestOfCatalogue(() => import('../components/booking-drawer'), 'BookingDrawer');
// FullCalendar is only for screens wider than a phone (a phone shows the agenda): its chunk starts loading
// as this screen's code runs when the window is that wide, beside the screen's data, not after a render.
const wideScreen = '(min-width: 768px)'; // antd's `md`, the `isPhone` of the screen below
const loadTimeGrid = () => import('../components/booking-time-grid');
if (typeof window !== 'undefined' && window.matchMedia?.(wideScreen).matches) void loadTimeGrid();
// Written out, so that catalogue-parts.test.ts sees it loads code that reads no text (no rest of the catalogue).
const BookingTimeGrid = lazy(() => import('../components/booking-time-grid'));
const ClassAttendees = lazyWithRestOfCatalogue(
  () => import('../components/class-attendees'),
  'ClassAttendees',
);

/**
 * FullCalendar dressed in the app's theme: antd-like buttons (the active view in the primary colour),
 * a faint shade outside opening hours, today barely tinted; unattended bookings fade out. A month's days
 * of the months around it in secondary text, not faded out (they must stay readable: WCAG AA).
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
.mostrador-calendar .fc-event.booking-unattended { border-style: dashed; border-left-style: solid; border-left-width: 4px; }
.mostrador-calendar .booking-unattended .fc-event-main { text-decoration: line-through; }
.mostrador-calendar .fc-bg-event { opacity: 0.6; }
.mostrador-calendar .fc-event.booking-hold {
  background: repeating-linear-gradient(135deg, ${token.colorFillSecondary} 0 6px, ${token.colorBgContainer} 6px 12px);
  border-style: dashed;
  cursor: default;
}
.mostrador-calendar .fc-event.booking-hold .fc-event-main,
.mostrador-calendar .fc-event.booking-hold .fc-event-time,
.mostrador-calendar .fc-event.booking-hold .fc-event-title { color: ${token.colorTextSecondary}; }
.mostrador-calendar.side-by-side .fc-timegrid-col-events { margin: 0 1px; }
.mostrador-calendar .fc-timegrid .fc-col-header-cell-cushion { display: block; }
.mostrador-calendar .fc .fc-button-primary { text-transform: none; }
.mostrador-calendar .fc .fc-button-primary::first-letter { text-transform: uppercase; }
.mostrador-calendar .fc-bg-event .fc-event-title { color: ${token.colorText}; font-size: 11px; font-style: normal; }
.mostrador-calendar .fc .fc-day-other .fc-daygrid-day-top { opacity: 1; }
.mostrador-calendar .fc .fc-day-other .fc-daygrid-day-number { color: ${token.colorTextSecondary}; }
.mostrador-calendar .fc .fc-daygrid-more-link { color: ${token.colorText}; }
@media (max-width: 575px) {
  .mostrador-calendar .fc .fc-toolbar { flex-wrap: wrap; gap: 8px; }
  .mostrador-calendar .fc .fc-toolbar-title { font-size: ${token.fontSizeLG}px; }
}
`;
}

function EventContent({
  arg,
  placesText,
  placesFor,
  holdTexts,
}: {
  arg: EventContentArg;
  placesText: (b: ClassBlock) => string;
  placesFor: (b: BookingRangeItem) => number;
  holdTexts: (h: BookingRangeHold) => { title: string; detail: string };
}) {
  const booking = arg.event.extendedProps.booking as BookingRangeItem | undefined;
  const block = arg.event.extendedProps.block as ClassBlock | undefined;
  const hold = arg.event.extendedProps.hold as BookingRangeHold | undefined;
  if (hold) {
    const texts = holdTexts(hold);
    return (
      <div style={{ overflow: 'hidden', lineHeight: 1.3 }} data-testid={`hold-event-${hold.id}`}>
        <div>{arg.timeText}</div>
        <div style={{ fontWeight: 600 }}>{texts.title}</div>
        <div>{texts.detail}</div>
      </div>
    );
  }
  if (block) {
    return (
      <div style={{ overflow: 'hidden', lineHeight: 1.3 }} data-testid={`class-event-${block.key}`}>
        <div>
          {arg.timeText} <TeamOutlined aria-hidden />{' '}
          <span style={{ fontWeight: 600 }} data-testid="class-places">
            {block.booked}/{block.places}
          </span>
        </div>
        <div style={{ fontWeight: 600 }}>{block.productName}</div>
        <span style={visuallyHidden}>{placesText(block)}</span>
      </div>
    );
  }
  if (!booking) return <div className="fc-event-title">{arg.event.title}</div>;
  const places = placesFor(booking);
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
      <div>
        {booking.productName}
        {places > 1 ? ` · ${booking.quantity}/${places}` : ''}
      </div>
    </div>
  );
}

/**
 * FullCalendar's "+N more" is an <a> without href (no role) that carries aria-expanded: a button, as it
 * acts (it opens the day's popover, by click or Enter).
 */
function moreLinkDidMount({ el }: MoreLinkMountArg) {
  el.setAttribute('role', 'button');
}

/**
 * A month's day cell is named by its day number alone (aria-labelledby), while it shows that day's
 * bookings too: its name is left to its content, the number first.
 */
function dayCellDidMount({ el }: DayCellMountArg) {
  if (el.classList.contains('fc-daygrid-day')) el.removeAttribute('aria-labelledby');
}

/** The calendars' names over their bands in a day's column header, each in its colour. */
/**
 * A day's heading over calendars side by side: one band per calendar in its colour. In the day view the
 * bands carry the names; in the week view, seven days wide, they are thin colour bars (the legend names
 * them; the name stays for screen readers and as the tooltip), so no name is cut off.
 */
function BandsHeader({
  text,
  calendars,
  compact,
}: {
  text: string;
  calendars: CalendarInfo[];
  compact: boolean;
}) {
  return (
    <div style={{ width: '100%' }}>
      <div>{text}</div>
      <div
        style={{ display: 'flex', gap: compact ? 2 : 1, marginTop: compact ? 2 : 0 }}
        data-testid="calendar-bands"
      >
        {calendars.map((c) => {
          const colour = calendarColour(c);
          return (
            <span
              key={c.id}
              title={c.name}
              style={{
                flex: '1 1 0',
                minWidth: 0,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                background: colour,
                color: textColourOn(colour),
                fontSize: 11,
                fontWeight: 400,
                padding: compact ? 0 : '0 2px',
                height: compact ? 4 : undefined,
                borderRadius: 2,
                textTransform: 'none',
              }}
            >
              {compact ? <span style={visuallyHidden}>{c.name}</span> : c.name}
            </span>
          );
        })}
      </div>
    </div>
  );
}

type DrawerState = { booking?: BookingRangeItem; draft?: BookingDraft };

/**
 * The customer the next booking is for (`?customer=<id>`, from the customer's page "New booking"): the
 * new-booking drawer opens with them chosen. Read here to name them in the hint; undefined until read.
 */
function useCustomerToBook() {
  const [params, setParams] = useSearchParams();
  const id = parseRecordId(params.get(bookingCustomerParam) ?? undefined);
  const customer = useCustomer(id);
  const clear = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(bookingCustomerParam);
        return next;
      },
      { replace: true },
    );
  const name = customer.data
    ? [customer.data.name, customer.data.surname].filter(Boolean).join(' ') || `#${customer.data.id}`
    : undefined;
  return { id: customer.data ? id : undefined, name, clear };
}

/** "Booking for <name>": the customer chosen for the next booking, and a way to book for someone else. */
function CustomerToBookHint({ name, onClear }: { name: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('bookings.forCustomer.title', { name })}
      description={t('bookings.forCustomer.hint')}
      action={
        <Button size="small" onClick={onClear} data-testid="booking-for-customer-clear">
          {t('bookings.forCustomer.clear')}
        </Button>
      }
      data-testid="booking-for-customer"
    />
  );
}

/**
 * The bookings on the calendar: day (default), week and month views in the company's time zone, one
 * calendar or all (side by side in the day and week views, each in its colour, with a legend), opening
 * hours and exceptions shaded; every booking of the visible range, a class as one block with its places.
 * Click a free time to book there, a booking to open it, a class for its attendees; drag a booking to move
 * it (the product's rules apply, staff may override after confirming). On a phone, a week's agenda.
 * Opened for a customer (`?customer=<id>`), it says so and the new booking comes with them chosen.
 */
export function BookingsCalendarPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorMessage = useErrorMessage();
  const { token } = theme.useToken();
  const { language } = useAppContext();
  const calendarLocale = useCalendarLocale(language);
  const { timeZone } = useCompanySettings();
  const saved = useCurrentUser().uiConfig.calendar ?? {};
  const updateUiConfig = useUpdateUiConfig();
  const can = usePermissions();
  const navigate = useNavigate();
  const { search } = useLocation();
  const forCustomer = useCustomerToBook();
  const screens = Grid.useBreakpoint();
  // antd knows the breakpoints after its first render: until then the window says, so that a phone never
  // renders (and downloads) the grid for that first frame.
  const isPhone = (screens.md ?? window.matchMedia?.(wideScreen).matches) === false;
  const rawId = useParams().id;
  const calendarId = parseRecordId(rawId) ?? null;
  const calendars = useCalendarNames();
  // Stable between renders: the events (hundreds in a month) are rebuilt only when these change.
  const allCalendars: CalendarInfo[] = useMemo(() => calendars.data ?? [], [calendars.data]);
  const shown = useMemo(
    () => (calendarId ? allCalendars.filter((c) => c.id === calendarId) : allCalendars),
    [allCalendars, calendarId],
  );
  const shownIds = useMemo(() => shown.map((c) => c.id), [shown]);
  const [view, setView] = useState<CalendarView>(saved.view ?? 'timeGridDay');
  const [range, setRange] = useState<{ from: string; to: string }>();
  // The local day shown ('YYYY-MM-DD'): the calendar opens on it again when it is mounted anew (a window
  // narrowed to a phone's agenda and widened back, a tablet turned), and the agenda shows its week.
  const [day, setDay] = useState(() => dayjs().tz(timeZone).format('YYYY-MM-DD'));
  const monday = mondayOf(day);
  const [drawer, setDrawer] = useState<DrawerState>();
  const [openClass, setOpenClass] = useState<ClassBlock>();
  const update = useUpdateBooking();

  // The address has no calendar: the one the user chose last time, if any (with the customer to book).
  useEffect(() => {
    if (rawId === undefined && saved.calendarId)
      navigate(`${bookingsCalendarPath(saved.calendarId)}${search}`, { replace: true });
  }, [rawId, saved.calendarId, navigate, search]);

  // A calendar opened by its address (a link, a bookmark) becomes the one shown next time too.
  useEffect(() => {
    if (calendarId && calendarId !== saved.calendarId)
      updateUiConfig((ui) => ({ ...ui, calendar: { ...ui.calendar, calendarId } }));
  }, [calendarId, saved.calendarId, updateUiConfig]);

  const chooseCalendar = (id: number | null) => {
    updateUiConfig((ui) => ({ ...ui, calendar: { ...ui.calendar, calendarId: id } }));
    navigate(`${bookingsCalendarPath(id)}${search}`);
  };

  // The phone's agenda reads its week; the calendar the range FullCalendar shows.
  const visible = isPhone ? weekRange(monday, timeZone) : range;
  const bookings = useBookingRange(visible, calendarId);
  const holds = useHoldsInRange(visible, calendarId);
  const fullCalendars = useCalendars(shownIds);
  const schedules = fullCalendars.flatMap((q) => (q.data ? [q.data.schedule] : []));
  const anomalies = useAnomaliesBetween(shownIds, visible?.from ?? '', visible?.to ?? '', !!visible);

  const byId = useMemo(() => new Map(allCalendars.map((c) => [c.id, c])), [allCalendars]);
  const colourOfCalendar = (id: number) => calendarColour(byId.get(id) ?? { id, color: null });
  const grouped = useMemo(
    () => groupClasses(bookings.data ?? [], (id) => byId.get(id)?.maximumConcurrentBookings),
    [bookings.data, byId],
  );
  const sideBySideOn = !isPhone && view !== 'dayGridMonth' && shown.length > 1;
  // A place held while a customer pays online: "Held for online payment", what and until when.
  const holdTexts = useCallback(
    (h: BookingRangeHold) => ({
      title: t('bookings.hold.title'),
      detail: `${h.productName}${h.quantity > 1 ? ` ×${h.quantity}` : ''} · ${t('bookings.hold.expires', {
        time: dayjs(h.expiresAt).tz(timeZone).format('HH:mm'),
      })}`,
    }),
    [t, timeZone],
  );
  // Those expired by the time the range was read (or read again) are left out.
  const shownHolds = useMemo(() => liveHolds(holds.data ?? [], Date.now()), [holds.data]);

  const { events, css } = useMemo(() => {
    const canMove = can('bookings_edit');
    const colour = (id: number) => calendarColour(byId.get(id) ?? { id, color: null });
    const list: CalendarEvent[] = [
      ...grouped.singles.map((b) => bookingEvent(b, colour(b.bookingCalendarId), canMove)),
      ...grouped.classes.map((c) => classEvent(c, colour(c.bookingCalendarId))),
      ...shownHolds.map((h) => {
        const texts = holdTexts(h);
        return holdEvent(h, colour(h.bookingCalendarId), `${texts.title} · ${texts.detail}`);
      }),
    ];
    const shading = anomalies.flatMap((q, index) =>
      (q.data?.items ?? []).map((a) => anomalyEvent(a, shownIds[index] as number)),
    );
    const all = [...shading, ...list];
    if (!sideBySideOn) return { events: all, css: '' };
    const placements = sideBySide(all, shownIds);
    return {
      events: all.map((e) => {
        const p = placements.get(e.id);
        return p ? { ...e, classNames: [...(e.classNames ?? []), placementClass(p)] } : e;
      }),
      css: placementCss(placements.values()),
    };
  }, [grouped, shownHolds, holdTexts, anomalies, byId, shownIds, can, sideBySideOn]);

  // FullCalendar's arrow icons are role="img" without a name; their buttons are named (Previous day…).
  const calendarBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const icon of calendarBox.current?.querySelectorAll('.fc-icon') ?? [])
      icon.setAttribute('aria-hidden', 'true');
  });

  const onDatesSet = (arg: DatesSetArg) => {
    setRange({ from: arg.start.toISOString(), to: arg.end.toISOString() });
    setDay(dayjs(arg.view.currentStart).tz(timeZone).format('YYYY-MM-DD'));
    const next = arg.view.type as CalendarView;
    if (next !== view && (calendarViews as readonly string[]).includes(next)) {
      setView(next);
      updateUiConfig((ui) => ({ ...ui, calendar: { ...ui.calendar, view: next } }));
    }
  };

  const move = async (booking: BookingRangeItem, startsAt: string, revert: () => void, override = false) => {
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
    const booking = info.event.extendedProps.booking as BookingRangeItem | undefined;
    if (!booking || !info.event.start) return info.revert();
    void move(booking, info.event.start.toISOString(), info.revert);
  };

  const onDateClick = (info: DateClickArg) => {
    if (!can('bookings_create')) return;
    // Side by side, the band clicked names the calendar.
    let bookingCalendarId = calendarId ?? undefined;
    if (sideBySideOn && !info.allDay) {
      const box = info.dayEl.getBoundingClientRect();
      const band = Math.floor(((info.jsEvent.clientX - box.left) / Math.max(1, box.width)) * shownIds.length);
      bookingCalendarId = shownIds[Math.min(Math.max(band, 0), shownIds.length - 1)];
    }
    setDrawer({
      draft: { bookingCalendarId, start: info.date, withTime: !info.allDay, customerId: forCustomer.id },
    });
  };

  const onEventClick = (info: EventClickArg) => {
    const booking = info.event.extendedProps.booking as BookingRangeItem | undefined;
    const block = info.event.extendedProps.block as ClassBlock | undefined;
    if (booking) setDrawer({ booking });
    else if (block) setOpenClass(block);
  };

  const placesFor = (b: BookingRangeItem) => {
    const capacity = byId.get(b.bookingCalendarId)?.maximumConcurrentBookings;
    return capacity === undefined ? 1 : placesOf(capacity, b);
  };
  const placesText = (block: ClassBlock) =>
    t('bookings.placesTaken', { booked: block.booked, places: block.places });

  const agendaEntries: AgendaEntry[] = [
    ...grouped.singles.map((b) => ({
      key: `booking-${b.id}`,
      start: b.startsAt,
      end: b.endsAt,
      colour: colourOfCalendar(b.bookingCalendarId),
      title: `${b.customerName}${b.quantity > 1 ? ` ×${b.quantity}` : ''}`,
      detail: `${b.productName} · ${byId.get(b.bookingCalendarId)?.name ?? ''}`,
      isClass: false,
      onOpen: () => setDrawer({ booking: b }),
    })),
    ...grouped.classes.map((c) => ({
      key: `class-${c.key}`,
      start: c.startsAt,
      end: c.endsAt,
      colour: colourOfCalendar(c.bookingCalendarId),
      title: `${c.productName} · ${c.booked}/${c.places}`,
      detail: `${placesText(c)} · ${byId.get(c.bookingCalendarId)?.name ?? ''}`,
      isClass: true,
      onOpen: () => setOpenClass(c),
    })),
    ...shownHolds.map((h) => {
      const texts = holdTexts(h);
      return {
        key: `hold-${h.id}`,
        start: h.startsAt,
        end: h.endsAt,
        colour: colourOfCalendar(h.bookingCalendarId),
        title: texts.title,
        detail: `${texts.detail} · ${byId.get(h.bookingCalendarId)?.name ?? ''}`,
        isClass: false,
        isHold: true,
      };
    }),
  ];

  const buttonText = {
    today: t('bookings.viewButtons.today'),
    day: t('bookings.viewButtons.day'),
    week: t('bookings.viewButtons.week'),
    month: t('bookings.viewButtons.month'),
  };
  // "Next day", not "Next Day": FullCalendar would put the button's text in its hint.
  const navUnit = (unit: string) => (['day', 'week', 'month'].includes(unit) ? unit : 'day');
  const buttonHints = {
    prev: (_text: string, unit: string) => t(`bookings.viewButtons.previous.${navUnit(unit)}`),
    next: (_text: string, unit: string) => t(`bookings.viewButtons.next.${navUnit(unit)}`),
  };

  return (
    <div data-testid="bookings-calendar">
      <style>{calendarCss(token)}</style>
      {css && <style>{css}</style>}
      <BookingsHeader
        mode="calendar"
        onCreate={() =>
          setDrawer({ draft: { bookingCalendarId: calendarId ?? undefined, customerId: forCustomer.id } })
        }
      />
      {forCustomer.name && <CustomerToBookHint name={forCustomer.name} onClear={forCustomer.clear} />}
      <Card styles={{ body: { padding: isPhone ? 12 : 16 } }}>
        <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
          <Select<number>
            value={calendarId ?? 0}
            onChange={(value) => chooseCalendar(value || null)}
            loading={calendars.isLoading}
            prefix={t('bookings.calendarPrefix')}
            aria-label={t('bookings.fields.calendar')}
            popupMatchSelectWidth={false}
            options={[
              { value: 0, label: t('bookings.allCalendars') },
              ...allCalendars.map((c) => ({ value: c.id, label: c.name })),
            ]}
            style={{ minWidth: 220, maxWidth: '100%' }}
            data-testid="calendar-select"
          />
          {shown.length > 1 && <CalendarLegend calendars={shown} />}
        </Flex>
        {isPhone ? (
          <AgendaView
            monday={monday}
            onMonday={setDay}
            entries={agendaEntries}
            loading={bookings.isLoading}
            timeZone={timeZone}
            language={language}
          />
        ) : (
          <div
            className={`mostrador-calendar${sideBySideOn ? ' side-by-side' : ''}`}
            ref={calendarBox}
            style={{ fontSize: token.fontSizeSM }}
          >
            <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
              <BookingTimeGrid
                timeZone={timeZone}
                locale={calendarLocale}
                buttonText={buttonText}
                buttonHints={buttonHints}
                initialView={view}
                initialDate={day}
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
                eventOrder="start,title"
                eventContent={(arg) => (
                  <EventContent
                    arg={arg}
                    placesText={placesText}
                    placesFor={placesFor}
                    holdTexts={holdTexts}
                  />
                )}
                // Always a function, deciding from the view it heads (a changed prop would leave stale
                // headings): bands over calendars side by side in the day and week grids, never the month's.
                dayHeaderContent={(arg) =>
                  !isPhone && shown.length > 1 && arg.view.type !== 'dayGridMonth' ? (
                    <BandsHeader
                      text={arg.text}
                      calendars={shown}
                      compact={arg.view.type === 'timeGridWeek'}
                    />
                  ) : (
                    arg.text
                  )
                }
                eventDurationEditable={false}
                eventDrop={onDrop}
                eventClick={onEventClick}
                dateClick={onDateClick}
                datesSet={onDatesSet}
                dayMaxEvents={4}
                moreLinkDidMount={moreLinkDidMount}
                dayCellDidMount={dayCellDidMount}
                eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
                slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
              />
            </Suspense>
          </div>
        )}
      </Card>
      {openClass && (
        <Suspense fallback={null}>
          <ClassAttendees
            block={openClass}
            calendarName={byId.get(openClass.bookingCalendarId)?.name ?? ''}
            onOpen={(booking) => {
              setOpenClass(undefined);
              setDrawer({ booking });
            }}
            onClose={() => setOpenClass(undefined)}
          />
        </Suspense>
      )}
      {drawer && (
        <Suspense fallback={null}>
          <BookingDrawer
            open
            booking={drawer.booking}
            draft={drawer.draft}
            onClose={() => setDrawer(undefined)}
            // Booked for the customer chosen before: the next booking is for whoever staff choose.
            onCreated={drawer.draft?.customerId === undefined ? undefined : forCustomer.clear}
          />
        </Suspense>
      )}
    </div>
  );
}
