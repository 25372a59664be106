import { z } from 'zod';
import { urlSchema } from './common.js';
import { hasAtMostTwoDecimals } from './money.js';
import { type CommissionType, commissionTypes } from './products.js';
import { supplierStatuses } from './supplier-values.js';

export * from './supplier-values.js';

/**
 * Suppliers: someone whose products the company sells for a commission. A product names its supplier
 * (`supplierId`); the commission of a sale is the product's own when it has one, else the supplier's.
 */

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date as YYYY-MM-DD (Date.parse alone takes 2026-02-30 as 2 March). */
function isRealDay(v: string): boolean {
  if (!dayPattern.test(v)) return false;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
}

/** A real calendar date as YYYY-MM-DD. */
export const supplierDay = z
  .string()
  .regex(dayPattern, { message: 'a date as YYYY-MM-DD' })
  // The pattern has said so when it fails.
  .refine((v) => !dayPattern.test(v) || isRealDay(v), { message: 'not a real date' });

const dbId = z.number().int().positive().max(2_147_483_647);

/** An optional http(s) address; an empty string is none. */
const optionalUrl = z
  .union([z.literal(''), urlSchema.pipe(z.string().max(2000))])
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** A percentage (0 to 100) or euros, with at most two decimals. */
const commissionQuantity = z
  .number()
  .min(0)
  .refine(hasAtMostTwoDecimals, { message: 'at most two decimals' })
  .refine((v) => v <= 10_000_000, { message: 'amount too large' });

/**
 * A supplier as POST and PUT take it (PUT replaces the whole supplier).
 * - `commissionType` and `commissionQuantity` go together: a percentage (at most 100) of what each sale
 *   of the supplier's products comes to, or euros per unit sold. A product's own commission wins.
 * - `automaticActivation` (the spec's supplierAutomaticActivation): a new supplier with it starts active
 *   without waiting for someone to activate it; without it a new supplier starts inactive. `status`, when
 *   sent, says it outright. Activate and deactivate change the status later.
 */
export const supplierBody = z
  .object({
    name: z.string().trim().min(1).max(160),
    customerId: dbId
      .nullable()
      .optional()
      .describe('The customer of the company who is the supplier (GET /admin/customers); null is none'),
    status: z
      .enum(supplierStatuses)
      .optional()
      .describe('Absent: a new supplier is active with automaticActivation, else inactive; PUT keeps it'),
    startsAt: z
      .union([z.literal(''), supplierDay])
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional()
      .describe("The day the supplier starts, YYYY-MM-DD in the company's calendar"),
    commissionType: z.enum(commissionTypes).nullable().optional(),
    commissionQuantity: commissionQuantity
      .nullable()
      .optional()
      .describe('A percentage (0 to 100) or euros per unit, as commissionType says'),
    automaticActivation: z.boolean().default(false),
    appLoginUrl: optionalUrl.describe('The address where the supplier logs in to its own app'),
    passwordChangeUrl: optionalUrl.describe('The address where the supplier changes its password'),
  })
  .superRefine((s, ctx) => {
    const hasType = s.commissionType != null;
    const hasQuantity = s.commissionQuantity != null;
    if (hasType && !hasQuantity)
      ctx.addIssue({
        code: 'custom',
        path: ['commissionQuantity'],
        message: 'required with a commission type',
      });
    if (hasQuantity && !hasType)
      ctx.addIssue({
        code: 'custom',
        path: ['commissionType'],
        message: 'required with a commission quantity',
      });
    if (s.commissionType === 'percentage' && (s.commissionQuantity ?? 0) > 100)
      ctx.addIssue({ code: 'custom', path: ['commissionQuantity'], message: 'a percentage is at most 100' });
  })
  .describe(
    'A whole supplier (PUT replaces it). commissionType and commissionQuantity go together (a percentage at ' +
      'most 100, or euros per unit sold). automaticActivation: a new supplier starts active (else inactive) ' +
      'unless status is sent; activate and deactivate change it later.',
  );
export type SupplierBody = z.input<typeof supplierBody>;

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable().describe("The customer's name and surname; null without one"),
  status: z.enum(supplierStatuses),
  startsAt: z.string().nullable(),
  commissionType: z.enum(commissionTypes).nullable(),
  commissionQuantity: z.number().nullable(),
  automaticActivation: z.boolean(),
  appLoginUrl: z.string().nullable(),
  passwordChangeUrl: z.string().nullable(),
  productCount: z.number().int().describe('How many products name it (then it cannot be deleted)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierListFields = [
  // The spec's list columns.
  'id',
  'name',
  'customerName',
  'customerSurname',
  'status',
  'startsAt',
  // The record's own fields.
  'customerId',
  'commissionType',
  'commissionQuantity',
  'automaticActivation',
  'createdAt',
  'updatedAt',
] as const;

export const supplierListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  customerName: z.string().nullable(),
  customerSurname: z.string().nullable(),
  status: z.enum(supplierStatuses),
  startsAt: z.string().nullable(),
  customerId: z.number().int().nullable(),
  commissionType: z.enum(commissionTypes).nullable(),
  commissionQuantity: z.number().nullable(),
  automaticActivation: z.boolean(),
  createdAt: z.string(),
});
export type SupplierListItem = z.infer<typeof supplierListItemSchema>;

/** `GET /admin/reports/supplier-settlement`: whole days of the company, `to` included, at most 3 years. */
export const supplierSettlementQuery = z
  .object({
    from: supplierDay,
    to: supplierDay,
    format: z.enum(['json', 'csv', 'xlsx']).optional(),
  })
  .superRefine((q, ctx) => {
    if (!isRealDay(q.from) || !isRealDay(q.to)) return;
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'not before from' });
    else if (days > 1100) ctx.addIssue({ code: 'custom', path: ['to'], message: 'at most three years' });
  });
export type SupplierSettlementQuery = z.input<typeof supplierSettlementQuery>;

const settlementFigures = z.object({
  units: z.number().int().describe('Units sold minus units refunded'),
  sales: z.number().describe('What they sold for, VAT included, minus what refunds gave back (euros)'),
  commission: z.number().describe("The company's commission on them (euros)"),
  payable: z.number().describe('What the supplier is owed: sales minus commission (euros)'),
});

export const supplierSettlementSchema = z.object({
  from: z.string(),
  to: z.string(),
  suppliers: z
    .array(
      settlementFigures.extend({
        supplierId: z.number().int(),
        supplierName: z.string(),
        commissionType: z.enum(commissionTypes).nullable().describe("The supplier's own commission"),
        commissionQuantity: z.number().nullable(),
      }),
    )
    .describe('The suppliers whose products sold or were refunded in the period, by name'),
  totals: settlementFigures,
});
export type SupplierSettlement = z.infer<typeof supplierSettlementSchema>;

/**
 * The commission of a line, in cents: a percentage in hundredths of what the line came to (half away from
 * zero, so a refund gives back exactly what its sale took), or an amount in cents per unit.
 */
export function commissionCents(
  type: CommissionType | null,
  quantityHundredths: number | null,
  units: number,
  totalCents: number,
): number {
  if (type === null || quantityHundredths === null) return 0;
  if (type === 'money') return units * quantityHundredths;
  const product = totalCents * quantityHundredths;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5000) / 10000);
}
