import { z } from 'zod';

export const customFieldEntities = ['customer', 'product', 'booking', 'order', 'supplier'] as const;
export const customFieldTypes = ['text', 'number', 'date', 'boolean', 'select'] as const;

export const customFieldSchema = z.object({
  id: z.number().int(),
  entity: z.enum(customFieldEntities),
  name: z.string(),
  type: z.enum(customFieldTypes),
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const customFieldValueSchema = z.object({
  customFieldId: z.number().int(),
  value: z.string().max(2000).nullable(),
});
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

/** The longest name of a custom field, and of one of a select field's options. */
export const customFieldNameMax = 100;
export const customFieldOptionMax = 100;

/**
 * What a company sends to define a custom field. The name is trimmed and unique per entity (case aside);
 * a `select` field needs at least one option, distinct and not empty (trimmed); the other types take none.
 * The entity is chosen at creation and kept: a PUT that names another entity is refused.
 */
export const customFieldBody = z
  .object({
    entity: z.enum(customFieldEntities),
    name: z.string().trim().min(1).max(customFieldNameMax),
    type: z.enum(customFieldTypes),
    options: z.array(z.string().trim().min(1).max(customFieldOptionMax)).max(100).optional(),
    required: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const options = body.options ?? [];
    if (body.type !== 'select') {
      if (options.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'only a select field has options' });
      }
      return;
    }
    if (!options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'a select field needs at least one option',
      });
    }
    const seen = new Set<string>();
    options.forEach((option, i) => {
      const key = option.toLocaleLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['options', i], message: 'repeated option' });
      seen.add(key);
    });
  });
export type CustomFieldBody = z.input<typeof customFieldBody>;

/** The new order of one entity's custom fields: every one of its fields' ids, once, first to last. */
export const customFieldOrderBody = z.object({
  entity: z.enum(customFieldEntities),
  ids: z
    .array(z.number().int().positive())
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'each field at most once' }),
});
export type CustomFieldOrderBody = z.input<typeof customFieldOrderBody>;

/**
 * Whether a stored value (always a string) still reads as a value of this type: a number (`12.5`), a
 * YYYY-MM-DD day, 'true'/'false' (or '1'/'0'), one of the options. Empty values fit every type.
 */
export function customFieldValueFits(
  field: { type: (typeof customFieldTypes)[number]; options: readonly string[] },
  value: string | null,
): boolean {
  if (value === null || value === '') return true;
  switch (field.type) {
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value));
    case 'date': {
      // A day of the calendar: 2026-02-31 is not one.
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!match) return false;
      const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    }
    case 'boolean':
      return ['true', 'false', '1', '0'].includes(value);
    case 'select':
      return field.options.includes(value);
    default:
      return true;
  }
}
