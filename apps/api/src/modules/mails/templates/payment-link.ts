import { formatCents, formatCount, type Language, type RenderedMail } from '@mostrador/contract';
import { oneLine } from './format.js';
import { labelled, t } from './i18n.js';
import { greeting, renderMail } from './layout.js';
import type { MailCompany } from './types.js';

export interface PaymentLinkMailData {
  orderCode: number;
  totalCents: number;
  customerName: string | null;
  /** The payment link's path, e.g. '/pay/<token>': the layout puts PUBLIC_URL in front of it. */
  path: string;
  lines: { name: string; quantity: number; totalCents: number }[];
}

/**
 * The mail that sends an online order's payment link: "Pay your order 42 — Company", the customer
 * greeted, the order's number and total, a button to `PUBLIC_URL/pay/<token>`, the order's lines, a note that the link
 * lasts while the order awaits payment and that card details go only on the gateway's secure page.
 */
export function renderPaymentLinkMail(
  data: PaymentLinkMailData,
  company: MailCompany,
  language: Language,
): RenderedMail {
  const code = String(data.orderCode);
  const companyName = oneLine(company.name);
  const title = t(language, 'paymentLink.subject', { code });
  const total = formatCents(data.totalCents);
  const heading = t(language, 'paymentLink.heading');
  return renderMail(
    {
      subject: companyName ? `${title} — ${companyName}` : title,
      preheader: labelled(language, heading, total),
      blocks: [
        { kind: 'heading', text: heading },
        { kind: 'paragraph', text: greeting(language, data.customerName) },
        { kind: 'paragraph', text: t(language, 'paymentLink.intro') },
        {
          kind: 'details',
          rows: [
            { label: t(language, 'paymentLink.order'), value: code, strong: true },
            { label: t(language, 'paymentLink.total'), value: total, strong: true },
          ],
        },
        { kind: 'button', label: t(language, 'paymentLink.button'), path: data.path },
        ...(data.lines.length
          ? [
              {
                kind: 'table' as const,
                columns: [
                  { label: t(language, 'paymentLink.item') },
                  { label: t(language, 'paymentLink.quantity'), align: 'right' as const },
                  { label: t(language, 'paymentLink.amount'), align: 'right' as const },
                ],
                rows: data.lines.map((line) => [
                  oneLine(line.name),
                  formatCount(line.quantity),
                  formatCents(line.totalCents),
                ]),
              },
            ]
          : []),
        { kind: 'note', text: t(language, 'paymentLink.validity') },
        { kind: 'note', text: t(language, 'paymentLink.security') },
        { kind: 'paragraph', text: t(language, 'paymentLink.thanks') },
      ],
    },
    company,
    language,
  );
}
