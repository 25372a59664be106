import { randomBytes } from 'node:crypto';
import {
  type Language,
  languages,
  type Mail,
  type NotificationPreviewBody,
  type RenderedMail,
  resizeSizes,
  type Settings,
  type TestMailResult,
} from '@mostrador/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { SmtpClient } from '../../integrations/smtp.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { bookingCode } from '../../lib/booking-codes.js';
import type { SecretBox } from '../../lib/secrets.js';
import { bookings } from '../bookings/bookings.table.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { customerFullName, customerNameOrNull } from '../customers/customer-name.js';
import { customers } from '../customers/customers.table.js';
import type { FileStorage } from '../files/file-storage.js';
import type { FilesService } from '../files/files.service.js';
import { giftVouchers } from '../gift-vouchers/gift-vouchers.table.js';
import { orderLines } from '../orders/order-lines.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';
import type { SettingsService } from '../settings/settings.service.js';
import { companySettings } from '../settings/settings.table.js';
import { logoContentId, type MailDraft, type MailsService } from './mails.service.js';
import { qrCodeMimeType, qrDisplaySize, qrImage } from './qr-image.js';
import {
  type BookingMailData,
  birthdayPlaceholderValues,
  bookingIcs,
  bookingPlaceholderValues,
  type InvoiceMailData,
  type MailCompany,
  type ReceiptData,
  renderBookingMail,
  renderGiftVoucherMail,
  renderInvoiceMail,
  renderNotificationMail,
  renderOrderReceipt,
  renderPaymentLinkMail,
  renderTestMail,
  samplePlaceholderValues,
} from './templates/index.js';

export type BookingMailKind = 'booking_created' | 'booking_moved' | 'booking_cancelled';

/** What a booking's mail tells: the booking as it is, its customer, product and calendar, the company. */
export interface BookingMailFacts {
  booking: {
    id: number;
    startsAt: Date;
    endsAt: Date;
    quantity: number;
    priceCents: number;
    notes: string | null;
    rescheduleCount: number;
  };
  customer: { id: number; name: string; email: string | null; language: string | null };
  productName: string;
  calendarName: string;
  settings: Settings;
}

const logoCid = logoContentId;
/** The Content-ID of a booking's QR image in its mail. */
const bookingQrCid = 'booking-qr';

/** A customer's language for mails, else the company's main language. */
export function mailLanguage(customerLanguage: string | null | undefined, settings: Settings): Language {
  return customerLanguage && (languages as readonly string[]).includes(customerLanguage)
    ? (customerLanguage as Language)
    : settings.locale;
}

/**
 * Whether the company has a mail server its mails can go through (as settings.service's `mailServer`
 * decides: a host and a sender address). Without one, a mail waits parked (`MailDraft.parked`).
 */
export function mailServerSet(settings: Settings): boolean {
  return Boolean(settings.mail.host && (settings.mail.fromMailAddress ?? settings.email));
}

/** The company as mails show it: name, one-line address, contact, logo (inline), zone, public URL. */
export function mailCompany(settings: Settings, publicUrl: string): MailCompany {
  const town = [settings.postalCode, settings.city].filter(Boolean).join(' ');
  const address = [settings.street, town, settings.state, settings.country].filter(Boolean).join(', ');
  return {
    name: settings.companyName ?? '',
    address: address || null,
    email: settings.email,
    phone: settings.phone,
    web: settings.web,
    timeZone: settings.timeZone,
    logoCid: settings.logo ? logoCid : null,
    publicUrl,
  };
}

/**
 * Writes the mails of the product's events into the outbox: it reads what a mail tells (a booking with
 * its customer, product and calendar; an order and its lines), renders it in the customer's language
 * with the company's name and logo, keeps small attachments made for one mail (a booking's `.ics`) in
 * its attachment rows and stores others (a voucher's QR) as files of the license, and queues the row in
 * the caller's transaction.
 */
export function createMailComposer(deps: {
  db: Db;
  settings: SettingsService;
  mails: MailsService;
  storage: FileStorage;
  files: Pick<FilesService, 'resize'>;
  smtp: () => SmtpClient;
  publicUrl: string;
  /** Signs the booking codes the confirmations carry as QR images (`lib/booking-codes.ts`). */
  secretBox: SecretBox;
}) {
  const logoAttachment = (settings: Settings) =>
    settings.logo ? [{ fileId: settings.logo, contentId: logoCid }] : [];

  /** Queues a mail asked for by staff in its own transaction, hands it to the worker, answers it. */
  async function queueNow(auth: AuthContext, draft: MailDraft): Promise<Mail> {
    const id = await deps.db.transaction((tx) => deps.mails.queue(tx, draft));
    deps.mails.dispatch([id]);
    return deps.mails.get(auth, id);
  }

  /**
   * Who a mail about a record goes to: its customer, or `email` (another customer's address: 404
   * 1000032 for one no customer has), with that recipient's language where known; 409 1000143 when
   * there is no address at all.
   */
  async function addressee(
    licenseId: number,
    customer: { id: number | null; email: string | null; language: string | null },
    email: string | undefined,
    what: string,
  ) {
    const to = email ?? customer.email;
    if (!to) throw new AppError('noEmailToSendTo', [{ field: 'email', message: `the ${what} has no email` }]);
    if (customer.email && to.toLowerCase() === customer.email.toLowerCase())
      return { to, contactId: customer.id, language: customer.language };
    const found = await deps.mails.recipient(licenseId, to);
    const [other] = found?.contactId
      ? await deps.db
          .select({ language: customers.language })
          .from(customers)
          .where(eq(customers.id, found.contactId))
      : [];
    return { to, contactId: found?.contactId ?? null, language: other?.language ?? null };
  }

  async function bookingData(tx: DbOrTx, licenseId: number, bookingId: number) {
    const [row] = await tx
      .select({
        id: bookings.id,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        quantity: bookings.quantity,
        priceCents: bookings.priceCents,
        notes: bookings.notes,
        rescheduleCount: bookings.rescheduleCount,
        createdAt: bookings.createdAt,
        customerId: customers.id,
        customerName: customerFullName(),
        customerEmail: customers.email,
        customerLanguage: customers.language,
        productName: products.name,
        calendarName: bookingCalendars.name,
        // The company's settings in the same round trip.
        settingsData: companySettings.data,
        settingsSecrets: companySettings.secrets,
      })
      .from(bookings)
      .innerJoin(customers, eq(customers.id, bookings.customerId))
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(bookingCalendars, eq(bookingCalendars.id, bookings.bookingCalendarId))
      .innerJoin(companySettings, eq(companySettings.licenseId, bookings.licenseId))
      .where(
        and(
          eq(bookings.licenseId, sql.placeholder('licenseId')),
          eq(bookings.id, sql.placeholder('bookingId')),
        ),
      )
      // Named, so that PostgreSQL plans this five-table join once per connection instead of at each
      // confirmation (the planning was most of its cost).
      .prepare('mail_booking_data')
      .execute({ licenseId, bookingId });
    return row;
  }

  /**
   * A stored mail's other inline images (a booking's or voucher's QR) as data URLs of the attachments
   * they name (`cid:<contentId>`); the logo is left to `withInlineImages`.
   */
  async function inlineOtherImages(auth: AuthContext, mail: { html: string; id?: number }) {
    const cids = new Set(
      [...mail.html.matchAll(/src="cid:([^"]+)"/g)].map((m) => m[1]!).filter((cid) => cid !== logoCid),
    );
    if (!cids.size || mail.id === undefined) return mail.html;
    let html = mail.html;
    for (const a of await deps.mails.inlineAttachments(auth, mail.id)) {
      if (!a.contentId || !cids.has(a.contentId)) continue;
      const data =
        a.content ?? (a.storageKey ? await deps.storage.get(a.storageKey).catch(() => null) : null);
      if (!data) continue;
      html = html.replaceAll(
        `src="cid:${a.contentId}"`,
        `src="data:${a.mimeType};base64,${data.toString('base64')}"`,
      );
    }
    return html;
  }

  const composer = {
    /**
     * A mail's HTML as a browser can show it: the inline logo (`cid:logo`) becomes a small data URL of
     * the company's current logo, since the screen has no attachments to resolve `cid:` against.
     */
    async withInlineImages<T extends { html: string; id?: number }>(auth: AuthContext, mail: T): Promise<T> {
      let html = await inlineOtherImages(auth, mail);
      if (!html.includes(`cid:${logoCid}`)) return html === mail.html ? mail : { ...mail, html };
      const settings = await deps.settings.ofLicense(auth.licenseId);
      if (!settings.logo) return { ...mail, html };
      try {
        const size = resizeSizes.find((s) => s >= 240) ?? resizeSizes[resizeSizes.length - 1]!;
        const image = await deps.files.resize(auth, settings.logo, { width: size, height: size });
        const url = `data:${image.mimeType};base64,${image.data.toString('base64')}`;
        html = html.replaceAll(`cid:${logoCid}`, url);
      } catch {
        // The logo is left as it is.
      }
      return { ...mail, html };
    },

    /**
     * The confirmation of a booking created, moved or cancelled, to its customer (when he has an
     * email), with the `.ics` that adds, moves or removes it in his calendar, rendered from `facts` (what
     * the booking is at that moment) and ready to queue: the `.ics` goes in the mail's attachment row
     * (no file is stored). Parked when the company has no mail server. Null without an email.
     */
    async bookingMailDraft(
      licenseId: number,
      kind: BookingMailKind,
      facts: BookingMailFacts,
      previousStartsAt?: Date,
    ): Promise<MailDraft | null> {
      const { booking, customer, settings } = facts;
      if (!customer.email) return null;
      const company = mailCompany(settings, deps.publicUrl);
      const language = mailLanguage(customer.language, settings);
      const data: BookingMailData = {
        bookingId: booking.id,
        customerName: customer.name,
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        previousStartsAt,
        productName: facts.productName,
        calendarName: facts.calendarName,
        quantity: booking.quantity,
        priceCents: booking.priceCents,
        notes: booking.notes,
      };
      const cancel = kind === 'booking_cancelled';
      // The booking's code as a QR, to show at the reception (none in a cancellation).
      const code = cancel ? null : bookingCode(deps.secretBox, licenseId, booking.id);
      const rendered = renderBookingMail(kind, data, company, language, {
        qr: code ? { contentId: bookingQrCid, size: qrDisplaySize, code } : undefined,
      });
      const ics = bookingIcs(
        data,
        company,
        cancel ? 'CANCEL' : 'REQUEST',
        booking.rescheduleCount + (cancel ? 1 : 0),
        new Date(),
      );
      // A few KB made for this mail alone: kept in its attachment's row, so queuing it writes no file.
      const icsAttachment = {
        content: { name: `booking-${booking.id}.ics`, mimeType: 'text/calendar', data: Buffer.from(ics) },
      };
      return {
        licenseId,
        type: 'customer',
        kind,
        contactId: customer.id,
        contactEmail: customer.email,
        language,
        ...rendered,
        attachments: [
          ...logoAttachment(settings),
          // Its code's text: the PNG is drawn when the mail is sent or shown (qr-image.ts).
          ...(code
            ? [
                {
                  content: {
                    name: `booking-${booking.id}-qr.png`,
                    mimeType: qrCodeMimeType,
                    data: Buffer.from(code, 'utf8'),
                  },
                  contentId: bookingQrCid,
                },
              ]
            : []),
          icsAttachment,
        ],
        parked: !mailServerSet(settings),
      };
    },

    /**
     * One attachment of a mail of the license, to download (`GET /admin/mails/{id}/attachments/{n}`):
     * its bytes from the row or from the storage. 404 for another license's mail or a file gone.
     */
    async attachment(auth: AuthContext, mailId: number, attachmentId: number) {
      const a = await deps.mails.attachment(auth, mailId, attachmentId);
      const data = a.content ?? (a.storageKey ? await deps.storage.get(a.storageKey) : null);
      if (!data) throw notFound();
      return { name: a.name, mimeType: a.mimeType, data };
    },

    /**
     * The confirmation of a booking created, moved or cancelled (`bookingMailDraft`, the booking read in
     * `tx`), queued in `tx`. Answers the mail's id and whether it is parked (no mail server: nothing to
     * dispatch), or null when the customer has no email.
     */
    async bookingQueued(
      tx: DbOrTx,
      licenseId: number,
      bookingId: number,
      kind: BookingMailKind,
      previousStartsAt?: Date,
    ): Promise<{ id: number; parked: boolean } | null> {
      const row = await bookingData(tx, licenseId, bookingId);
      if (!row?.customerEmail) return null;
      const draft = await composer.bookingMailDraft(
        licenseId,
        kind,
        {
          booking: row,
          customer: {
            id: row.customerId,
            name: row.customerName,
            email: row.customerEmail,
            language: row.customerLanguage,
          },
          productName: row.productName,
          calendarName: row.calendarName,
          settings: deps.settings.fromRow({ data: row.settingsData, secrets: row.settingsSecrets }),
        },
        previousStartsAt,
      );
      if (!draft) return null;
      return { id: await deps.mails.queue(tx, draft), parked: draft.parked === true };
    },

    /** `bookingQueued`, answering the mail's id (null when the customer has no email). */
    async bookingChanged(
      tx: DbOrTx,
      licenseId: number,
      bookingId: number,
      kind: BookingMailKind,
      previousStartsAt?: Date,
    ): Promise<number | null> {
      return (await composer.bookingQueued(tx, licenseId, bookingId, kind, previousStartsAt))?.id ?? null;
    },

    /**
     * The gift vouchers a paid order gave its buyer, in his language, each code with its QR code shown
     * inline (a PNG kept in the mail's rows); queued in the order's transaction. Null when the buyer has
     * no email.
     */
    async giftVouchers(tx: DbOrTx, licenseId: number, customerId: number, voucherIds: number[]) {
      if (!voucherIds.length) return null;
      const [customer] = await tx
        .select({
          id: customers.id,
          name: customerFullName(),
          email: customers.email,
          language: customers.language,
        })
        .from(customers)
        .where(and(eq(customers.licenseId, licenseId), eq(customers.id, customerId)));
      if (!customer?.email) return null;
      const vouchers = await tx
        .select({
          code: giftVouchers.code,
          expiresAt: giftVouchers.expiresAt,
          maximumBookings: giftVouchers.maximumBookings,
          productName: products.name,
        })
        .from(giftVouchers)
        .innerJoin(products, eq(products.id, giftVouchers.productId))
        .where(and(eq(giftVouchers.licenseId, licenseId), inArray(giftVouchers.id, voucherIds)))
        .orderBy(giftVouchers.id);
      const settings = await deps.settings.ofLicense(licenseId, tx);
      const language = mailLanguage(customer.language, settings);
      // Each code's QR, shown inline under its details; a few hundred bytes kept in the mail's rows.
      const images = vouchers.map((v) => ({ code: v.code, contentId: `qr-${v.code}`, ...qrImage(v.code) }));
      const rendered = renderGiftVoucherMail(
        {
          customerName: customer.name || null,
          vouchers: vouchers.map((v, i) => ({
            ...v,
            qr: { contentId: images[i]!.contentId, size: images[i]!.size },
          })),
        },
        mailCompany(settings, deps.publicUrl),
        language,
      );
      const qrs = images.map((image) => ({
        content: { name: `${image.code}.png`, mimeType: 'image/png', data: image.png },
        contentId: image.contentId,
      }));
      return deps.mails.queue(tx, {
        licenseId,
        type: 'customer',
        kind: 'gift_voucher',
        contactId: customer.id,
        contactEmail: customer.email,
        language,
        ...rendered,
        attachments: [...logoAttachment(settings), ...qrs],
      });
    },

    /** A booking reminder with the company's own subject and text. */
    async bookingReminder(tx: DbOrTx, licenseId: number, bookingId: number, settings: Settings) {
      const row = await bookingData(tx, licenseId, bookingId);
      if (!row?.customerEmail) return null;
      const company = mailCompany(settings, deps.publicUrl);
      const language = mailLanguage(row.customerLanguage, settings);
      const values = bookingPlaceholderValues(
        {
          bookingId: row.id,
          customerName: row.customerName,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
          productName: row.productName,
          calendarName: row.calendarName,
          quantity: row.quantity,
          priceCents: row.priceCents,
          notes: row.notes,
        },
        company,
        language,
      );
      const rendered = renderNotificationMail(
        'booking',
        settings.notifications.booking,
        values,
        company,
        language,
      );
      return deps.mails.queue(tx, {
        licenseId,
        type: 'customer',
        kind: 'booking_reminder',
        contactId: row.customerId,
        contactEmail: row.customerEmail,
        language,
        ...rendered,
        attachments: logoAttachment(settings),
      });
    },

    /** A birthday greeting with the company's own subject and text. */
    async birthday(
      tx: DbOrTx,
      licenseId: number,
      customer: { id: number; name: string; email: string; language: string | null },
      settings: Settings,
    ) {
      const company = mailCompany(settings, deps.publicUrl);
      const language = mailLanguage(customer.language, settings);
      const values = birthdayPlaceholderValues(customer.name, company);
      const rendered = renderNotificationMail(
        'birthday',
        settings.notifications.birthday,
        values,
        company,
        language,
      );
      return deps.mails.queue(tx, {
        licenseId,
        type: 'customer',
        kind: 'birthday',
        contactId: customer.id,
        contactEmail: customer.email,
        language,
        ...rendered,
        attachments: logoAttachment(settings),
      });
    },

    /** "Send by email" of a paid order: its receipt, to its customer or another customer's address. */
    async orderReceipt(auth: AuthContext, orderId: number, email?: string): Promise<Mail> {
      const [order] = await deps.db
        .select({
          id: orders.id,
          code: orders.code,
          status: orders.status,
          paymentMethod: orders.paymentMethod,
          paymentDate: orders.paymentDate,
          createdAt: orders.createdAt,
          taxBaseCents: orders.taxBaseCents,
          totalCents: orders.totalCents,
          customerId: customers.id,
          customerName: customerNameOrNull(),
          customerEmail: customers.email,
          customerLanguage: customers.language,
        })
        .from(orders)
        .leftJoin(customers, eq(customers.id, orders.customerId))
        .where(and(eq(orders.licenseId, auth.licenseId), eq(orders.id, orderId)));
      if (!order) throw notFound();
      if (order.status !== 'paid' && order.status !== 'refunded')
        throw new AppError('orderNotPaidForReceipt');
      const who = await addressee(
        auth.licenseId,
        { id: order.customerId, email: order.customerEmail, language: order.customerLanguage },
        email,
        'order',
      );
      const lines = await deps.db
        .select({
          name: products.name,
          quantity: orderLines.quantity,
          unitPriceCents: orderLines.unitPriceCents,
          discountCents: orderLines.discountCents,
          taxPercentage: orderLines.taxPercentage,
          taxBaseCents: orderLines.taxBaseCents,
          totalCents: orderLines.totalCents,
        })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(eq(orderLines.orderId, order.id))
        .orderBy(orderLines.id);
      const byTax = new Map<number, { baseCents: number; taxCents: number }>();
      for (const line of lines) {
        const entry = byTax.get(line.taxPercentage) ?? { baseCents: 0, taxCents: 0 };
        entry.baseCents += line.taxBaseCents;
        entry.taxCents += line.totalCents - line.taxBaseCents;
        byTax.set(line.taxPercentage, entry);
      }
      const settings = await deps.settings.ofLicense(auth.licenseId);
      const company = mailCompany(settings, deps.publicUrl);
      const language = mailLanguage(who.language, settings);
      const percent = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });
      const data: ReceiptData = {
        code: String(order.code),
        createdAt: order.createdAt,
        paymentDate: order.paymentDate,
        paymentMethod: order.paymentMethod,
        customerName: order.customerName,
        lines: lines.map((l) => ({
          name: l.name,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          discountCents: l.discountCents,
          totalCents: l.totalCents,
        })),
        taxes: [...byTax.entries()]
          .sort(([a], [b]) => b - a)
          .map(([hundredths, v]) => ({ name: `${percent.format(hundredths / 100)} %`, ...v })),
        taxBaseCents: order.taxBaseCents,
        totalCents: order.totalCents,
      };
      const rendered = renderOrderReceipt(data, company, language);
      return queueNow(auth, {
        licenseId: auth.licenseId,
        type: 'customer',
        kind: 'order_receipt',
        contactId: who.contactId,
        contactEmail: who.to,
        language,
        ...rendered,
        attachments: logoAttachment(settings),
      });
    },

    /**
     * An invoice by mail, its PDF (a file of the license) attached: to the invoice's customer, or to
     * another customer's address (404 1000032 for an address no customer has).
     */
    async invoiceMail(
      auth: AuthContext,
      invoice: InvoiceMailData & { customerId: number | null; language: Language },
      pdfFileId: number,
      email?: string,
    ): Promise<Mail> {
      const [customer] =
        invoice.customerId === null
          ? []
          : await deps.db
              .select({ id: customers.id, email: customers.email, language: customers.language })
              .from(customers)
              .where(and(eq(customers.licenseId, auth.licenseId), eq(customers.id, invoice.customerId)));
      const { to, contactId } = await addressee(
        auth.licenseId,
        { id: customer?.id ?? null, email: customer?.email ?? null, language: null },
        email,
        'invoice',
      );
      const settings = await deps.settings.ofLicense(auth.licenseId);
      // The invoice's own language: the PDF and its mail say the same.
      const rendered = renderInvoiceMail(invoice, mailCompany(settings, deps.publicUrl), invoice.language);
      return queueNow(auth, {
        licenseId: auth.licenseId,
        type: 'customer',
        kind: 'invoice',
        contactId,
        contactEmail: to,
        language: invoice.language,
        ...rendered,
        attachments: [...logoAttachment(settings), { fileId: pdfFileId }],
      });
    },

    /**
     * The payment link of an online order awaiting payment, to its customer or another address (404
     * 1000032 for an address no customer has), in the recipient's language, through the outbox.
     */
    async paymentLink(auth: AuthContext, orderId: number, path: string, email?: string): Promise<Mail> {
      const [order] = await deps.db
        .select({
          code: orders.code,
          totalCents: orders.totalCents,
          customerId: customers.id,
          customerName: customerNameOrNull(),
          customerEmail: customers.email,
          customerLanguage: customers.language,
        })
        .from(orders)
        .leftJoin(customers, eq(customers.id, orders.customerId))
        .where(and(eq(orders.licenseId, auth.licenseId), eq(orders.id, orderId)));
      if (!order) throw notFound();
      const who = await addressee(
        auth.licenseId,
        { id: order.customerId, email: order.customerEmail, language: order.customerLanguage },
        email,
        'order',
      );
      const lines = await deps.db
        .select({ name: products.name, quantity: orderLines.quantity, totalCents: orderLines.totalCents })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(and(eq(orderLines.licenseId, auth.licenseId), eq(orderLines.orderId, orderId)))
        .orderBy(orderLines.id);
      const settings = await deps.settings.ofLicense(auth.licenseId);
      const language = mailLanguage(who.language, settings);
      const rendered = renderPaymentLinkMail(
        {
          orderCode: order.code,
          totalCents: order.totalCents,
          customerName: order.customerName,
          path,
          lines,
        },
        mailCompany(settings, deps.publicUrl),
        language,
      );
      return queueNow(auth, {
        licenseId: auth.licenseId,
        type: 'customer',
        kind: 'payment_link',
        contactId: who.contactId,
        contactEmail: who.to,
        language,
        ...rendered,
        attachments: logoAttachment(settings),
      });
    },

    /** The settings' "send a test mail": sent at once with the saved settings; the server's answer. */
    async testMail(auth: AuthContext, email: string): Promise<TestMailResult> {
      const server = await deps.settings.mailServer(auth.licenseId);
      if (!server) throw new AppError('mailServerNotConfigured');
      const settings = await deps.settings.ofLicense(auth.licenseId);
      const rendered = renderTestMail(
        mailCompany({ ...settings, logo: null }, deps.publicUrl),
        settings.locale,
        new Date(),
      );
      const host = new URL(deps.publicUrl).hostname || 'localhost';
      const outcome = await deps.smtp().sendOnce(server.smtp, {
        from: server.from,
        to: email,
        ...rendered,
        messageId: `<test-${randomBytes(12).toString('hex')}@${host}>`,
        attachments: [],
      });
      return outcome.ok
        ? { ok: true, response: outcome.response, responseCode: Number.parseInt(outcome.response, 10) || 250 }
        : { ok: false, response: outcome.response, responseCode: outcome.responseCode };
    },

    /** A reminder or greeting as a customer would get it, with sample values (the settings' preview). */
    async preview(auth: AuthContext, body: NotificationPreviewBody): Promise<RenderedMail> {
      const settings = await deps.settings.ofLicense(auth.licenseId);
      const company = mailCompany(settings, deps.publicUrl);
      const language = body.language ?? settings.locale;
      const values = samplePlaceholderValues(body.kind, company, language, new Date());
      return renderNotificationMail(
        body.kind,
        { subject: body.subject, body: body.body },
        values,
        company,
        language,
      );
    },
  };
  return composer;
}
export type MailComposer = ReturnType<typeof createMailComposer>;
