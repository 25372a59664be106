import {
  formatCents,
  formatCount,
  type Language,
  paymentMethods,
  type RenderedMail,
} from '@mostrador/contract';
import { dateFormats, oneLine } from './format.js';
import { type MailKey, t } from './i18n.js';
import { type DetailRow, greeting, renderMail } from './layout.js';
import type { MailCompany } from './types.js';

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  totalCents: number;
}

export interface ReceiptTax {
  /** The tax type's name, e.g. "IVA 21 %". */
  name: string;
  baseCents: number;
  taxCents: number;
}

export interface ReceiptData {
  code: string;
  createdAt: Date;
  paymentDate: Date | null;
  /** cash, card, online, transfer, external_billing */
  paymentMethod: string | null;
  customerName: string | null;
  lines: ReceiptLine[];
  /** One per tax type. */
  taxes: ReceiptTax[];
  taxBaseCents: number;
  totalCents: number;
}

/** A payment method in the language; one we do not know is shown as stored. */
export function paymentMethodLabel(language: Language, method: string): string {
  return (paymentMethods as readonly string[]).includes(method)
    ? t(language, `payment.${method}` as MailKey)
    : method;
}

/** The receipt of a paid order: its lines, taxes, total and how it was paid. */
export function renderOrderReceipt(
  data: ReceiptData,
  company: MailCompany,
  language: Language,
): RenderedMail {
  const dates = dateFormats(language, company.timeZone);
  const code = oneLine(data.code);

  const facts: DetailRow[] = [
    { label: t(language, 'receipt.order'), value: code, strong: true },
    { label: t(language, 'receipt.date'), value: dates.mediumDateTime(data.createdAt) },
  ];
  if (data.paymentDate) {
    facts.push({ label: t(language, 'receipt.paymentDate'), value: dates.mediumDateTime(data.paymentDate) });
  }
  if (data.paymentMethod) {
    facts.push({
      label: t(language, 'receipt.paymentMethod'),
      value: paymentMethodLabel(language, data.paymentMethod),
    });
  }

  const totals: DetailRow[] = [
    { label: t(language, 'receipt.taxBase'), value: formatCents(data.taxBaseCents) },
    { label: t(language, 'receipt.taxes'), value: formatCents(data.totalCents - data.taxBaseCents) },
    { label: t(language, 'receipt.total'), value: formatCents(data.totalCents), strong: true },
  ];

  const intro = t(language, 'receipt.intro');
  return renderMail(
    {
      subject: t(language, 'receipt.subject', { code }),
      preheader: intro,
      blocks: [
        { kind: 'heading', text: t(language, 'receipt.heading') },
        { kind: 'paragraph', text: greeting(language, data.customerName) },
        { kind: 'paragraph', text: intro },
        { kind: 'details', rows: facts },
        {
          kind: 'table',
          columns: [
            { label: t(language, 'receipt.item') },
            { label: t(language, 'receipt.quantity'), align: 'right' },
            { label: t(language, 'receipt.unitPrice'), align: 'right' },
            { label: t(language, 'receipt.discount'), align: 'right' },
            { label: t(language, 'receipt.amount'), align: 'right' },
          ],
          rows: data.lines.map((line) => [
            oneLine(line.name),
            formatCount(line.quantity),
            formatCents(line.unitPriceCents),
            line.discountCents ? formatCents(line.discountCents) : '',
            formatCents(line.totalCents),
          ]),
        },
        ...(data.taxes.length
          ? [
              {
                kind: 'table' as const,
                columns: [
                  { label: t(language, 'receipt.tax') },
                  { label: t(language, 'receipt.taxBase'), align: 'right' as const },
                  { label: t(language, 'receipt.taxAmount'), align: 'right' as const },
                ],
                rows: data.taxes.map((tax) => [
                  oneLine(tax.name),
                  formatCents(tax.baseCents),
                  formatCents(tax.taxCents),
                ]),
              },
            ]
          : []),
        { kind: 'details', rows: totals, alignValues: 'right' },
        { kind: 'paragraph', text: t(language, 'receipt.thanks') },
      ],
    },
    company,
    language,
  );
}
