import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  BOOTSTRAP_LICENSE: z.string().trim().min(1).default('admin'),
  BOOTSTRAP_USERNAME: z.string().trim().min(1).default('admin'),
  BOOTSTRAP_PASSWORD: z.string().min(8).optional(),
  /** 32-byte key (hex or base64) that encrypts secrets at rest; generated under DATA_DIR when unset. */
  SECRET_KEY: z.string().optional(),
  DEMO_DATA: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** The branded deployment host: on it the theme, logo and Spanish language are forced. */
  BRAND_HOST: z.string().optional(),
  BRAND_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#0f766e'),
  BRAND_LOGO_URL: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** A session not "remembered" ends after this many minutes without a request (and at its 12 hours). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
});

export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
