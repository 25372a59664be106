import {
  type CommissionType,
  centsToEuros,
  commissionCents,
  type Language,
  type SupplierSettlement,
} from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { zonedToInstant } from '../../lib/time.js';
import { orderLines } from '../orders/order-lines.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';
import type { Sheet } from '../reports/bookings-report-sheets.js';
import { suppliers } from './suppliers.table.js';

/** One product of a supplier over the period: its units and cents, and the commission that applies. */
interface ProductFigures {
  supplierId: number;
  supplierName: string;
  supplierCommissionType: CommissionType | null;
  supplierCommissionQuantity: number | null;
  commissionType: CommissionType | null;
  commissionQuantity: number | null;
  units: number;
  totalCents: number;
}

/** The first instant of a company day (YYYY-MM-DD) in its time zone. */
function startOfDay(day: string, timeZone: string, plusDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + plusDays));
  return zonedToInstant(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    timeZone,
  );
}

/**
 * What each supplier's products sold from `from` to `to` (company days, both included): the lines of the
 * sales paid in the period (refunded since included) plus the lines of the refunds paid in it (negative),
 * per product, with the product's own commission when it has one, else the supplier's. One query; the
 * commission is worked out per product in integer cents (`commissionCents`) and added up per supplier.
 */
export async function supplierSettlement(
  db: DbOrTx,
  licenseId: number,
  period: { from: string; to: string; timeZone: string },
): Promise<SupplierSettlement> {
  const start = startOfDay(period.from, period.timeZone);
  const end = startOfDay(period.to, period.timeZone, 1);
  const result = await db.execute(sql`
    select s.id as "supplierId", s.name as "supplierName",
      s.commission_type as "supplierCommissionType", s.commission_quantity as "supplierCommissionQuantity",
      coalesce(p.supplier_commission_type, s.commission_type) as "commissionType",
      case when p.supplier_commission_type is not null then p.supplier_commission_quantity
        else s.commission_quantity end as "commissionQuantity",
      sum(l.quantity)::bigint as units, sum(l.total_cents)::bigint as "totalCents"
    from ${products} p
    join ${suppliers} s on s.id = p.supplier_id and s.license_id = p.license_id
    join ${orderLines} l on l.product_id = p.id and l.license_id = p.license_id
    join ${orders} o on o.id = l.order_id and o.license_id = l.license_id
    where p.license_id = ${licenseId} and p.supplier_id is not null
      and o.status in ('paid', 'refunded')
      and o.payment_date >= ${start.toISOString()}::timestamptz
      and o.payment_date < ${end.toISOString()}::timestamptz
    group by s.id, p.id
    order by s.name, s.id, p.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (r): ProductFigures => ({
      supplierId: Number(r.supplierId),
      supplierName: String(r.supplierName),
      supplierCommissionType: (r.supplierCommissionType as CommissionType | null) ?? null,
      supplierCommissionQuantity:
        r.supplierCommissionQuantity == null ? null : Number(r.supplierCommissionQuantity),
      commissionType: (r.commissionType as CommissionType | null) ?? null,
      commissionQuantity: r.commissionQuantity == null ? null : Number(r.commissionQuantity),
      units: Number(r.units),
      totalCents: Number(r.totalCents),
    }),
  );
  return settlementOf(period, rows);
}

interface Sums {
  units: number;
  salesCents: number;
  commissionCents: number;
}

const euros = (s: Sums) => ({
  units: s.units,
  sales: centsToEuros(s.salesCents),
  commission: centsToEuros(s.commissionCents),
  payable: centsToEuros(s.salesCents - s.commissionCents),
});

/** The products' figures added up per supplier and in total, in cents until the euros of the answer. */
export function settlementOf(
  period: { from: string; to: string },
  rows: ProductFigures[],
): SupplierSettlement {
  const bySupplier = new Map<number, { first: ProductFigures; sums: Sums }>();
  const totals: Sums = { units: 0, salesCents: 0, commissionCents: 0 };
  for (const row of rows) {
    const commission = commissionCents(row.commissionType, row.commissionQuantity, row.units, row.totalCents);
    const entry = bySupplier.get(row.supplierId) ?? {
      first: row,
      sums: { units: 0, salesCents: 0, commissionCents: 0 },
    };
    for (const sums of [entry.sums, totals]) {
      sums.units += row.units;
      sums.salesCents += row.totalCents;
      sums.commissionCents += commission;
    }
    bySupplier.set(row.supplierId, entry);
  }
  return {
    from: period.from,
    to: period.to,
    suppliers: [...bySupplier.values()].map(({ first, sums }) => ({
      supplierId: first.supplierId,
      supplierName: first.supplierName,
      commissionType: first.supplierCommissionType,
      commissionQuantity:
        first.supplierCommissionQuantity === null ? null : centsToEuros(first.supplierCommissionQuantity),
      ...euros(sums),
    })),
    totals: euros(totals),
  };
}

interface SettlementLabels {
  supplier: string;
  units: string;
  sales: string;
  commission: string;
  payable: string;
  total: string;
  /** The XLSX sheet's name. */
  sheet: string;
}

/** The CSV's column names in the company's main language (the web's `reports.settlement` wording). */
const settlementLabels: Record<Language, SettlementLabels> = {
  ca: {
    supplier: 'Proveïdor',
    units: 'Unitats',
    sales: 'Vendes',
    commission: 'Comissió',
    payable: 'A pagar',
    total: 'Total',
    sheet: 'Liquidació',
  },
  eu: {
    supplier: 'Hornitzailea',
    units: 'Unitateak',
    sales: 'Salmentak',
    commission: 'Komisioa',
    payable: 'Ordaintzeko',
    total: 'Guztira',
    sheet: 'Likidazioa',
  },
  es: {
    supplier: 'Proveedor',
    units: 'Unidades',
    sales: 'Ventas',
    commission: 'Comisión',
    payable: 'A pagar',
    total: 'Total',
    sheet: 'Liquidación',
  },
  en: {
    supplier: 'Supplier',
    units: 'Units',
    sales: 'Sales',
    commission: 'Commission',
    payable: 'To pay',
    total: 'Total',
    sheet: 'Settlement',
  },
  de: {
    supplier: 'Lieferant',
    units: 'Einheiten',
    sales: 'Umsatz',
    commission: 'Provision',
    payable: 'Auszuzahlen',
    total: 'Gesamt',
    sheet: 'Abrechnung',
  },
  fr: {
    supplier: 'Fournisseur',
    units: 'Unités',
    sales: 'Ventes',
    commission: 'Commission',
    payable: 'À payer',
    total: 'Total',
    sheet: 'Règlement',
  },
  it: {
    supplier: 'Fornitore',
    units: 'Unità',
    sales: 'Vendite',
    commission: 'Commissione',
    payable: 'Da pagare',
    total: 'Totale',
    sheet: 'Liquidazione',
  },
  pt: {
    supplier: 'Fornecedor',
    units: 'Unidades',
    sales: 'Vendas',
    commission: 'Comissão',
    payable: 'A pagar',
    total: 'Total',
    sheet: 'Liquidação',
  },
  ru: {
    supplier: 'Поставщик',
    units: 'Единицы',
    sales: 'Продажи',
    commission: 'Комиссия',
    payable: 'К выплате',
    total: 'Итого',
    sheet: 'Расчёт',
  },
  zh: {
    supplier: '供应商',
    units: '数量',
    sales: '销售额',
    commission: '佣金',
    payable: '应付',
    total: '合计',
    sheet: '结算',
  },
};

/**
 * The settlement as one table in the company's main language: one row per supplier and the totals, units
 * as integers, amounts in euros (the CSV and XLSX writers of `reports/bookings-report-sheets.ts`).
 */
export function settlementSheets(report: SupplierSettlement, language: Language): Sheet[] {
  const labels = settlementLabels[language];
  const figures = (f: SupplierSettlement['totals']) => [f.units, f.sales, f.commission, f.payable];
  return [
    {
      name: labels.sheet,
      columns: [
        { label: labels.supplier, kind: 'text' },
        { label: labels.units, kind: 'integer' },
        { label: labels.sales, kind: 'money' },
        { label: labels.commission, kind: 'money' },
        { label: labels.payable, kind: 'money' },
      ],
      rows: [
        ...report.suppliers.map((s) => [s.supplierName, ...figures(s)]),
        [labels.total, ...figures(report.totals)],
      ],
      strongRows: [report.suppliers.length],
    },
  ];
}
