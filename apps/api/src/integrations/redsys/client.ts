import { randomInt } from 'node:crypto';
import type { Language, redsysTransactionTypes } from '@mostrador/contract';
import {
  decodeParameters,
  deriveOrderKey,
  encodeParameters,
  orderOf,
  RedsysError,
  SIGNATURE_VERSION,
  signParameters,
  verifySignature,
} from './signature.js';

/**
 * The client of Redsys's virtual POS (reference §2): the redirection form the customer's browser posts
 * to Redsys, the notification Redsys posts back to us, and the REST operations on a payment already
 * made (refund, confirmation or cancellation of a held one), plus a check of the configured credentials.
 * Pure of the database; what goes wrong comes back as a `RedsysError`.
 */

export { RedsysError, type RedsysErrorReason } from './signature.js';

/** A terminal's settings, as the company's payment settings hold them. */
export interface RedsysConfig {
  /** The redirection URL, `…/sis/realizarPago` (Redsys's test or production host, or a fake's). */
  url: string;
  /** The merchant's FUC, nine digits. */
  fuc: string;
  /** The terminal, up to three digits. */
  terminal: string;
  /** ISO 4217 numeric currency: `978` for euros. */
  currency: string;
  /** The terminal's secret key (SHA-256 key of the Redsys admin), Base64. */
  secretKey: string;
  /** `Ds_SignatureVersion`; `HMAC_SHA256_V1` when not given. */
  version?: string;
}

/** How the customer's card is charged through the redirection. */
export type RedsysTransactionType = (typeof redsysTransactionTypes)[number];

/** `DS_MERCHANT_TRANSACTIONTYPE` of each way to charge. */
export const transactionTypeCode = {
  authorization: '0',
  'pre-authorization': '1',
  authentication: '7',
} as const satisfies Record<RedsysTransactionType, string>;

/** The REST type that confirms (captures) a held charge: 2 for a pre-authorization, 8 for an authentication. */
export const confirmationTypeCode = {
  'pre-authorization': '2',
  authentication: '8',
} as const;

/** Refund ("devolución automática") of an authorised or confirmed charge. */
export const REFUND_TYPE = '3';
/** Cancellation of a held pre-authorization. */
export const CANCELLATION_TYPE = '9';

/** The REST operations on an existing charge this client sends. */
export type RedsysRestType = '2' | '3' | '8' | '9';

/** Whether a charge of this kind is only held by the payment and needs a confirmation to be captured. */
export function isHeld(
  transactionType: RedsysTransactionType,
): transactionType is keyof typeof confirmationTypeCode {
  return transactionType in confirmationTypeCode;
}

/** `…/sis/realizarPago` → `…/sis/rest/trataPeticionREST` on the same origin. */
export function restUrlOf(redirectUrl: string): string {
  const url = new URL(redirectUrl);
  if (!/\/realizarPago\/?$/.test(url.pathname))
    throw new RangeError(`not a Redsys redirection URL (…/sis/realizarPago): ${redirectUrl}`);
  url.pathname = url.pathname.replace(/\/realizarPago\/?$/, '/rest/trataPeticionREST');
  url.search = '';
  url.hash = '';
  return url.toString();
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Redsys's rule for `DS_MERCHANT_ORDER`: 4 to 12 characters, the first 4 digits, the rest alphanumeric. */
export const REDSYS_ORDER = /^\d{4}[A-Za-z0-9]{0,8}$/;

/**
 * A fresh order number for Redsys: four random digits then eight random letters or digits (from the
 * system's CSPRNG), about 2^60 possibilities, so a number is never used twice (Redsys refuses a
 * repeated one, 913 / SIS0051).
 */
export function newRedsysOrder(): string {
  let order = String(randomInt(10_000)).padStart(4, '0');
  for (let i = 0; i < 8; i++) order += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return order;
}

/**
 * Redsys's `DS_MERCHANT_CONSUMERLANGUAGE` codes (Redsys's language table, as in redsys-easy
 * `src/assets/lang-codes.ts`): the old numbers for Spain's and the first EU languages, ISO 3166-1
 * numeric country codes for those added later. Every interface language has one.
 */
const CONSUMER_LANGUAGE: Record<Language, string> = {
  es: '1',
  en: '2',
  ca: '3',
  fr: '4',
  de: '5',
  it: '7',
  pt: '9',
  eu: '13',
  zh: '156',
  ru: '643',
};

/** The Redsys payment page's language for an interface language (English for any it does not know). */
export function consumerLanguageOf(language: Language): string {
  return CONSUMER_LANGUAGE[language] ?? CONSUMER_LANGUAGE.en;
}

function checkOrder(order: string): void {
  if (!REDSYS_ORDER.test(order))
    throw new RangeError(`a Redsys order number is 4 to 12 characters, the first 4 digits: ${order}`);
}

function amountText(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > 999_999_999_999)
    throw new RangeError(
      `a Redsys amount is a positive whole number of cents of up to 12 digits: ${amountCents}`,
    );
  return String(amountCents);
}

/** At most `max` characters (code points), as Redsys limits its free texts. */
function clip(text: string, max: number): string {
  return Array.from(text.trim()).slice(0, max).join('');
}

/** The three fields of a form or REST request, and what Redsys answers in return. */
export interface RedsysSignedFields {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

function signed(config: RedsysConfig, params: Record<string, string>, order: string): RedsysSignedFields {
  const merchantParameters = encodeParameters(params);
  return {
    Ds_SignatureVersion: config.version || SIGNATURE_VERSION,
    Ds_MerchantParameters: merchantParameters,
    Ds_Signature: signParameters(config.secretKey, order, merchantParameters),
  };
}

export interface RedirectRequest {
  /** A fresh `newRedsysOrder()`, kept to find the payment when Redsys notifies it. */
  order: string;
  amountCents: number;
  transactionType: RedsysTransactionType;
  /** Where Redsys POSTs the notification (`DS_MERCHANT_MERCHANTURL`). */
  merchantUrl: string;
  /** Where the browser returns after a payment authorised, and after one not. */
  urlOk: string;
  urlKo: string;
  /** Shown on the payment page (`DS_MERCHANT_PRODUCTDESCRIPTION`, cut to Redsys's 125 characters). */
  description?: string;
  /** The payment page's language. */
  language?: Language;
  /** The cardholder's name (`DS_MERCHANT_TITULAR`, cut to Redsys's 60 characters). */
  titular?: string;
}

/**
 * The form the customer's browser POSTs (`application/x-www-form-urlencoded`) to Redsys's payment
 * page: `action` and its three hidden fields. Parameters in UPPERCASE `DS_MERCHANT_*` spelling.
 * Throws a RangeError for an order number or an amount Redsys would refuse.
 */
export function redirectForm(
  config: RedsysConfig,
  request: RedirectRequest,
): { action: string; fields: RedsysSignedFields } {
  checkOrder(request.order);
  const params: Record<string, string> = {
    DS_MERCHANT_TRANSACTIONTYPE: transactionTypeCode[request.transactionType],
    DS_MERCHANT_ORDER: request.order,
    DS_MERCHANT_MERCHANTCODE: config.fuc,
    DS_MERCHANT_TERMINAL: config.terminal,
    DS_MERCHANT_AMOUNT: amountText(request.amountCents),
    DS_MERCHANT_CURRENCY: config.currency,
    DS_MERCHANT_MERCHANTURL: request.merchantUrl,
    DS_MERCHANT_URLOK: request.urlOk,
    DS_MERCHANT_URLKO: request.urlKo,
  };
  const description = request.description ? clip(request.description, 125) : '';
  if (description) params.DS_MERCHANT_PRODUCTDESCRIPTION = description;
  const titular = request.titular ? clip(request.titular, 60) : '';
  if (titular) params.DS_MERCHANT_TITULAR = titular;
  if (request.language) params.DS_MERCHANT_CONSUMERLANGUAGE = consumerLanguageOf(request.language);
  return { action: config.url, fields: signed(config, params, request.order) };
}

// ---------------------------------------------------------------------------------------------------
// Ds_Response (reference §2.5; redsys-easy `isResponseCodeOk`)

/** 0000–0099: a payment, pre-authorization or authentication authorised. */
export function isPaymentAuthorised(code: number): boolean {
  return Number.isInteger(code) && code >= 0 && code <= 99;
}

/** 0900: a refund or a confirmation authorised. */
export function isRefundOrConfirmationAuthorised(code: number): boolean {
  return code === 900;
}

/** 0400: a cancellation authorised. */
export function isCancellationAuthorised(code: number): boolean {
  return code === 400;
}

/**
 * Whether `Ds_Response` says the operation went through. Given the operation's
 * `Ds_TransactionType`, only the code that type succeeds with counts (0–99 for 0, 1, 7; 900 for 2, 3,
 * 8; 400 for 9); without it, any of the three.
 */
export function isAuthorised(code: number, transactionType?: string): boolean {
  switch (transactionType) {
    case undefined:
      return (
        isPaymentAuthorised(code) || isRefundOrConfirmationAuthorised(code) || isCancellationAuthorised(code)
      );
    case '2':
    case '3':
    case '8':
      return isRefundOrConfirmationAuthorised(code);
    case '9':
      return isCancellationAuthorised(code);
    default:
      return isPaymentAuthorised(code);
  }
}

// ---------------------------------------------------------------------------------------------------
// The notification

/** What Redsys POSTs to `DS_MERCHANT_MERCHANTURL` (form fields, all optional as a form may lack any). */
export interface RedsysNotificationBody {
  Ds_SignatureVersion?: string;
  Ds_MerchantParameters?: string;
  Ds_Signature?: string;
}

/** A verified notification. */
export interface RedsysNotification {
  order: string;
  /** `Ds_Response` as a number: `0000` → 0, `0190` → 190. */
  response: number;
  amountCents: number;
  currency: string;
  /** `Ds_AuthorisationCode`; null when blank (a declined payment's `++++++`). */
  authorisationCode: string | null;
  /** `Ds_TransactionType`: `0`, `1` or `7` for a charge through the redirection. */
  transactionType: string;
  /** `isAuthorised(response, transactionType)`. */
  success: boolean;
  /** Every parameter, URL-decoded (`Ds_Date` `22/10/2021`, `Ds_Hour` `22:51`, …). */
  params: Record<string, string>;
}

function sameNumber(a: string | undefined, b: string): boolean {
  return a !== undefined && /^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b);
}

/**
 * Reads and verifies Redsys's notification: the signature over the parameters as received, keyed
 * with the order they name (reference §2.4). Given the whole config, the notification must also be for
 * its merchant and terminal (Redsys writes the terminal `001` for `1`). Throws `RedsysError`:
 * 'signature' when the signature does not verify, 'malformed' when a field is missing or not Redsys's.
 */
export function readNotification(
  config: RedsysConfig | string,
  body: RedsysNotificationBody,
): RedsysNotification {
  const secretKey = typeof config === 'string' ? config : config.secretKey;
  const version = (typeof config === 'string' ? undefined : config.version) || SIGNATURE_VERSION;
  const { Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature } = body ?? {};
  if (typeof Ds_MerchantParameters !== 'string' || !Ds_MerchantParameters)
    throw new RedsysError('malformed', 'the notification has no Ds_MerchantParameters');
  if (typeof Ds_Signature !== 'string' || !Ds_Signature)
    throw new RedsysError('malformed', 'the notification has no Ds_Signature');
  if (Ds_SignatureVersion !== version)
    throw new RedsysError('malformed', `the notification's signature version is not ${version}`);
  const params = decodeParameters(Ds_MerchantParameters);
  if (!orderOf(params)) throw new RedsysError('malformed', 'the notification names no order');
  if (!verifySignature(secretKey, Ds_MerchantParameters, Ds_Signature))
    throw new RedsysError('signature', "the notification's signature does not verify");
  if (typeof config !== 'string') {
    if (!sameNumber(params.Ds_MerchantCode, config.fuc) || !sameNumber(params.Ds_Terminal, config.terminal))
      throw new RedsysError('malformed', 'the notification is for another merchant or terminal');
  }
  const response = params.Ds_Response ?? '';
  const amount = params.Ds_Amount ?? '';
  const transactionType = params.Ds_TransactionType ?? '';
  if (!/^\d{1,4}$/.test(response)) throw new RedsysError('malformed', 'the notification has no Ds_Response');
  if (!/^\d{1,12}$/.test(amount)) throw new RedsysError('malformed', 'the notification has no Ds_Amount');
  if (!transactionType) throw new RedsysError('malformed', 'the notification has no Ds_TransactionType');
  const code = Number(response);
  const authorisationCode = (params.Ds_AuthorisationCode ?? '').trim();
  return {
    order: orderOf(params)!,
    response: code,
    amountCents: Number(amount),
    currency: params.Ds_Currency ?? '',
    authorisationCode: /^[A-Za-z0-9]+$/.test(authorisationCode) ? authorisationCode : null,
    transactionType,
    success: isAuthorised(code, transactionType),
    params,
  };
}

// ---------------------------------------------------------------------------------------------------
// REST operations

/** How long Redsys has to answer a REST request. */
const REST_TIMEOUT_MS = 15_000;

export interface RestOperationRequest {
  /** 2 or 8 confirm a held charge, 3 refunds, 9 cancels a pre-authorization. */
  transactionType: RedsysRestType;
  /** The original charge's order number (it is also what the request is signed with). */
  order: string;
  amountCents: number;
}

export interface RestOperationResult {
  /** Redsys did it: `Ds_Response` 0900 (2, 3, 8) or 0400 (9). */
  ok: boolean;
  /** `Ds_Response` as a number, null when Redsys refused the request with an `errorCode`. */
  response: number | null;
  /** `SIS0xxx` when Redsys refused the request. */
  errorCode: string | null;
  authorisationCode: string | null;
  /** Redsys's answer, URL-decoded; empty when it refused the request. */
  params: Record<string, string>;
}

/**
 * Sends one REST operation on an existing charge to `trataPeticionREST` (reference §2.6) and verifies
 * the signature of the answer. Redsys refuses a request it cannot take with `{"errorCode":"SIS0xxx"}`:
 * that is `ok: false` with the code. Throws `RedsysError`: 'unreachable' (no answer within 15 s, a
 * network failure, an HTTP error status), 'malformed' (an answer that is not Redsys's, or for another
 * order), 'signature' (an answer whose signature does not verify with our key); a RangeError for an
 * order number or an amount Redsys would refuse (nothing is sent).
 */
export async function restOperation(
  config: RedsysConfig,
  request: RestOperationRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<RestOperationResult> {
  checkOrder(request.order);
  const params = {
    DS_MERCHANT_ORDER: request.order,
    DS_MERCHANT_MERCHANTCODE: config.fuc,
    DS_MERCHANT_TERMINAL: config.terminal,
    DS_MERCHANT_TRANSACTIONTYPE: request.transactionType,
    DS_MERCHANT_AMOUNT: amountText(request.amountCents),
    DS_MERCHANT_CURRENCY: config.currency,
  };
  const url = restUrlOf(config.url);
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(signed(config, params, request.order)),
      signal: AbortSignal.timeout(REST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (cause) {
    const what =
      cause instanceof Error && cause.name === 'TimeoutError' ? 'did not answer in time' : 'is out of reach';
    throw new RedsysError('unreachable', `Redsys (${url}) ${what}`, { cause });
  }
  if (!response.ok) throw new RedsysError('unreachable', `Redsys (${url}) answered HTTP ${response.status}`);

  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch (cause) {
    throw new RedsysError('malformed', `Redsys's answer is not JSON`, { cause });
  }
  if (typeof answer !== 'object' || answer === null)
    throw new RedsysError('malformed', `Redsys's answer is not a JSON object`);
  const fields = answer as Record<string, unknown>;
  if (typeof fields.errorCode === 'string' && fields.errorCode)
    return { ok: false, response: null, errorCode: fields.errorCode, authorisationCode: null, params: {} };

  const { Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature } = fields;
  if (typeof Ds_MerchantParameters !== 'string' || typeof Ds_Signature !== 'string')
    throw new RedsysError('malformed', `Redsys's answer has neither an errorCode nor signed parameters`);
  if (Ds_SignatureVersion !== undefined && Ds_SignatureVersion !== (config.version || SIGNATURE_VERSION))
    throw new RedsysError(
      'malformed',
      `Redsys's answer is signed with another version: ${String(Ds_SignatureVersion)}`,
    );
  const answerParams = decodeParameters(Ds_MerchantParameters);
  if (!verifySignature(config.secretKey, Ds_MerchantParameters, Ds_Signature))
    throw new RedsysError('signature', `the signature of Redsys's answer does not verify`);
  if (orderOf(answerParams) !== request.order)
    throw new RedsysError('malformed', `Redsys's answer is for another order: ${orderOf(answerParams)}`);
  const code = answerParams.Ds_Response ?? '';
  if (!/^\d{1,4}$/.test(code)) throw new RedsysError('malformed', `Redsys's answer has no Ds_Response`);
  const authorisationCode = (answerParams.Ds_AuthorisationCode ?? '').trim();
  return {
    ok: isAuthorised(Number(code), request.transactionType),
    response: Number(code),
    errorCode: null,
    authorisationCode: /^[A-Za-z0-9]+$/.test(authorisationCode) ? authorisationCode : null,
    params: answerParams,
  };
}

/**
 * The SIS codes with which Redsys refuses the credentials themselves (Redsys's error glossary, as in
 * redsys-easy `src/assets/error-codes.ts`): any of these from the check means the settings are wrong.
 */
export const CREDENTIAL_ERROR_CODES: Readonly<Record<string, string>> = {
  SIS0008: 'Falta Ds_Merchant_MerchantCode',
  SIS0009: 'Error de formato en Ds_Merchant_MerchantCode',
  SIS0010: 'Falta Ds_Merchant_Terminal',
  SIS0011: 'Error de formato en Ds_Merchant_Terminal',
  SIS0015: 'Falta Ds_Merchant_Currency',
  SIS0016: 'Error de formato en Ds_Merchant_Currency',
  SIS0026: 'No existe el comercio / terminal enviado',
  SIS0027: 'Error moneda enviada por el comercio',
  SIS0028: 'Comercio / terminal está dado de baja',
  SIS0040: 'El comercio / terminal no tiene ningún método de pago asignado',
  SIS0041: 'Error en el cálculo de la firma',
  SIS0042: 'Error en el cálculo de la firma',
  SIS0353: 'El comercio no tiene definida una clave 3DES válida',
  SIS0355: 'El comercio-terminal enviado en los datos cifrados no coincide con el enviado en la petición',
  SIS0429: 'Error en la versión (Ds_SignatureVersion)',
  SIS0432: 'FUC del comercio erróneo',
  SIS0433: 'Terminal del comercio erróneo',
  SIS0444:
    'Se está intentando acceder usando firmas antiguas y el comercio está configurado como HMAC SHA256',
};

export interface RedsysCheck {
  ok: boolean;
  reason: 'unreachable' | 'rejected' | null;
  detail: string | null;
}

/**
 * Whether Redsys takes these settings, without moving money: a signed REST refund (type 3) of one
 * cent on a freshly generated order number that was never paid, so there is nothing it could refund.
 * Redsys checks the merchant, the terminal and the signature before it looks for the operation:
 * - a refusal of the credentials (unknown or deregistered merchant or terminal SIS0026/SIS0028/SIS0432/
 *   SIS0433, signature SIS0041/SIS0042, version SIS0429, … `CREDENTIAL_ERROR_CODES`) → `rejected`
 *   with the code and its text;
 * - an answer signed with another key than ours → `rejected` (Redsys knows the terminal by another key);
 * - any other answer (SIS0054, "no operation to refund", is the expected one) means Redsys accepted
 *   the merchant, terminal and key → ok;
 * - no answer, an HTTP error, or an answer that is not Redsys's (a wrong URL) → `unreachable`;
 * - a secret key that is not Base64 of 24 bytes → `rejected` before anything is sent.
 */
export async function checkConnection(
  config: RedsysConfig,
  fetchImpl: typeof fetch = fetch,
): Promise<RedsysCheck> {
  try {
    restUrlOf(config.url);
  } catch (error) {
    return { ok: false, reason: 'unreachable', detail: (error as Error).message };
  }
  try {
    deriveOrderKey(config.secretKey, '0000');
  } catch (error) {
    return { ok: false, reason: 'rejected', detail: (error as Error).message };
  }
  try {
    const result = await restOperation(
      config,
      { transactionType: REFUND_TYPE, order: newRedsysOrder(), amountCents: 1 },
      fetchImpl,
    );
    if (result.errorCode && result.errorCode in CREDENTIAL_ERROR_CODES)
      return {
        ok: false,
        reason: 'rejected',
        detail: `${result.errorCode}: ${CREDENTIAL_ERROR_CODES[result.errorCode]}`,
      };
    return { ok: true, reason: null, detail: null };
  } catch (error) {
    if (error instanceof RedsysError && error.reason === 'signature')
      return { ok: false, reason: 'rejected', detail: error.message };
    if (error instanceof RedsysError) return { ok: false, reason: 'unreachable', detail: error.message };
    throw error;
  }
}
