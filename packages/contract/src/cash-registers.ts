import { z } from 'zod';
import { cashDenominations, denominationsCents } from './cash-register-values.js';
import { euros, optionalText } from './common.js';

export * from './cash-register-values.js';

/** Opening a register: the cash in the drawer, at least 0, 300 € when not given. */
export const cashRegisterOpenBody = z.object({
  initialAmount: euros.min(0).default(300),
});
export type CashRegisterOpenBody = z.input<typeof cashRegisterOpenBody>;

const maxCount = 100_000;

/** How many of one note or coin are in the drawer. */
export const cashCountLineSchema = z.object({
  value: z
    .number()
    .refine((v) => (cashDenominations as readonly number[]).includes(v), {
      message: 'not a euro note or coin',
    })
    .describe(
      'The note or coin in euros: 500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01',
    ),
  count: z.number().int().min(0).max(maxCount),
});
export type CashCountLine = z.infer<typeof cashCountLineSchema>;

/**
 * Closing: the notes, and the cash counted in the drawer, either as one amount (`countedCash`, euros) or
 * note by note (`denominations`, summed in cents by the server); one of the two is required.
 */
export const cashRegisterCloseBody = z
  .object({
    notes: optionalText(1000),
    countedCash: euros.min(0).optional().describe('The cash counted in the drawer, in euros'),
    denominations: z
      .array(cashCountLineSchema)
      .max(cashDenominations.length)
      .optional()
      .describe('The cash counted note by note and coin by coin; instead of countedCash'),
  })
  .superRefine((body, ctx) => {
    if (body.countedCash === undefined && body.denominations === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['countedCash'],
        message: 'required: the counted cash (countedCash or denominations)',
      });
    if (body.countedCash !== undefined && body.denominations !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['denominations'],
        message: 'give either countedCash or denominations',
      });
    const seen = new Set<number>();
    body.denominations?.forEach((line, i) => {
      if (seen.has(line.value))
        ctx.addIssue({ code: 'custom', path: ['denominations', i, 'value'], message: 'counted twice' });
      seen.add(line.value);
    });
    // Summed only once every line is a note or coin counted in whole units (the lines' own issues say why not).
    const lines = body.denominations ?? [];
    const countable = lines.every(
      (l) =>
        (cashDenominations as readonly number[]).includes(l.value) &&
        Number.isInteger(l.count) &&
        l.count >= 0 &&
        l.count <= maxCount,
    );
    if (countable && denominationsCents(lines) > 1_000_000_000)
      ctx.addIssue({ code: 'custom', path: ['denominations'], message: 'amount too large' });
  });
export type CashRegisterCloseBody = z.input<typeof cashRegisterCloseBody>;

/**
 * The drawer as counted at closing, in euros: `expectedCash` is what should be there (initialAmount + cash
 * sales − cash refunds), `difference` is counted − expected (negative: cash missing; positive: cash over).
 */
export const cashCountSchema = z.object({
  countedCash: z.number(),
  expectedCash: z.number(),
  difference: z.number(),
  denominations: z
    .array(cashCountLineSchema)
    .nullable()
    .describe('The notes and coins counted; null when counted as one amount'),
});
export type CashCount = z.infer<typeof cashCountSchema>;

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
  cashCount: cashCountSchema
    .nullable()
    .describe('The cash counted at closing with the expected cash and the difference; null while open'),
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
  'countedCash',
  'cashDifference',
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
    cashCount: cashCountSchema.nullable().describe('The cash counted at closing; null while open'),
    reportFileId: z.number().int().nullable().describe('The closing report (PDF); null while open'),
  });
export type CashRegisterListItem = z.infer<typeof cashRegisterListItemSchema>;
