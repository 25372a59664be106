import { z } from 'zod';
import { hasAtMostTwoDecimals } from './money.js';

/** Ids are PostgreSQL integers. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id: idSchema });

/** A trimmed text with optional bounds; empty strings stay empty (use `optionalText` for nullable). */
export function text(min = 0, max = 255) {
  return z.string().trim().min(min).max(max);
}

/** A trimmed text that may be absent; an empty string becomes null. */
export function optionalText(max = 255) {
  return z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));
export const urlSchema = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/ }));

/** Euros as JSON numbers with at most two decimals, e.g. 12.5; stored as cents. */
export const euros = z
  .number()
  .refine(hasAtMostTwoDecimals, { message: 'at most two decimals' })
  .refine((v) => Math.abs(v) <= 10_000_000, { message: 'amount too large' });

export const timestamp = z.string().datetime({ offset: true });

export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const okSchema = z.object({ data: z.object({ ok: z.literal(true) }) });
