import type { CertificateInfo, Settings, updateSettingsBody, WidgetEmbed } from '@mostrador/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  type CertificateDetails,
  CertificateError,
  readCertificate,
} from '../../integrations/verifactu/certificate.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { assertOwned } from '../../lib/references.js';
import type { SecretBox } from '../../lib/secrets.js';
import { updateSettings } from '../../workflows/update-settings.js';
import { createLicensesRepository } from '../licenses/licenses.repository.js';
import type { MailsService } from '../mails/mails.service.js';
import { defaultSettings, type PublicSettings, type SecretPath, secretFields } from './settings.defaults.js';
import { createSettingsRepository } from './settings.repository.js';

type UpdateBody = z.output<typeof updateSettingsBody>;
/** Billing and payment sections (the spec's /settings/billing and /settings/payment): settings_paymentGateway. */
const gatewaySections = ['payment', 'stripe', 'redsys', 'verifactu', 'billing'] as const;

/** Where Google sends staff back after they consent to a calendar link (the OAuth client's redirect URI). */
export function googleRedirectUrl(publicUrl: string | undefined): string {
  return `${(publicUrl ?? '').replace(/\/+$/, '')}/v1/google/oauth/callback`;
}

function withSecretFlags(
  data: PublicSettings,
  secrets: Record<string, string>,
  publicUrl: string | undefined,
): Settings {
  const set = (path: SecretPath) => typeof secrets[path] === 'string';
  return {
    ...data,
    mail: { ...data.mail, passSet: set('mail.pass') },
    stripe: {
      ...data.stripe,
      secretKeySet: set('stripe.secretKey'),
      testSecretKeySet: set('stripe.testSecretKey'),
      webhookSecretSet: set('stripe.webhookSecret'),
    },
    redsys: { ...data.redsys, encryptionKeySet: set('redsys.encryptionKey') },
    google: {
      ...data.google,
      clientSecretSet: set('google.clientSecret'),
      redirectUrl: googleRedirectUrl(publicUrl),
    },
  };
}

/**
 * Verifactu switched on needs what every record carries: the issuer's tax id and name, and the
 * certificate that signs the submissions (400 naming each missing field).
 */
function verifactuReady(next: PublicSettings) {
  const missing: { field: string; message: string }[] = [];
  if (!next.verifactu.taxId)
    missing.push({ field: 'verifactu.taxId', message: 'required with Verifactu on' });
  if (!next.verifactu.certificate)
    missing.push({ field: 'verifactu.certificate', message: 'upload the certificate first' });
  if (!(next.billing.legalName ?? next.companyName))
    missing.push({ field: 'billing.legalName', message: 'required with Verifactu on' });
  if (missing.length) throw new AppError('validation', missing);
}

export function createSettingsService(deps: {
  db: Db;
  secretBox: SecretBox;
  /** Set once the mails module exists (it needs the settings itself). */
  mails?: Pick<MailsService, 'dispatch' | 'waitingIds'>;
  /** The server's public address (PUBLIC_URL): where the booking widget is served. */
  publicUrl?: string;
}) {
  const repo = createSettingsRepository(deps.db);

  async function load(licenseId: number, db?: DbOrTx) {
    const row = await (db ? createSettingsRepository(db) : repo).find(licenseId);
    if (!row) throw notFound();
    return merged(row);
  }

  /** Stored settings over today's defaults, so a setting added later has its default. */
  function merged(row: { data: Record<string, unknown>; secrets: Record<string, string> }) {
    const defaults = defaultSettings(null);
    const stored = row.data as Partial<PublicSettings>;
    const data = { ...defaults, ...stored } as PublicSettings;
    for (const key of [
      'mail',
      'payment',
      'stripe',
      'redsys',
      'verifactu',
      'billing',
      'notifications',
      'giftVouchers',
      'bookings',
      'subscriptions',
      'google',
    ] as const) {
      (data as Record<string, unknown>)[key] = { ...defaults[key], ...(stored[key] ?? {}) };
    }
    return { data, secrets: row.secrets };
  }

  return {
    /** The booking widget's addresses for the company's snippet (PUBLIC_URL, the license's code). */
    async widgetEmbed(auth: AuthContext): Promise<WidgetEmbed> {
      const license = await createLicensesRepository(deps.db).find(auth.licenseId);
      if (!license) throw notFound();
      const base = (deps.publicUrl ?? '').replace(/\/+$/, '');
      return {
        licenseCode: license.code,
        scriptUrl: `${base}/widget.js`,
        frameUrl: `${base}/widget/${encodeURIComponent(license.code)}`,
      };
    },

    async get(auth: AuthContext): Promise<Settings> {
      return this.ofLicense(auth.licenseId);
    },

    /** A license's settings as `get` answers them (secrets only flagged), for work done without a caller. */
    /** Settings as `get` answers them, from a `company_settings` row another query already read. */
    fromRow(row: { data: Record<string, unknown>; secrets: Record<string, string> }): Settings {
      const { data, secrets } = merged(row);
      return withSecretFlags(data, secrets, deps.publicUrl);
    },

    async ofLicense(licenseId: number, db?: DbOrTx): Promise<Settings> {
      const { data, secrets } = await load(licenseId, db);
      return withSecretFlags(data, secrets, deps.publicUrl);
    },

    /** The company's time zone and language, for services that compute in them. */
    async localeOf(licenseId: number) {
      const { data } = await load(licenseId);
      return { locale: data.locale, timeZone: data.timeZone };
    },

    /**
     * The company's mail server for the sending worker, the password decrypted, with the sender
     * (`"Company" <from>`); null while no server or no from address is set.
     */
    async mailServer(licenseId: number) {
      const { data, secrets } = await load(licenseId);
      const from = data.mail.fromMailAddress ?? data.email;
      if (!data.mail.host || !from) return null;
      const sealed = secrets['mail.pass'];
      const name = (data.companyName ?? '').replace(/["\\\r\n]/g, '').trim();
      const address = (email: string) => (name ? `"${name}" <${email}>` : email);
      return {
        smtp: {
          host: data.mail.host,
          port: data.mail.port ?? (data.mail.security === 'tls' ? 465 : 587),
          security: data.mail.security ?? 'starttls',
          user: data.mail.user,
          pass: sealed ? deps.secretBox.open(sealed) : null,
        },
        from: address(from),
        supplierFrom: address(data.mail.supplierFromMailAddress ?? from),
      };
    },

    /** The licenses whose mail server is set (the sweep sends their parked mails). */
    async licensesWithMailServer(): Promise<number[]> {
      return repo.withMailServer();
    },

    /** The licenses with a reminder or a birthday greeting switched on. */
    async licensesWithNotifications(): Promise<number[]> {
      return (await repo.withNotifications()).map((r) => r.licenseId);
    },

    /** A decrypted secret for an integration; never sent to a client. */
    async secret(licenseId: number, path: SecretPath, db?: DbOrTx): Promise<string | null> {
      const { secrets } = await load(licenseId, db);
      const sealed = secrets[path];
      return sealed ? deps.secretBox.open(sealed) : null;
    },

    /** Saves the sections sent: the update-settings workflow (a new main language renames products). */
    async update(auth: AuthContext, body: UpdateBody): Promise<Settings> {
      return updateSettings({ db: deps.db, settings: this, mails: deps.mails }, auth, body);
    },

    /**
     * The settings as they will be once `body` is saved, and the main language they leave, if it
     * changes. Contract §4: the billing and payment sections need settings_paymentGateway; everything
     * else (the general settings, mail server, notifications, vouchers, subscriptions) needs settings_edit.
     */
    async changed(auth: AuthContext, body: UpdateBody) {
      const sent = Object.keys(body).filter((key) => body[key as keyof UpdateBody] !== undefined);
      const gateway = sent.some((key) => (gatewaySections as readonly string[]).includes(key));
      const general = sent.some((key) => !(gatewaySections as readonly string[]).includes(key));
      if (
        (gateway && !auth.permissions.has('settings_paymentGateway')) ||
        (general && !auth.permissions.has('settings_edit'))
      ) {
        throw new AppError('forbidden');
      }
      // The logo is a file the company uploaded itself.
      await assertOwned(deps.db, auth.licenseId, [
        { field: 'logo', table: 'file', image: true, id: body.logo, what: 'file' },
      ]);
      const { data, secrets } = await load(auth.licenseId);
      const next: Record<string, unknown> = { ...data };
      const nextSecrets = { ...secrets };
      for (const [key, value] of Object.entries(body)) {
        if (value === undefined) continue;
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          const section: Record<string, unknown> = { ...(value as Record<string, unknown>) };
          for (const path of Object.keys(secretFields) as SecretPath[]) {
            const [owner, field] = path.split('.') as [string, string];
            if (owner !== key || !(field in section)) continue;
            const secret = section[field];
            delete section[field];
            if (secret === undefined) continue;
            if (secret === null || secret === '') delete nextSecrets[path];
            else nextSecrets[path] = deps.secretBox.seal(String(secret));
          }
          next[key] = { ...(data as unknown as Record<string, Record<string, unknown>>)[key], ...section };
        } else {
          next[key] = value;
        }
      }
      if (body.verifactu?.status) verifactuReady(next as unknown as PublicSettings);
      const locale =
        body.locale !== undefined && body.locale !== data.locale
          ? { from: data.locale, to: body.locale }
          : undefined;
      return { data: next, secrets: nextSecrets, locale };
    },

    /** Saves what `changed` answered, in the caller's transaction. */
    async save(
      tx: DbOrTx,
      licenseId: number,
      change: { data: Record<string, unknown>; secrets: Record<string, string> },
    ) {
      await createSettingsRepository(tx).update(licenseId, change.data, change.secrets);
    },

    /**
     * Keeps the company's Verifactu certificate: read with its password first (400 1000150 when it
     * cannot be, 1000151 when expired), then both stored encrypted; the settings show only what it says.
     */
    async saveCertificate(auth: AuthContext, p12: Buffer, password: string): Promise<CertificateInfo> {
      let details: CertificateDetails;
      try {
        details = readCertificate(p12, password);
      } catch (error) {
        if (!(error instanceof CertificateError)) throw error;
        const field = error.reason === 'wrong_password' ? 'password' : 'file';
        throw new AppError('certificateUnreadable', [{ field, message: error.reason }]);
      }
      if (details.notAfter.getTime() <= Date.now())
        throw new AppError('certificateExpired', [
          { field: 'file', message: `expired ${details.notAfter.toISOString()}` },
        ]);
      const info: CertificateInfo = {
        holder: details.holder,
        taxId: details.taxId,
        issuer: details.issuer,
        notBefore: details.notBefore.toISOString(),
        notAfter: details.notAfter.toISOString(),
      };
      await deps.db.transaction(async (tx) => {
        const { data, secrets } = await load(auth.licenseId, tx);
        await createSettingsRepository(tx).update(
          auth.licenseId,
          { ...data, verifactu: { ...data.verifactu, certificate: info } },
          {
            ...secrets,
            'verifactu.certificate': deps.secretBox.seal(p12.toString('base64')),
            'verifactu.certificatePassword': deps.secretBox.seal(password),
          },
        );
      });
      return info;
    },

    /** Removes the certificate and its password; not while Verifactu is on (it signs the submissions). */
    async removeCertificate(auth: AuthContext) {
      await deps.db.transaction(async (tx) => {
        const { data, secrets } = await load(auth.licenseId, tx);
        if (data.verifactu.status)
          throw new AppError('validation', [
            { field: 'verifactu.certificate', message: 'switch Verifactu off first' },
          ]);
        const rest = { ...secrets };
        delete rest['verifactu.certificate'];
        delete rest['verifactu.certificatePassword'];
        await createSettingsRepository(tx).update(
          auth.licenseId,
          { ...data, verifactu: { ...data.verifactu, certificate: null } },
          rest,
        );
      });
    },

    /** The certificate and its password, decrypted, for the Verifactu submission; null without one. */
    async verifactuCertificate(licenseId: number) {
      const { secrets } = await load(licenseId);
      const p12 = secrets['verifactu.certificate'];
      const password = secrets['verifactu.certificatePassword'];
      if (!p12 || password === undefined) return null;
      return {
        pfx: Buffer.from(deps.secretBox.open(p12), 'base64'),
        passphrase: deps.secretBox.open(password),
      };
    },

    /** Creates a new license's settings, in the caller's transaction. */
    async createFor(db: DbOrTx, licenseId: number, companyName: string) {
      await createSettingsRepository(db).insert(licenseId, { ...defaultSettings(companyName) });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
