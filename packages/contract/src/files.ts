import { z } from 'zod';

export * from './file-values.js';

/** An uploaded file as the API answers it. */
export const fileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type StoredFile = z.infer<typeof fileSchema>;

export const uploadQuery = z.object({
  /** `image`: the upload must be an image the server can decode ("file is not an image"). */
  kind: z.enum(['image', 'any']).default('any'),
});

export const resizeQuery = z.object({
  width: z.coerce.number().int().min(1).max(4000).optional(),
  height: z.coerce.number().int().min(1).max(4000).optional(),
});
