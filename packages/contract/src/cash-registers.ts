import { z } from 'zod';
import { euros, optionalText } from './common.js';

/** Opening a register: the cash in the drawer, at least 0, 300 € when not given. */
export const cashRegisterOpenBody = z.object({
  initialAmount: euros.min(0).default(300),
});
export type CashRegisterOpenBody = z.input<typeof cashRegisterOpenBody>;

export const cashRegisterCloseBody = z.object({
  notes: optionalText(1000),
});
export type CashRegisterCloseBody = z.input<typeof cashRegisterCloseBody>;

/** A product's sales (or refunds) at one unit price in a register. Amounts in euros, VAT included. */
export const cashRegisterProductLineSchema = z.object({
  name: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  amount: z.number(),
});
export type CashRegisterProductLine = z.infer<typeof cashRegisterProductLineSchema>;

/**
 * The figures of a register (the spec's "Cash register summary"), from the paid orders attached to it
 * (cash and card sales): sales and refunds counted and summed, split by payment method. Refund amounts
 * are positive; `currentCashAmount` is initialAmount + cash sales − cash refunds.
 */
export const cashRegisterFiguresSchema = z.object({
  initialAmount: z.number(),
  currentCashAmount: z.number(),
  ordersCount: z.number().int(),
  ordersAmount: z.number(),
  refundsCount: z.number().int(),
  refundsAmount: z.number(),
  cashOrdersCount: z.number().int(),
  cashOrdersAmount: z.number(),
  cashRefundsCount: z.number().int(),
  cashRefundsAmount: z.number(),
  cardOrdersCount: z.number().int(),
  cardOrdersAmount: z.number(),
  cardRefundsCount: z.number().int(),
  cardRefundsAmount: z.number(),
  productsSoldCash: z.array(cashRegisterProductLineSchema),
  productsRefundCash: z.array(cashRegisterProductLineSchema),
  productsSoldCard: z.array(cashRegisterProductLineSchema),
  productsRefundCard: z.array(cashRegisterProductLineSchema),
});
export type CashRegisterFigures = z.infer<typeof cashRegisterFiguresSchema>;

export const cashRegisterSummarySchema = cashRegisterFiguresSchema.extend({
  id: z.number().int(),
  startsAt: z.string(),
  endDate: z.string().nullable().describe('When it was closed; null while open'),
  openedBy: z.number().int().nullable(),
  closedBy: z.number().int().nullable(),
  username: z.string().nullable().describe('Who opened it'),
  notes: z.string().nullable().describe('The closing notes'),
  reportFileId: z
    .number()
    .int()
    .nullable()
    .describe(
      'The closing report: a PDF file produced when the register is closed (download it from /v1/admin/files/download/{id}); null while open',
    ),
});
export type CashRegisterSummary = z.infer<typeof cashRegisterSummarySchema>;

export const cashRegisterListFields = [
  'id',
  'startsAt',
  'endDate',
  'username',
  'initialAmount',
  'currentCashAmount',
  'ordersCount',
  'ordersAmount',
  'refundsCount',
  'refundsAmount',
  'cashOrdersCount',
  'cashOrdersAmount',
  'cashRefundsCount',
  'cashRefundsAmount',
  'cardOrdersCount',
  'cardOrdersAmount',
  'cardRefundsCount',
  'cardRefundsAmount',
] as const;

/** The history: each register with its figures (the open one's as of now). */
export const cashRegisterListItemSchema = cashRegisterFiguresSchema
  .omit({
    productsSoldCash: true,
    productsRefundCash: true,
    productsSoldCard: true,
    productsRefundCard: true,
  })
  .extend({
    id: z.number().int(),
    startsAt: z.string(),
    endDate: z.string().nullable(),
    username: z.string().nullable(),
    notes: z.string().nullable(),
    reportFileId: z.number().int().nullable().describe('The closing report (PDF); null while open'),
  });
export type CashRegisterListItem = z.infer<typeof cashRegisterListItemSchema>;
