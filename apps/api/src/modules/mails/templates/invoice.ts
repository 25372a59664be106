import { formatCents, type InvoiceType, type Language, type RenderedMail } from '@mostrador/contract';
import { oneLine } from './format.js';
import { intlLocales, t } from './i18n.js';
import { type DetailRow, greeting, renderMail } from './layout.js';
import type { MailCompany } from './types.js';

export interface InvoiceMailData {
  /** The series and number, e.g. '2026-000042'. */
  code: string;
  type: InvoiceType;
  issuedAt: Date;
  /** Negative on a rectifying invoice (by difference). */
  totalCents: number;
  customerName: string | null;
  /** The order invoiced, when there is one. */
  orderCode: number | null;
  /** On a rectifying invoice (R1–R5): the code of the invoice it corrects. */
  rectifiedCode?: string | null;
}

/** "26 de noviembre de 2026": the invoice's date on the company's clock, without weekday or time. */
function issueDate(date: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocales[language], {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/**
 * The mail that sends an invoice, its PDF attached by the caller: "Factura 2026-000042 — Company",
 * the customer greeted, the invoice's number, date, order and total, and a note that the PDF is attached.
 */
export function renderInvoiceMail(
  data: InvoiceMailData,
  company: MailCompany,
  language: Language,
): RenderedMail {
  const code = oneLine(data.code);
  const rectifying = data.type.startsWith('R');
  const companyName = oneLine(company.name);
  const title = t(language, rectifying ? 'invoice.subjectRectifying' : 'invoice.subject', { code });

  const facts: DetailRow[] = [
    { label: t(language, 'invoice.number'), value: code, strong: true },
    { label: t(language, 'invoice.date'), value: issueDate(data.issuedAt, language, company.timeZone) },
  ];
  if (data.orderCode !== null)
    facts.push({ label: t(language, 'invoice.order'), value: String(data.orderCode) });
  const rectified = data.rectifiedCode ? oneLine(data.rectifiedCode) : '';
  if (rectifying && rectified) facts.push({ label: t(language, 'invoice.rectifies'), value: rectified });
  facts.push({ label: t(language, 'invoice.total'), value: formatCents(data.totalCents), strong: true });

  const intro = t(language, rectifying ? 'invoice.introRectifying' : 'invoice.intro');
  return renderMail(
    {
      subject: companyName ? `${title} — ${companyName}` : title,
      preheader: intro,
      blocks: [
        { kind: 'heading', text: t(language, rectifying ? 'invoice.headingRectifying' : 'invoice.heading') },
        { kind: 'paragraph', text: greeting(language, data.customerName) },
        { kind: 'paragraph', text: intro },
        { kind: 'details', rows: facts },
        { kind: 'note', text: t(language, 'invoice.attached') },
        { kind: 'paragraph', text: t(language, 'invoice.thanks') },
      ],
    },
    company,
    language,
  );
}
