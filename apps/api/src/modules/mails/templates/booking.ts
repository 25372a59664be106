import {
  formatCents,
  formatCount,
  type Language,
  type PlaceholderName,
  type RenderedMail,
} from '@mostrador/contract';
import { dateFormats, oneLine } from './format.js';
import { t } from './i18n.js';
import { type DetailRow, greeting, type MailBlock, renderMail } from './layout.js';
import type { MailCompany } from './types.js';

export interface BookingMailData {
  bookingId: number;
  /** Name and surname. */
  customerName: string;
  startsAt: Date;
  endsAt: Date;
  /** For `booking_moved`: where the booking was before. */
  previousStartsAt?: Date;
  productName: string;
  calendarName: string;
  quantity: number;
  priceCents: number;
  notes: string | null;
}

export type BookingMailKind = 'booking_created' | 'booking_moved' | 'booking_cancelled';

export interface BookingMailOptions {
  /**
   * Whether the mail goes with the booking's `.ics` (see `bookingIcs`); the mail then says what the
   * file does. Default true.
   */
  calendarAttachment?: boolean;
  /**
   * The booking's code as a QR image attached inline under `contentId` (`size` px a side), shown after
   * the details with a line asking to show it at the reception. Not in a cancellation.
   */
  qr?: { contentId: string; size: number; code: string };
}

const keys = {
  booking_created: {
    subject: 'booking.created.subject',
    heading: 'booking.created.heading',
    intro: 'booking.created.intro',
  },
  booking_moved: {
    subject: 'booking.moved.subject',
    heading: 'booking.moved.heading',
    intro: 'booking.moved.intro',
  },
  booking_cancelled: {
    subject: 'booking.cancelled.subject',
    heading: 'booking.cancelled.heading',
    intro: 'booking.cancelled.intro',
  },
} as const;

/** The date and time rows: date and time range on one day, both ends in full across days. */
function whenRows(data: BookingMailData, company: MailCompany, language: Language): DetailRow[] {
  const dates = dateFormats(language, company.timeZone);
  if (dates.day(data.startsAt) === dates.day(data.endsAt) || data.endsAt <= data.startsAt) {
    return [
      { label: t(language, 'booking.date'), value: dates.longDate(data.startsAt), strong: true },
      {
        label: t(language, 'booking.time'),
        value:
          data.endsAt > data.startsAt
            ? dates.timeRange(data.startsAt, data.endsAt)
            : dates.time(data.startsAt),
        strong: true,
      },
    ];
  }
  return [
    {
      label: t(language, 'booking.date'),
      value: dates.longDateTimeRange(data.startsAt, data.endsAt),
      strong: true,
    },
  ];
}

/** The mail a customer gets when a booking is made, moved or cancelled, in `language`. */
export function renderBookingMail(
  kind: BookingMailKind,
  data: BookingMailData,
  company: MailCompany,
  language: Language,
  options: BookingMailOptions = {},
): RenderedMail {
  const dates = dateFormats(language, company.timeZone);
  const product = oneLine(data.productName);
  const rows: DetailRow[] = [];
  rows.push({ label: t(language, 'booking.product'), value: product });
  rows.push({ label: t(language, 'booking.calendar'), value: oneLine(data.calendarName) });
  if (kind === 'booking_moved' && data.previousStartsAt) {
    rows.push({
      label: t(language, 'booking.previousDate'),
      value: dates.longDateTime(data.previousStartsAt),
      struck: true,
    });
  }
  rows.push(...whenRows(data, company, language));
  rows.push({ label: t(language, 'booking.quantity'), value: formatCount(data.quantity) });
  rows.push({ label: t(language, 'booking.price'), value: formatCents(data.priceCents) });
  if (data.notes?.trim()) rows.push({ label: t(language, 'booking.notes'), value: data.notes.trim() });
  rows.push({ label: t(language, 'booking.number'), value: String(data.bookingId) });

  const kindKeys = keys[kind];
  const intro = t(language, kindKeys.intro);
  const blocks: MailBlock[] = [
    { kind: 'heading', text: t(language, kindKeys.heading) },
    { kind: 'paragraph', text: greeting(language, data.customerName) },
    { kind: 'paragraph', text: intro },
    { kind: 'details', rows },
  ];
  if (options.qr && kind !== 'booking_cancelled') {
    blocks.push({ kind: 'paragraph', text: t(language, 'booking.qrNote') });
    blocks.push({ kind: 'qr', ...options.qr, label: t(language, 'booking.qrLabel') });
  }
  if (options.calendarAttachment ?? true) {
    blocks.push({
      kind: 'note',
      text: t(language, kind === 'booking_cancelled' ? 'booking.icsCancelNote' : 'booking.icsNote'),
    });
  }
  blocks.push({ kind: 'paragraph', text: t(language, 'layout.help') });

  return renderMail(
    {
      subject: t(language, kindKeys.subject, { product, date: dates.mediumDateTime(data.startsAt) }),
      preheader: intro,
      blocks,
    },
    company,
    language,
  );
}

/** The placeholder values of a booking reminder: dates and times in the language, on the company's clock. */
export function bookingPlaceholderValues(
  data: BookingMailData,
  company: MailCompany,
  language: Language,
): Record<PlaceholderName, string> {
  const dates = dateFormats(language, company.timeZone);
  return {
    customerName: oneLine(data.customerName),
    bookingDate: dates.longDate(data.startsAt),
    bookingTime: dates.time(data.startsAt),
    productName: oneLine(data.productName),
    calendarName: oneLine(data.calendarName),
    companyName: oneLine(company.name),
    companyAddress: oneLine(company.address ?? ''),
  };
}
