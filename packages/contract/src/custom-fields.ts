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
