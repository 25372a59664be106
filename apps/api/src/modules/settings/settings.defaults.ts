import { defaultTimeZone, type Language, type Settings } from '@mostrador/contract';

export type PublicSettings = Omit<Settings, 'mail' | 'stripe' | 'redsys' | 'google'> & {
  mail: Omit<Settings['mail'], 'passSet'>;
  stripe: Omit<Settings['stripe'], 'secretKeySet' | 'testSecretKeySet' | 'webhookSecretSet'>;
  redsys: Omit<Settings['redsys'], 'encryptionKeySet'>;
  google: Omit<Settings['google'], 'clientSecretSet' | 'redirectUrl'>;
};

/** Where each write-only secret lives in the PUT body, and the flag that says it is set. */
export const secretFields = {
  'mail.pass': 'passSet',
  'stripe.secretKey': 'secretKeySet',
  'stripe.testSecretKey': 'testSecretKeySet',
  'stripe.webhookSecret': 'webhookSecretSet',
  'redsys.encryptionKey': 'encryptionKeySet',
  'google.clientSecret': 'clientSecretSet',
} as const;
/**
 * Every stored secret: those of the PUT body, and the Verifactu certificate (PKCS#12, base64) with its
 * password, written only by the certificate upload.
 */
export type SecretPath =
  | keyof typeof secretFields
  | 'verifactu.certificate'
  | 'verifactu.certificatePassword';

export function defaultSettings(companyName: string | null, locale: Language = 'es'): PublicSettings {
  // No text of the company's own: the mail's own subject and text go, in each customer's language.
  const notification = () => ({ status: false, hour: 9, daysInAdvance: 1, subject: '', body: '' });
  return {
    companyName,
    vat: null,
    email: null,
    phone: null,
    street: null,
    postalCode: null,
    city: null,
    state: null,
    country: 'España',
    web: null,
    widgetUrl: null,
    widgetColor: null,
    logo: null,
    locale,
    otherLanguages: [],
    timeZone: defaultTimeZone,
    mail: {
      host: null,
      port: 587,
      user: null,
      fromMailAddress: null,
      supplierFromMailAddress: null,
      security: 'starttls',
    },
    payment: { gateway: null },
    stripe: { mode: 'test', publishKey: null, testPublishKey: null, successUrl: null, errorUrl: null },
    redsys: {
      url: null,
      fuc: null,
      terminal: '1',
      currency: '978',
      transactionType: 'authorization',
      version: 'HMAC_SHA256_V1',
    },
    verifactu: { status: false, environment: 'test', taxId: null, certificate: null },
    billing: {
      legalName: null,
      street: null,
      postalCode: null,
      city: null,
      state: null,
      country: null,
      fullSeries: '',
      simplifiedSeries: 'T',
      rectifyingSeries: 'R',
      simplifiedInvoices: false,
      simplifiedInvoiceLimit: 400,
    },
    notifications: {
      booking: notification(),
      birthday: notification(),
    },
    giftVouchers: { daysQuantityForAGiftVoucherExpiration: 365, numberOfBookings: 1 },
    bookings: { freeCancellationHours: 24 },
    subscriptions: { daysToPaySubscriptionRenewal: 5, freeSubscriptionTrialDays: 0 },
    google: { clientId: null },
  };
}
