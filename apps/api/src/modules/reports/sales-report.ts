import {
  centsToEuros,
  type Language,
  type PaymentMethod,
  type ProductType,
  paymentMethods,
  productTypes,
  type SalesReport,
  type SalesReportQuery,
} from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { customers } from '../customers/customers.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';
import {
  companyLanguage,
  periodBounds,
  type ReportFormat,
  type Sheet,
  sheetsFile,
} from './bookings-report-sheets.js';
import { salesReportLabels } from './sales-report-labels.js';
import { orderDays, orderHours, orderLineDays, orderLineHours } from './summaries.table.js';
import { summaryRows, summarySpans } from './summary-spans.js';

/** Figures in cents until the euros of the answer. */
interface Sums {
  salesCount: number;
  salesCents: number;
  refundsCount: number;
  /** Positive: what the refunds gave back. */
  refundsCents: number;
}
const noSums = (): Sums => ({ salesCount: 0, salesCents: 0, refundsCount: 0, refundsCents: 0 });
const euros = (s: Sums) => ({
  salesCount: s.salesCount,
  sales: centsToEuros(s.salesCents),
  refundsCount: s.refundsCount,
  refunds: centsToEuros(s.refundsCents),
  net: centsToEuros(s.salesCents - s.refundsCents),
});

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const sumsOf = (r: Row): Sums => ({
  salesCount: Number(r.salesCount),
  salesCents: Number(r.salesCents),
  refundsCount: Number(r.refundsCount),
  refundsCents: Number(r.refundsCents),
});

/** At most this many refunds in the JSON answer; the files list them all. */
export const refundsShown = 200;

/**
 * The sales report of `from`–`to` (company days, both included), by payment date: the orders paid or
 * refunded since whose payment date falls in the period; a refund (an order with original_order_id,
 * negative total and lines) counts in the period it was paid, apart from its sale. Three queries: the
 * orders per payment method from `order_hours`, their lines per product and per product type from
 * `order_line_hours` (migration 0025's exact hourly summaries; "the sales that include" a product or a
 * type count its lines), and the refunds' list (from `orders_license_paid_idx`). The totals are every payment
 * method's, credit included (the dashboard's earnings leave credit out: it brings no money in).
 */
export async function salesReport(
  db: DbOrTx,
  auth: AuthContext,
  query: Pick<SalesReportQuery, 'from' | 'to'>,
  refundsLimit: number | null = refundsShown,
): Promise<SalesReport> {
  const { licenseId } = auth;
  const { start, end } = periodBounds(query.from, query.to, auth.timeZone);
  const paidInPeriod = sql`o.license_id = ${licenseId} and o.status in ('paid', 'refunded')
    and o.payment_date >= ${start.toISOString()}::timestamptz
    and o.payment_date < ${end.toISOString()}::timestamptz`;
  const refund = sql`o.original_order_id is not null`;

  // The summaries' whole UTC days and hours in [start, end): the period's bounds are local midnights,
  // UTC hour boundaries.
  const spans = summarySpans(start, end);

  const [methodRows, productRows, refundRows] = await Promise.all([
    db.execute(sql`
      select s.payment_method as "paymentMethod",
        coalesce(sum(s.orders) filter (where not s.refund), 0)::int as "salesCount",
        coalesce(sum(s.cents) filter (where not s.refund), 0)::bigint as "salesCents",
        coalesce(sum(s.orders) filter (where s.refund), 0)::int as "refundsCount",
        coalesce(-sum(s.cents) filter (where s.refund), 0)::bigint as "refundsCents"
      from ${summaryRows(
        { hours: orderHours, days: orderDays },
        spans,
        sql`s.payment_method, s.refund, s.orders, s.cents`,
        sql`s.license_id = ${licenseId}`,
      )} s
      group by s.payment_method`),
    // Per product, then per type (a product's type is locked once it is in an order): the counts are
    // lines, added up.
    db.execute(sql`
      select grouping(p.id) as "isType", p.id as "productId", p.type as "productType",
        min(p.name) as "productName",
        sum(s.sales)::int as "salesCount", sum(s."salesCents")::bigint as "salesCents",
        sum(s.refunds)::int as "refundsCount", sum(s."refundsCents")::bigint as "refundsCents",
        sum(s.units)::bigint as units
      from (select s.product_id,
          coalesce(sum(s.lines) filter (where not s.refund), 0) as sales,
          coalesce(sum(s.cents) filter (where not s.refund), 0) as "salesCents",
          coalesce(sum(s.lines) filter (where s.refund), 0) as refunds,
          coalesce(-sum(s.cents) filter (where s.refund), 0) as "refundsCents",
          sum(s.units) as units
        from ${summaryRows(
          { hours: orderLineHours, days: orderLineDays },
          spans,
          sql`s.product_id, s.refund, s.lines, s.units, s.cents`,
          sql`s.license_id = ${licenseId}`,
        )} s
        group by s.product_id
        having sum(s.lines) > 0) s
      join ${products} p on p.id = s.product_id and p.license_id = ${licenseId}
      group by grouping sets ((p.id, p.type), (p.type))`),
    db.execute(sql`
      select o.id as "orderId", o.code, o.original_order_id as "originalOrderId",
        s.code as "originalCode", o.payment_date as "paymentDate", o.payment_method as "paymentMethod",
        -o.total_cents as "amountCents",
        case when c.id is null then null
          else concat_ws(' ', c.name, nullif(c.surname, '')) end as "customerName"
      from ${orders} o
      join ${orders} s on s.id = o.original_order_id and s.license_id = o.license_id
      left join ${customers} c on c.id = coalesce(o.customer_id, s.customer_id) and c.license_id = o.license_id
      where ${paidInPeriod} and ${refund}
      order by o.payment_date desc, o.id desc
      ${refundsLimit === null ? sql`` : sql`limit ${refundsLimit}`}`),
  ]);

  const totals = noSums();
  const byMethod = new Map<PaymentMethod, Sums>();
  for (const r of rowsOf(methodRows)) {
    const sums = sumsOf(r);
    byMethod.set(r.paymentMethod as PaymentMethod, sums);
    for (const key of Object.keys(totals) as (keyof Sums)[]) totals[key] += sums[key];
  }

  const byProduct: SalesReport['byProduct'] = [];
  const byType: SalesReport['byProductType'] = [];
  for (const r of rowsOf(productRows)) {
    const figures = { ...euros(sumsOf(r)), units: Number(r.units) };
    const productType = r.productType as ProductType;
    if (Number(r.isType) === 1) byType.push({ productType, ...figures });
    else
      byProduct.push({
        productId: Number(r.productId),
        productName: String(r.productName),
        productType,
        ...figures,
      });
  }
  byProduct.sort(
    (a, b) => b.net - a.net || a.productName.localeCompare(b.productName) || a.productId - b.productId,
  );
  byType.sort((a, b) => productTypes.indexOf(a.productType) - productTypes.indexOf(b.productType));

  return {
    from: query.from,
    to: query.to,
    // Every method, in the contract's order, those without orders at zero.
    byPaymentMethod: paymentMethods.map((paymentMethod) => ({
      paymentMethod,
      ...euros(byMethod.get(paymentMethod) ?? noSums()),
    })),
    byProduct,
    byProductType: byType,
    refunds: rowsOf(refundRows).map((r) => ({
      orderId: Number(r.orderId),
      code: Number(r.code),
      originalOrderId: Number(r.originalOrderId),
      originalCode: Number(r.originalCode),
      paymentDate: new Date(r.paymentDate as string | Date).toISOString(),
      paymentMethod: r.paymentMethod as PaymentMethod,
      amount: centsToEuros(Number(r.amountCents)),
      customerName: r.customerName == null ? null : String(r.customerName),
    })),
    totals: euros(totals),
  };
}

/** The report's tables for a spreadsheet, labelled in `language`. */
export function salesReportSheets(report: SalesReport, language: Language): Sheet[] {
  const l = salesReportLabels[language];
  const figures = [
    { label: l.salesCount, kind: 'integer' },
    { label: l.sales, kind: 'money' },
    { label: l.refundsCount, kind: 'integer' },
    { label: l.refunds, kind: 'money' },
    { label: l.net, kind: 'money' },
  ] as const;
  const values = (f: SalesReport['totals']) => [f.salesCount, f.sales, f.refundsCount, f.refunds, f.net];
  const units = { label: l.units, kind: 'integer' } as const;
  return [
    {
      name: l.byPaymentMethodSheet,
      columns: [{ label: l.paymentMethod, kind: 'text' }, ...figures],
      rows: [
        ...report.byPaymentMethod.map((m) => [l.paymentMethods[m.paymentMethod], ...values(m)]),
        [l.total, ...values(report.totals)],
      ],
    },
    {
      name: l.byProductSheet,
      columns: [
        { label: l.product, kind: 'text' },
        { label: l.productType, kind: 'text' },
        units,
        ...figures,
      ],
      rows: report.byProduct.map((p) => [
        p.productName,
        l.productTypes[p.productType],
        p.units,
        ...values(p),
      ]),
    },
    {
      name: l.byProductTypeSheet,
      columns: [{ label: l.productType, kind: 'text' }, units, ...figures],
      rows: report.byProductType.map((p) => [l.productTypes[p.productType], p.units, ...values(p)]),
    },
    {
      name: l.refundsSheet,
      columns: [
        { label: l.refundCode, kind: 'integer' },
        { label: l.originalCode, kind: 'integer' },
        { label: l.paymentDate, kind: 'datetime' },
        { label: l.paymentMethod, kind: 'text' },
        { label: l.amount, kind: 'money' },
        { label: l.customer, kind: 'text' },
      ],
      rows: report.refunds.map((r) => [
        r.code,
        r.originalCode,
        new Date(r.paymentDate),
        l.paymentMethods[r.paymentMethod],
        r.amount,
        r.customerName,
      ]),
    },
  ];
}

/** The sales report, as JSON or as a spreadsheet file in the company's language (with every refund). */
export function createSalesReportService(db: DbOrTx) {
  return {
    report: (auth: AuthContext, query: SalesReportQuery) => salesReport(db, auth, query),
    async file(auth: AuthContext, query: SalesReportQuery, format: ReportFormat) {
      const [report, language] = await Promise.all([
        salesReport(db, auth, query, null),
        companyLanguage(db, auth.licenseId),
      ]);
      return sheetsFile(
        salesReportSheets(report, language),
        format,
        auth.timeZone,
        `${salesReportLabels[language].fileName}-${query.from}-${query.to}`,
      );
    },
  };
}
