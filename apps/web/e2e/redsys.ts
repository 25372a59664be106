import { createCipheriv, createHmac } from 'node:crypto';

/*
 * Redsys as the browser suite plays it: what its payment form carries and the notification it POSTs
 * back, signed with HMAC_SHA256_V1 (the reference's §2.3–2.4), with node:crypto only. The suite never
 * reaches Redsys: the test reads the form Mostrador's payment page would post and answers for Redsys.
 */

/** Redsys' public test merchant (reference §2.7). */
export const testMerchant = {
  fuc: '999008881',
  terminal: '1',
  currency: '978',
  key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
} as const;

export const signatureVersion = 'HMAC_SHA256_V1';

/**
 * The key of one order: the order number, zero-padded to a multiple of 8 bytes, encrypted with 3DES-CBC
 * (zero IV, no padding of its own) under the terminal's key (Base64, 24 bytes).
 */
export function orderKey(secretKey: string, order: string): Buffer {
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.ceil(data.length / 8) * 8);
  data.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secretKey, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/**
 * The signature of Base64 merchant parameters, exactly as sent, for an order: HMAC-SHA256 keyed with the
 * order's key. Standard Base64 in a payment request; base64url keeping the `=` padding in a notification
 * (as Redsys writes it, PHP's `strtr(base64, '+/', '-_')`).
 */
export function signParameters(
  secretKey: string,
  order: string,
  merchantParameters: string,
  encoding: 'base64' | 'base64url' = 'base64url',
): string {
  const mac = createHmac('sha256', orderKey(secretKey, order)).update(merchantParameters).digest('base64');
  return encoding === 'base64' ? mac : mac.replace(/\+/g, '-').replace(/\//g, '_');
}

/** Parameters as Redsys carries them: the Base64 of their JSON. */
export function encodeParameters(params: Record<string, string>): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
}

/** Base64 (or base64url) merchant parameters read back. */
export function decodeParameters(encoded: string): Record<string, string> {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as Record<string, string>;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(
        entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
      );
    return entities[entity.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, , doubleQuoted, singleQuoted, bare] of tag.matchAll(
    /([\w:-]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
  ))
    if (name) attributes[name.toLowerCase()] = unescapeHtml(doubleQuoted ?? singleQuoted ?? bare ?? '');
  return attributes;
}

/** What a payment page hands to Redsys: where its form posts and its fields, the parameters decoded. */
export interface RedsysForm {
  action: string;
  fields: Record<string, string>;
  params: Record<string, string>;
  /** `DS_MERCHANT_ORDER`, the Redsys order number (either spelling of the parameters). */
  order: string;
  amountCents: number;
  currency: string;
  terminal: string;
  merchantCode: string;
  transactionType: string;
}

/** Reads the hand-off page (`GET /pay/{token}`): its form's action, hidden fields and parameters. */
export function readPaymentForm(html: string): RedsysForm {
  const form = /<form\b[^>]*>/i.exec(html);
  if (!form) throw new Error(`no form on the payment page: ${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input\b[^>]*>/gi)) {
    const { name, value } = attributesOf(input);
    if (name) fields[name] = value ?? '';
  }
  const encoded = fields.Ds_MerchantParameters;
  if (!encoded) throw new Error(`no Ds_MerchantParameters on the payment page: ${JSON.stringify(fields)}`);
  const params = decodeParameters(encoded);
  const param = (name: string) => params[name] ?? params[camelOf(name)] ?? '';
  return {
    action: attributesOf(form[0]).action ?? '',
    fields,
    params,
    order: param('DS_MERCHANT_ORDER'),
    amountCents: Number(param('DS_MERCHANT_AMOUNT')),
    currency: param('DS_MERCHANT_CURRENCY'),
    terminal: param('DS_MERCHANT_TERMINAL'),
    merchantCode: param('DS_MERCHANT_MERCHANTCODE'),
    transactionType: param('DS_MERCHANT_TRANSACTIONTYPE'),
  };
}

/** `DS_MERCHANT_AMOUNT` → `Ds_Merchant_Amount`, Redsys' other spelling. */
function camelOf(name: string): string {
  return name
    .toLowerCase()
    .split('_')
    .map((part, index) => (index === 0 ? 'Ds' : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('_');
}

/** The form fields of Redsys' notification of a form's payment: `0000` (authorised) unless told. */
export function notificationFor(
  form: RedsysForm,
  secretKey: string,
  { response = '0000', authorisationCode = '283645', now = new Date() } = {},
): Record<string, string> {
  const two = (n: number) => String(n).padStart(2, '0');
  const params: Record<string, string> = {
    // URL-encoded inside the JSON, as Redsys sends them.
    Ds_Date: encodeURIComponent(`${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()}`),
    Ds_Hour: encodeURIComponent(`${two(now.getHours())}:${two(now.getMinutes())}`),
    Ds_SecurePayment: '1',
    Ds_Amount: String(form.amountCents),
    Ds_Currency: form.currency,
    Ds_Order: form.order,
    Ds_MerchantCode: form.merchantCode,
    // Redsys writes the terminal with three digits.
    Ds_Terminal: form.terminal.padStart(3, '0'),
    Ds_Response: response,
    Ds_TransactionType: form.transactionType,
    Ds_MerchantData: '',
    Ds_AuthorisationCode: response === '0000' ? authorisationCode : '++++++',
    Ds_ConsumerLanguage: '1',
    Ds_Card_Country: '724',
    Ds_Card_Brand: '1',
  };
  const merchantParameters = encodeParameters(params);
  return {
    Ds_SignatureVersion: signatureVersion,
    Ds_MerchantParameters: merchantParameters,
    Ds_Signature: signParameters(secretKey, form.order, merchantParameters),
  };
}
