import { centsToEuros, type InvoicingReport, type Language } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { products } from '../products/products.table.js';
import type { Sheet } from '../reports/bookings-report-sheets.js';
import { invoiceLabels } from './invoice-labels.js';
import { invoiceAnnulments, invoices } from './invoices.table.js';

interface Cell {
  productId: number | null;
  productName: string;
  month: number;
  taxBaseCents: number;
  totalCents: number;
}

/**
 * The invoiced amounts of a year per product and month of issue (the company's calendar): every
 * invoice not annulled, rectifying ones subtracting, a simplified invoice replaced by an F3 left out
 * (the F3 counts it). One query over the invoices' lines.
 */
export async function invoicingByProduct(
  db: DbOrTx,
  licenseId: number,
  year: number,
): Promise<InvoicingReport> {
  const result = await db.execute(sql`
    select l."productId" as "productId",
      coalesce(p.name, min(l.description)) as "productName",
      extract(month from i.issue_date)::int as month,
      sum(l."taxBaseCents")::bigint as "taxBaseCents",
      sum(l."totalCents")::bigint as "totalCents"
    from ${invoices} i
    cross join lateral jsonb_to_recordset(i.lines)
      as l(description text, "productId" int, "taxBaseCents" int, "totalCents" int)
    left join ${products} p on p.id = l."productId"
    where i.license_id = ${licenseId} and i.year = ${year}
      and not exists (select 1 from ${invoiceAnnulments} a where a.invoice_id = i.id)
      and not exists (
        select 1 from ${invoices} f3
        where f3.replaced_invoice_id = i.id
          and not exists (select 1 from ${invoiceAnnulments} a3 where a3.invoice_id = f3.id))
    group by l."productId", p.name, month
    order by 2, 1, month`);
  const cells = (result as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (r): Cell => ({
      productId: r.productId === null ? null : Number(r.productId),
      productName: String(r.productName ?? ''),
      month: Number(r.month),
      taxBaseCents: Number(r.taxBaseCents),
      totalCents: Number(r.totalCents),
    }),
  );
  return reportOf(year, cells);
}

const emptyMonths = () =>
  Array.from({ length: 12 }, (_, i) => ({ month: i + 1, taxBaseCents: 0, totalCents: 0 }));

/** The cells added up per product, per month and in total, in cents until the euros of the answer. */
export function reportOf(year: number, cells: Cell[]): InvoicingReport {
  const byProduct = new Map<
    string,
    { productId: number | null; productName: string; months: ReturnType<typeof emptyMonths> }
  >();
  const totals = emptyMonths();
  for (const c of cells) {
    const key = `${c.productId ?? ''}|${c.productId === null ? c.productName : ''}`;
    const entry = byProduct.get(key) ?? {
      productId: c.productId,
      productName: c.productName,
      months: emptyMonths(),
    };
    entry.months[c.month - 1]!.taxBaseCents += c.taxBaseCents;
    entry.months[c.month - 1]!.totalCents += c.totalCents;
    totals[c.month - 1]!.taxBaseCents += c.taxBaseCents;
    totals[c.month - 1]!.totalCents += c.totalCents;
    byProduct.set(key, entry);
  }
  const figures = (months: ReturnType<typeof emptyMonths>) => {
    const base = months.reduce((s, m) => s + m.taxBaseCents, 0);
    const total = months.reduce((s, m) => s + m.totalCents, 0);
    return {
      months: months.map((m) => ({
        month: m.month,
        taxBase: centsToEuros(m.taxBaseCents),
        tax: centsToEuros(m.totalCents - m.taxBaseCents),
        total: centsToEuros(m.totalCents),
      })),
      taxBase: centsToEuros(base),
      tax: centsToEuros(total - base),
      total: centsToEuros(total),
    };
  };
  return {
    year,
    items: [...byProduct.values()].map((p) => ({
      productId: p.productId,
      productName: p.productName,
      ...figures(p.months),
    })),
    totals: figures(totals),
  };
}

/** The XLSX sheet's name (followed by the year) in the company's main language. */
const sheetNames: Record<Language, string> = {
  ca: 'Facturació',
  eu: 'Fakturazioa',
  es: 'Facturación',
  en: 'Invoicing',
  de: 'Umsatz',
  fr: 'Facturation',
  it: 'Fatturato',
  pt: 'Faturação',
  ru: 'Выручка',
  zh: '开票',
};

/**
 * The report as one table in the company's main language (the CSV and XLSX writers of
 * `reports/bookings-report-sheets.ts`): per product three rows (tax base, VAT, total) with the twelve
 * months and the year, in euros, then the totals' three rows.
 */
export function invoicingSheets(report: InvoicingReport, language: Language): Sheet[] {
  const labels = invoiceLabels[language];
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, i) =>
    monthName.format(new Date(Date.UTC(report.year, i, 15))),
  );
  const rows: (string | number)[][] = [];
  const add = (name: string, f: InvoicingReport['totals']) => {
    rows.push([name, labels.taxBase, ...f.months.map((m) => m.taxBase), f.taxBase]);
    rows.push([name, labels.totalTax, ...f.months.map((m) => m.tax), f.tax]);
    rows.push([name, labels.total, ...f.months.map((m) => m.total), f.total]);
  };
  for (const item of report.items) add(item.productName, item);
  add(labels.total, report.totals);
  return [
    {
      name: `${sheetNames[language]} ${report.year}`,
      columns: [
        { label: labels.description, kind: 'text' },
        { label: '', kind: 'text' },
        ...months.map((label) => ({ label, kind: 'money' as const })),
        { label: String(report.year), kind: 'money' },
      ],
      rows,
      strongRows: [rows.length - 3, rows.length - 2, rows.length - 1],
    },
  ];
}
