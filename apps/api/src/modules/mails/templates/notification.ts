import {
  fillPlaceholders,
  type Language,
  type NotificationKind,
  notificationPlaceholders,
  type PlaceholderName,
  type RenderedMail,
} from '@mostrador/contract';
import { zonedToInstant } from '../../../lib/time.js';
import { bookingPlaceholderValues } from './booking.js';
import { dateFormats, oneLine } from './format.js';
import { t } from './i18n.js';
import { renderMail } from './layout.js';
import type { MailCompany } from './types.js';

/** Only the placeholders `kind` offers are filled: a booking's in a birthday mail stay as written. */
function allowedValues(
  kind: NotificationKind,
  values: Partial<Record<PlaceholderName, string>>,
): Partial<Record<PlaceholderName, string>> {
  const allowed: Partial<Record<PlaceholderName, string>> = {};
  for (const name of notificationPlaceholders[kind] as readonly PlaceholderName[]) {
    const value = values[name];
    if (value !== undefined) allowed[name] = value;
  }
  return allowed;
}

/**
 * A booking reminder or birthday greeting: the company's own subject and body (plain text with
 * `{{placeholders}}`), filled, escaped with its line breaks kept, in the company's layout.
 */
export function renderNotificationMail(
  kind: NotificationKind,
  template: { subject: string; body: string },
  values: Partial<Record<PlaceholderName, string>>,
  company: MailCompany,
  language: Language,
): RenderedMail {
  const filled = allowedValues(kind, values);
  // A company that switches a notification on without writing its text sends ours, in the language.
  const ownBody = template.body.trim() ? template.body : t(language, `notification.${kind}.body`);
  const ownSubject = template.subject.trim() ? template.subject : t(language, `notification.${kind}.subject`);
  const body = fillPlaceholders(ownBody, filled)
    .replace(/\r\n?/g, '\n')
    .replace(/^\n+|\s+$/g, '');
  const firstLine = body.split('\n').find((line) => line.trim()) ?? '';
  return renderMail(
    {
      subject: fillPlaceholders(ownSubject, filled),
      preheader: firstLine,
      blocks: body ? [{ kind: 'paragraph', text: body }] : [],
    },
    company,
    language,
  );
}

/** The placeholder values of a birthday greeting. */
export function birthdayPlaceholderValues(
  customerName: string,
  company: MailCompany,
): Partial<Record<PlaceholderName, string>> {
  return {
    customerName: oneLine(customerName),
    companyName: oneLine(company.name),
    companyAddress: oneLine(company.address ?? ''),
  };
}

/** The made-up customer of the settings preview. */
export const sampleCustomerName = 'Ana García';

/** 10:00 tomorrow on the company's clock. */
function tomorrowAtTen(now: Date, timeZone: string): Date {
  const [year, month, day] = dateFormats('es', timeZone).day(now).split('-').map(Number);
  const tomorrow = new Date(Date.UTC(year!, month! - 1, day! + 1));
  return zonedToInstant(
    {
      year: tomorrow.getUTCFullYear(),
      month: tomorrow.getUTCMonth() + 1,
      day: tomorrow.getUTCDate(),
      hour: 10,
      minute: 0,
    },
    timeZone,
  );
}

/**
 * Sample values for the settings preview: the customer "Ana García", a booking tomorrow at 10:00 on
 * the company's clock, a product and a calendar named in the language, and the company's own data.
 */
export function samplePlaceholderValues(
  kind: NotificationKind,
  company: MailCompany,
  language: Language,
  now: Date,
): Partial<Record<PlaceholderName, string>> {
  if (kind === 'birthday') return birthdayPlaceholderValues(sampleCustomerName, company);
  const startsAt = tomorrowAtTen(now, company.timeZone);
  return bookingPlaceholderValues(
    {
      bookingId: 0,
      customerName: sampleCustomerName,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
      productName: t(language, 'sample.productName'),
      calendarName: t(language, 'sample.calendarName'),
      quantity: 1,
      priceCents: 0,
      notes: null,
    },
    company,
    language,
  );
}
