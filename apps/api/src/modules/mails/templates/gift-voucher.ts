import { formatCount, type Language, type RenderedMail } from '@mostrador/contract';
import { dateFormats, oneLine } from './format.js';
import { labelled, t } from './i18n.js';
import { greeting, type MailBlock, renderMail } from './layout.js';
import type { MailCompany } from './types.js';

export interface GiftVoucherMailData {
  customerName: string | null;
  vouchers: {
    code: string;
    productName: string;
    expiresAt: Date;
    maximumBookings: number;
    /** The code's QR image, attached inline under `contentId` (`size` px a side), shown under its details. */
    qr?: { contentId: string; size: number };
  }[];
}

/**
 * The mail with the gift vouchers a paid order gave its buyer: "Your gift voucher — Company", each
 * voucher's code, what it books, how many times and until when, its QR code (an inline PNG named by the
 * code) to show at the reception, and how to use it: give the code when booking.
 */
export function renderGiftVoucherMail(
  data: GiftVoucherMailData,
  company: MailCompany,
  language: Language,
): RenderedMail {
  const companyName = oneLine(company.name);
  const several = data.vouchers.length > 1;
  const title = t(language, several ? 'giftVoucher.subjectMany' : 'giftVoucher.subject');
  const heading = t(language, 'giftVoucher.heading');
  const dates = dateFormats(language, company.timeZone);
  const first = data.vouchers[0];
  const blocks: MailBlock[] = [
    { kind: 'heading', text: heading },
    { kind: 'paragraph', text: greeting(language, data.customerName) },
    { kind: 'paragraph', text: t(language, 'giftVoucher.intro') },
    ...data.vouchers.flatMap((v): MailBlock[] => [
      {
        kind: 'details',
        rows: [
          { label: t(language, 'giftVoucher.code'), value: v.code, strong: true },
          { label: t(language, 'giftVoucher.product'), value: oneLine(v.productName) },
          { label: t(language, 'giftVoucher.bookings'), value: formatCount(v.maximumBookings) },
          { label: t(language, 'giftVoucher.expires'), value: dates.longDate(v.expiresAt) },
        ],
      },
      ...(v.qr
        ? [{ kind: 'qr', ...v.qr, label: t(language, 'giftVoucher.code'), code: v.code } as const]
        : []),
    ]),
    { kind: 'paragraph', text: t(language, 'giftVoucher.howTo') },
    { kind: 'note', text: t(language, 'giftVoucher.qr') },
    { kind: 'paragraph', text: t(language, 'giftVoucher.thanks') },
  ];
  return renderMail(
    {
      subject: companyName ? `${title} — ${companyName}` : title,
      preheader: first ? labelled(language, t(language, 'giftVoucher.code'), first.code) : heading,
      blocks,
    },
    company,
    language,
  );
}
