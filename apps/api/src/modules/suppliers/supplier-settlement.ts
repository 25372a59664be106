import {
  type CommissionType,
  centsToEuros,
  commissionCents,
  formatCents,
  type Language,
  type SupplierSettlement,
} from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { zonedToInstant } from '../../lib/time.js';
import { orderLines } from '../orders/order-lines.table.js';
import { orders } from '../orders/orders.table.js';
import { products } from '../products/products.table.js';
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
  },
  eu: {
    supplier: 'Hornitzailea',
    units: 'Unitateak',
    sales: 'Salmentak',
    commission: 'Komisioa',
    payable: 'Ordaintzeko',
    total: 'Guztira',
  },
  es: {
    supplier: 'Proveedor',
    units: 'Unidades',
    sales: 'Ventas',
    commission: 'Comisión',
    payable: 'A pagar',
    total: 'Total',
  },
  en: {
    supplier: 'Supplier',
    units: 'Units',
    sales: 'Sales',
    commission: 'Commission',
    payable: 'To pay',
    total: 'Total',
  },
  de: {
    supplier: 'Lieferant',
    units: 'Einheiten',
    sales: 'Umsatz',
    commission: 'Provision',
    payable: 'Auszuzahlen',
    total: 'Gesamt',
  },
  fr: {
    supplier: 'Fournisseur',
    units: 'Unités',
    sales: 'Ventes',
    commission: 'Commission',
    payable: 'À payer',
    total: 'Total',
  },
  it: {
    supplier: 'Fornitore',
    units: 'Unità',
    sales: 'Vendite',
    commission: 'Commissione',
    payable: 'Da pagare',
    total: 'Totale',
  },
  pt: {
    supplier: 'Fornecedor',
    units: 'Unidades',
    sales: 'Vendas',
    commission: 'Comissão',
    payable: 'A pagar',
    total: 'Total',
  },
  ru: {
    supplier: 'Поставщик',
    units: 'Единицы',
    sales: 'Продажи',
    commission: 'Комиссия',
    payable: 'К выплате',
    total: 'Итого',
  },
  zh: {
    supplier: '供应商',
    units: '数量',
    sales: '销售额',
    commission: '佣金',
    payable: '应付',
    total: '合计',
  },
};

const csvCell = (value: string) => (/[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const amount = (euros: number) =>
  formatCents(Math.round(euros * 100))
    .replace(/\s*€$/, '')
    .replace(/\s/g, '');

/**
 * The settlement as a spreadsheet opens it in Spain: UTF-8 with a byte-order mark, `;` between fields,
 * decimal commas; one row per supplier and the totals.
 */
export function settlementCsv(report: SupplierSettlement, language: Language): string {
  const labels = settlementLabels[language];
  const rows: string[][] = [
    [labels.supplier, labels.units, labels.sales, labels.commission, labels.payable],
    ...report.suppliers.map((i) => [
      i.supplierName,
      String(i.units),
      amount(i.sales),
      amount(i.commission),
      amount(i.payable),
    ]),
    [
      labels.total,
      String(report.totals.units),
      amount(report.totals.sales),
      amount(report.totals.commission),
      amount(report.totals.payable),
    ],
  ];
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
