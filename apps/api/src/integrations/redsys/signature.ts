import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Redsys's HMAC_SHA256_V1 signature (reference §2.3–2.4; Redsys's `ApiRedsys.php`), pure of the
 * database and of the network: the merchant parameters travel as Base64 of a JSON object, signed with
 * HMAC-SHA256 keyed by the order number encrypted with the terminal's 3DES secret key.
 */

/** Why Redsys data cannot be used: a signature that does not verify, data not of Redsys's form, no answer. */
export type RedsysErrorReason = 'signature' | 'malformed' | 'unreachable';

export class RedsysError extends Error {
  override readonly name = 'RedsysError';

  constructor(
    readonly reason: RedsysErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The only signature version Redsys defines today. */
export const SIGNATURE_VERSION = 'HMAC_SHA256_V1';

/** The terminal's secret key: Base64 (standard or URL alphabet) of the 24 bytes of a 3DES key. */
function secretKeyBytes(secretKeyBase64: string): Buffer {
  const text = secretKeyBase64.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text))
    throw new RedsysError('malformed', 'the Redsys secret key is not Base64');
  const key = Buffer.from(text, 'base64');
  if (key.length !== 24) throw new RedsysError('malformed', 'the Redsys secret key is not 24 bytes long');
  return key;
}

/**
 * The key of one order: its number (UTF-8, padded with zero bytes to a multiple of 8) encrypted with
 * 3DES-CBC under the terminal's secret key, IV all zeros, no PKCS padding.
 */
export function deriveOrderKey(secretKeyBase64: string, order: string): Buffer {
  if (order.length === 0) throw new RedsysError('malformed', 'the order number is empty');
  const message = Buffer.from(order, 'utf8');
  const padded = Buffer.concat([message, Buffer.alloc((8 - (message.length % 8)) % 8)]);
  const cipher = createCipheriv('des-ede3-cbc', secretKeyBytes(secretKeyBase64), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** `Ds_MerchantParameters`: standard Base64 of the JSON object, its keys in the order given. */
export function encodeParameters(params: Record<string, string>): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
}

/** Base64 in either alphabet, with or without its `=` padding (whitespace ignored). */
const BASE64_ANY = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** A value as Redsys's Java side writes it (`URLEncoder`: `%XX` escapes, `+` for a space), decoded. */
function urlDecoded(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

/**
 * The merchant parameters of a request, an answer or a notification: Base64 in either alphabet, padded
 * or not, of a JSON object. Values come back as strings, URL-decoded unless `urlDecode` is false (Redsys
 * writes `Ds_Date` as `22%2F10%2F2021` and a declined payment's `Ds_AuthorisationCode` as `++++++`);
 * a number or a boolean becomes its text, `null` an empty string, a nested object its JSON. Throws a
 * `RedsysError` ('malformed') for anything else.
 */
export function decodeParameters(b64: string, options: { urlDecode?: boolean } = {}): Record<string, string> {
  if (typeof b64 !== 'string') throw new RedsysError('malformed', 'the merchant parameters are not text');
  const text = b64.replace(/\s+/g, '');
  if (text.length === 0 || !BASE64_ANY.test(text))
    throw new RedsysError('malformed', 'the merchant parameters are not Base64');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch (cause) {
    throw new RedsysError('malformed', 'the merchant parameters are not JSON', { cause });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new RedsysError('malformed', 'the merchant parameters are not a JSON object');
  const decode = options.urlDecode ?? true;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') params[key] = decode ? urlDecoded(value) : value;
    else if (value === null) params[key] = '';
    else if (typeof value === 'object') params[key] = JSON.stringify(value);
    else params[key] = String(value);
  }
  return params;
}

/**
 * `Ds_Signature` of a request: HMAC-SHA256 of the Base64 parameters exactly as sent, keyed with the
 * order's key, in standard Base64.
 */
export function signParameters(
  secretKeyBase64: string,
  order: string,
  merchantParametersB64: string,
): string {
  return createHmac('sha256', deriveOrderKey(secretKeyBase64, order))
    .update(merchantParametersB64, 'utf8')
    .digest('base64');
}

/** The order number named in decoded parameters, whichever spelling Redsys or a merchant used. */
export function orderOf(params: Record<string, string>): string | null {
  for (const key of ['Ds_Order', 'DS_ORDER', 'Ds_Merchant_Order', 'DS_MERCHANT_ORDER']) {
    const value = params[key];
    if (value) return value;
  }
  return null;
}

/** The 32 bytes of a signature written in either Base64 alphabet, padded or not; null if it is not one. */
function signatureBytes(signature: string): Buffer | null {
  const text = signature.trim();
  if (!BASE64_ANY.test(text)) return null;
  const bare = text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  if (bare.length !== 43) return null;
  const bytes = Buffer.from(bare, 'base64');
  // Only the canonical writing: the unused low bits of the last character must be zero.
  if (bytes.length !== 32 || bytes.toString('base64').replace(/=+$/, '') !== bare) return null;
  return bytes;
}

/**
 * Whether `signature` is Redsys's signature of `merchantParametersB64` (the string as received, not
 * re-encoded), the order read from the parameters themselves. Notifications come in Base64url with
 * `=` padding (PHP's `strtr`), REST answers in standard Base64: both alphabets, with or without padding,
 * are compared as bytes, in constant time. Never throws: anything malformed is simply false.
 */
export function verifySignature(
  secretKeyBase64: string,
  merchantParametersB64: string,
  signature: string,
): boolean {
  try {
    if (typeof merchantParametersB64 !== 'string' || typeof signature !== 'string') return false;
    const given = signatureBytes(signature);
    if (!given) return false;
    const order = orderOf(decodeParameters(merchantParametersB64, { urlDecode: false }));
    if (!order) return false;
    const expected = Buffer.from(signParameters(secretKeyBase64, order, merchantParametersB64), 'base64');
    return timingSafeEqual(expected, given);
  } catch {
    return false;
  }
}
