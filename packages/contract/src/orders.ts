import { z } from 'zod';
import { clientDateTimeKey } from './calendars.js';
import { euros, optionalText } from './common.js';
import { rectificationReasons } from './invoices.js';
import { eurosToCents } from './money.js';
import { orderStatuses, paymentMethods } from './order-values.js';

export * from './order-values.js';

const dbId = z.number().int().positive().max(2_147_483_647);

/** Cents of a euro amount, or undefined when it is not one (the field's own check says so). */
function centsOrUndefined(value: number): number | undefined {
  try {
    return eurosToCents(value);
  } catch {
    return undefined;
  }
}

export const orderLineBody = z
  .object({
    id: dbId
      .optional()
      .describe(
        "On edit: one of the order's lines, changed in place and keeping its booking; lines left out go",
      ),
    productId: dbId,
    quantity: z.number().int().min(1).max(10_000),
    unitPrice: euros.min(0).describe('Unit price in euros, VAT included'),
    discount: euros.min(0).default(0).describe('Euros off the line, at most quantity × unitPrice'),
    booking: z
      .object({
        bookingCalendarId: dbId,
        startsAt: z
          .string()
          .trim()
          .refine((v) => clientDateTimeKey(v) !== undefined, {
            message: 'an ISO date-time, e.g. 2026-12-24T10:30 or 2026-12-24T10:30:00+01:00',
          }),
      })
      .optional()
      .describe(
        "For a bookable product: the calendar and one of its start times (ISO 8601; without an offset, the company's time); creating the order books it",
      ),
  })
  .extend({
    bookingId: dbId
      .optional()
      .describe(
        "Charges an existing booking of the order's customer (made in the calendar, not yet sold): the line's product and quantity are the booking's, and removing the line or deleting the order leaves the booking in place",
      ),
  })
  .superRefine((line, ctx) => {
    if (line.booking && line.bookingId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['bookingId'],
        message: 'a line books a new start or charges a booking, not both',
      });
    const price = centsOrUndefined(line.unitPrice);
    const discount = centsOrUndefined(line.discount);
    if (price === undefined || discount === undefined || price < 0 || discount < 0) return;
    if (!Number.isInteger(line.quantity) || line.quantity < 1) return; // the quantity's own check says so
    if (discount > price * line.quantity)
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'at most quantity × unitPrice' });
  });
export type OrderLineBody = z.input<typeof orderLineBody>;

/**
 * A new or edited order. The server computes each line's total (quantity × unitPrice − discount, VAT
 * included) and tax base (total / (1 + the product's tax / 100), half up to the cent), and the order's
 * sums. Cash and card need an open cash register (409 1000013) and `sales_physical`; online, transfer and
 * external_billing need `sales_online`, as credit does (the customer's credit balances pay it: a customer, 1000188
 * when they fall short); online needs a customer with an email (1000046, 1000047);
 * awaiting_payment needs a customer (1000048). On edit, a paid, refunded or refund order, or one on a
 * closed register, is sent back as it is but for its notes and (until invoiced) its customer; a refund's
 * lines are sent with the positive quantity and discount they give back.
 */
export const orderBody = z.object({
  customerId: dbId.nullable().optional(),
  status: z.enum(orderStatuses),
  paymentMethod: z.enum(paymentMethods),
  notes: optionalText(50),
  lines: z.array(orderLineBody).min(1).max(200),
});
export type OrderBody = z.input<typeof orderBody>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  discount: z.number(),
  taxPercentage: z.number().describe('The tax of the product when sold, e.g. 21'),
  taxBase: z.number(),
  total: z.number(),
  refundedQuantity: z.number().int(),
  bookingId: z.number().int().nullable(),
  originalLineId: z
    .number()
    .int()
    .nullable()
    .describe("On a refund: the original order's line it refunds (its quantity and amounts are negative)"),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  code: z.number().int().describe("The order's number within the company"),
  customerId: z.number().int().nullable(),
  status: z.enum(orderStatuses),
  paymentMethod: z.enum(paymentMethods),
  notes: z.string().nullable(),
  taxBase: z.number(),
  taxes: z.number().describe('total − taxBase'),
  total: z.number(),
  invoiceCode: z.string().nullable(),
  paymentDate: z.string().nullable(),
  paymentTransactionToken: z.string().nullable(),
  originalOrderId: z.number().int().nullable(),
  cashRegisterId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListFields = [
  // The spec's list columns.
  'id',
  'originalOrderId',
  'code',
  'image',
  'createdAt',
  'contactEmail',
  'contactPhone',
  'companyName',
  'name',
  'surname',
  'amount',
  'status',
  'invoiceCode',
  'paymentDate',
  'paymentMethod',
  'paymentTransactionToken',
  // Filters.
  'customerId',
  'cashRegisterId',
] as const;

/** The spec's order list columns: the customer's contact data, the order's figures. */
export const orderListItemSchema = z.object({
  id: z.number().int(),
  originalOrderId: z.number().int().nullable(),
  code: z.number().int(),
  image: z.number().int().nullable().describe("The customer's image"),
  createdAt: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  companyName: z.string().nullable(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  amount: z.number().describe('The total in euros, VAT included'),
  status: z.enum(orderStatuses),
  invoiceCode: z.string().nullable(),
  paymentDate: z.string().nullable(),
  paymentMethod: z.enum(paymentMethods),
  paymentTransactionToken: z.string().nullable(),
  customerId: z.number().int().nullable(),
  cashRegisterId: z.number().int().nullable(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/**
 * A refund of a paid order (`POST /admin/orders/{id}/refund`): without `lines`, all that is not yet
 * refunded; with them, those quantities of those lines (409 1000128 above what is left). It is a new
 * paid order pointing at the original, with negative quantities and amounts, in the original's payment
 * method unless `paymentMethod` says another; a cash or card refund needs an open register (1000013).
 */
export const refundBody = z.object({
  lines: z
    .array(z.object({ lineId: dbId, quantity: z.number().int().min(1).max(10_000) }))
    .min(1)
    .max(200)
    .optional()
    .refine((lines) => !lines || new Set(lines.map((l) => l.lineId)).size === lines.length, {
      message: 'each line at most once',
    }),
  paymentMethod: z.enum(paymentMethods).optional(),
  notes: optionalText(50),
  rectificationReason: z
    .enum(rectificationReasons)
    .optional()
    .describe(
      'When the sale was invoiced: the rectifying invoice’s reason (R1 by default; a simplified invoice is always rectified by an R5)',
    ),
});
export type RefundBody = z.input<typeof refundBody>;
