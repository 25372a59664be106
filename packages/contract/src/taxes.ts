import { z } from 'zod';

export const taxListFields = ['id', 'name', 'percentage', 'createdAt'] as const;

/** A tax percentage like 21 or 5.5: at most two decimals, 0 to 100. */
export const percentageSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6, {
    message: 'at most two decimals',
  });

export const taxSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percentage: z.number(),
  createdAt: z.string(),
});
export type Tax = z.infer<typeof taxSchema>;

export const taxBody = z.object({
  name: z.string().trim().min(1).max(80),
  percentage: percentageSchema,
});
export type TaxBody = z.input<typeof taxBody>;
