import { z } from 'zod';
import { emailSchema } from './common.js';
import { languages } from './languages.js';
import { listQuery } from './list.js';
import { mailStatuses, mailTypes } from './mail-values.js';

export * from './mail-values.js';

/** Which template made a mail; later issues add invoice, payment link and gift voucher mails. */
export const mailKinds = [
  'booking_created',
  'booking_moved',
  'booking_cancelled',
  'booking_reminder',
  'birthday',
  'order_receipt',
  'invoice',
  'payment_link',
  'gift_voucher',
  'test',
  'google_calendar_broken',
] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * Why a waiting mail has not gone yet, or why a failed one ended (besides the server's own reply in
 * `error`): `no_mail_server` while the company has no mail server configured.
 */
export const mailErrorCodes = ['no_mail_server', 'temporary', 'permanent', 'attempts_exhausted'] as const;
export type MailErrorCode = (typeof mailErrorCodes)[number];

export const mailListFields = [
  'id',
  'type',
  'kind',
  'contactId',
  'createdAt',
  'sentAt',
  'status',
  'subject',
  'contactEmail',
  'error',
] as const;
export const mailListQuery = listQuery(mailListFields);

/** A row of `GET /admin/mails`: the spec's columns; `body` is the start of the plain-text part. */
export const mailListItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(mailTypes),
  kind: z.enum(mailKinds),
  contactId: z.number().int().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(mailStatuses),
  subject: z.string(),
  body: z.string().describe('The first 200 characters of the plain-text part'),
  contactEmail: z.string(),
  error: z.string().nullable().describe('The last error: the mail server’s reply, or why the mail waits'),
  errorCode: z.enum(mailErrorCodes).nullable(),
  attempts: z.number().int(),
});
export type MailListItem = z.infer<typeof mailListItemSchema>;

export const mailAttachmentSchema = z.object({
  id: z
    .number()
    .int()
    .describe(
      'The attachment’s number in the mail: download it with GET /admin/mails/{mailId}/attachments/{id}',
    ),
  fileId: z
    .number()
    .int()
    .nullable()
    .describe(
      'The file it is, if it is one (a receipt’s PDF); null for one kept with the mail (a booking’s .ics)',
    ),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

/** `GET /admin/mails/{id}`: the whole mail, with its HTML and plain-text parts and its attachments. */
export const mailSchema = mailListItemSchema.extend({
  html: z.string(),
  text: z.string(),
  language: z.enum(languages),
  messageId: z.string(),
  resentFromId: z.number().int().nullable(),
  attachments: z.array(mailAttachmentSchema),
});
export type Mail = z.infer<typeof mailSchema>;

/** `POST /admin/mails/{id}/resend`: a copy to the same address, or to another customer's address. */
export const resendMailBody = z.object({ email: emailSchema.optional() });
export type ResendMailBody = z.input<typeof resendMailBody>;

/** `POST /admin/orders/{id}/mail`: the order receipt, to the order's email or a customer's address. */
export const sendOrderMailBody = z.object({ email: emailSchema.optional() });
export type SendOrderMailBody = z.input<typeof sendOrderMailBody>;

/** `GET /admin/mails/health`: what the mail list and the dashboard warn about. */
export const mailHealthSchema = z.object({
  waiting: z.number().int(),
  failedLastWeek: z.number().int(),
  oldestWaitingAt: z.string().nullable(),
  /** Set while mails cannot leave: `no_mail_server` when none is configured. */
  blockedBy: z.enum(['no_mail_server']).nullable(),
  lastError: z.string().nullable(),
});
export type MailHealth = z.infer<typeof mailHealthSchema>;

/** `POST /admin/settings/mail/test`: sends a test mail with the saved settings and reports the answer. */
export const testMailBody = z.object({ email: emailSchema });
export type TestMailBody = z.input<typeof testMailBody>;
export const testMailResultSchema = z.object({
  ok: z.boolean(),
  /** The server's last reply (e.g. `250 2.0.0 Ok: queued as 1234`) or the connection error. */
  response: z.string(),
  responseCode: z.number().int().nullable(),
});
export type TestMailResult = z.infer<typeof testMailResultSchema>;

/** The notifications the company configures (settings `notifications`). */
export const notificationKinds = ['booking', 'birthday'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * The placeholders a notification's subject and body may hold, written `{{name}}`. Booking ones only
 * in the booking reminder.
 */
export const notificationPlaceholders = {
  booking: [
    'customerName',
    'bookingDate',
    'bookingTime',
    'productName',
    'calendarName',
    'companyName',
    'companyAddress',
  ],
  birthday: ['customerName', 'companyName', 'companyAddress'],
} as const satisfies Record<NotificationKind, readonly string[]>;
export type PlaceholderName = (typeof notificationPlaceholders)['booking'][number];

/** Replaces each `{{name}}` with its value; unknown names are left as written. */
export function fillPlaceholders(template: string, values: Partial<Record<PlaceholderName, string>>): string {
  return template.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name as PlaceholderName];
    return value === undefined ? whole : value;
  });
}

/** `POST /admin/settings/notifications/preview`: the mail as a customer would get it, with sample data. */
export const notificationPreviewBody = z.object({
  kind: z.enum(notificationKinds),
  subject: z.string().max(200),
  body: z.string().max(20000),
  language: z.enum(languages).optional(),
});
export type NotificationPreviewBody = z.input<typeof notificationPreviewBody>;
export const renderedMailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedMail = z.infer<typeof renderedMailSchema>;

/** The mail server's connection security. */
export const mailSecurities = ['starttls', 'tls', 'none'] as const;
export type MailSecurity = (typeof mailSecurities)[number];
