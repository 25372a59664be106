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
  SECRETS_KEY: z.string().optional(),
  /** The earlier name of SECRETS_KEY, still read. */
  SECRET_KEY: z.string().optional(),
  /** Where the product is reached from outside: every link it sends (mails, payment links) starts here. */
  PUBLIC_URL: z.string().url().optional(),
  /** Background jobs (mail sending, reminders) in this process; `0` only queues them for another. */
  JOBS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** A mail that meets a temporary failure is tried again this many times, waiting longer each time. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
  /** The first wait before trying a mail again, in seconds; it doubles with each attempt (to an hour). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** AEAT's Verifactu SOAP address; unset, AEAT's own for the environment the company chose. */
  VERIFACTU_ENDPOINT: z.string().url().optional(),
  /** The producer of the invoicing system, as every Verifactu record names it (SistemaInformatico). */
  VERIFACTU_PRODUCER_NAME: z.string().trim().min(1).max(120).default('Mostrador'),
  VERIFACTU_PRODUCER_TAX_ID: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{9}$/)
    .default('B00000000'),
  /** Stripe's API address; unset, Stripe's own (tests point it at a local server speaking its API). */
  STRIPE_API_URL: z.string().url().optional(),
  /**
   * Google's OAuth 2 address for both the consent page (`/o/oauth2/v2/auth`) and the token endpoint
   * (`/token`); unset, Google's own (accounts.google.com, oauth2.googleapis.com). Tests point it at a fake.
   */
  GOOGLE_OAUTH_URL: z.string().url().optional(),
  /** Google's API root for Calendar v3; unset, https://www.googleapis.com/. */
  GOOGLE_API_URL: z.string().url().optional(),
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
  /** The built booking widget (apps/widget/dist by default); not built, the server runs without it. */
  WIDGET_DIST_DIR: z.string().optional(),
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

export type Config = z.infer<typeof envSchema> & { publicUrl: string; secretsKey: string | undefined };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const data = parsed.data;
  const host = data.HOST === '0.0.0.0' || data.HOST === '::' ? 'localhost' : data.HOST;
  const publicUrl = (data.PUBLIC_URL ?? `http://${host}:${data.PORT}`).replace(/\/+$/, '');
  return { ...data, publicUrl, secretsKey: data.SECRETS_KEY ?? data.SECRET_KEY };
}
