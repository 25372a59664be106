/**
 * The mails the API sends, as pure functions: data in, subject, HTML and plain text out (no database,
 * no I/O). Every mail is drawn by `renderMail` in the company's layout, from catalogues in ten
 * languages; later mails (invoice, payment link, voucher) are new `MailBlock` lists on the same layout.
 */
export {
  type BookingMailData,
  type BookingMailKind,
  type BookingMailOptions,
  bookingPlaceholderValues,
  renderBookingMail,
} from './booking.js';
export { type DateFormats, dateFormats, escapeHtml, oneLine, textToHtml } from './format.js';
export { type GiftVoucherMailData, renderGiftVoucherMail } from './gift-voucher.js';
export { intlLocales, labelled, type MailCatalogue, type MailKey, mailCatalogues, t } from './i18n.js';
export { bookingIcs, bookingUid, escapeIcsText, foldIcsLine } from './ics.js';
export { type InvoiceMailData, renderInvoiceMail } from './invoice.js';
export {
  type DetailRow,
  greeting,
  type MailBlock,
  type MailContent,
  publicLink,
  renderMail,
  type TableColumn,
} from './layout.js';
export {
  birthdayPlaceholderValues,
  renderNotificationMail,
  sampleCustomerName,
  samplePlaceholderValues,
} from './notification.js';
export { type PaymentLinkMailData, renderPaymentLinkMail } from './payment-link.js';
export {
  paymentMethodLabel,
  type ReceiptData,
  type ReceiptLine,
  type ReceiptTax,
  renderOrderReceipt,
} from './receipt.js';
export { renderTestMail } from './test-mail.js';
export type { MailCompany } from './types.js';
