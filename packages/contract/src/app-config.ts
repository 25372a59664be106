import { z } from 'zod';

/** Public, per-host configuration the web app reads before anything else. */
export const appConfigSchema = z.object({
  appName: z.string(),
  version: z.string(),
  brand: z
    .object({
      primaryColor: z.string(),
      logoUrl: z.string().nullable(),
      language: z.string(),
    })
    .nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
