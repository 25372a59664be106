import { z } from 'zod';

/** An uploaded file as the API answers it. */
export const fileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type StoredFile = z.infer<typeof fileSchema>;

/** Uploads of at most 10 MiB. */
export const maxUploadBytes = 10 * 1024 * 1024;

export const uploadQuery = z.object({
  /** `image`: the upload must be an image the server can decode ("file is not an image"). */
  kind: z.enum(['image', 'any']).default('any'),
});

export const resizeQuery = z.object({
  width: z.coerce.number().int().min(1).max(4000).optional(),
  height: z.coerce.number().int().min(1).max(4000).optional(),
});
