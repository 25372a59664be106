import { createCipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Redsys's virtual POS, for tests: a real HTTP server on 127.0.0.1 speaking
 * Redsys's published protocol (reference §2; redsys-easy's fixtures and Redsys's error glossary).
 *
 * - `POST /sis/realizarPago`: the redirection form (`Ds_SignatureVersion`, `Ds_MerchantParameters`,
 *   `Ds_Signature`). Checked like Redsys does (version, merchant and terminal, order, signature, amount,
 *   currency, type); a refusal is an HTML page naming the SIS code. Accepted, the operation is kept
 *   pending and the answer is a card form (`formTarjeta`) posting to `/sis/realizarPago/card`.
 * - `POST /sis/realizarPago/card` (`operation`, `Sis_Numero_Tarjeta`): the test cards decide
 *   (4548812049400004 and Redsys's other OK cards authorised, 5576440022788500 declined with 0190, any
 *   other card 0180); the signed notification is POSTed to `DS_MERCHANT_MERCHANTURL` as Redsys writes it
 *   (form fields, `Ds_Date`/`Ds_Hour` URL-encoded, terminal on three digits, Base64url signature with
 *   `=` padding), then the browser is sent (303) to URLOK or URLKO.
 * - `POST /sis/rest/trataPeticionREST` (JSON): refund (3), confirmation of a held pre-authorization (2)
 *   or authentication (8), cancellation of a pre-authorization (9), answered signed (`Ds_Response` 0900,
 *   0400) or `{"errorCode":"SIS0xxx"}` with Redsys's codes.
 *
 * Its crypto is written here again from the published algorithm, not imported from the client, so the
 * tests of the client check it against a second implementation.
 */

export interface FakeRedsysMerchant {
  fuc: string;
  terminal: string;
  /** Base64 of the terminal's 24-byte 3DES key. */
  secretKey: string;
}

/** pending: form accepted, no card yet; authorised: paid or held; declined; confirmed: a held one captured. */
export type FakeOperationState =
  | 'pending'
  | 'authorised'
  | 'declined'
  | 'confirmed'
  | 'refunded'
  | 'cancelled';

export interface FakeNotificationSent {
  url: string;
  /** The merchant's HTTP status; 0 when it could not be reached. */
  status: number;
  error: string | null;
  body: SignedFields;
}

export interface FakeRedsysOperation {
  /** The payment page's id of the operation (the card form's `operation` field). */
  id: string;
  fuc: string;
  terminal: string;
  order: string;
  amountCents: number;
  currency: string;
  /** `0` authorization, `1` pre-authorization, `7` authentication. */
  transactionType: string;
  merchantUrl: string | null;
  urlOk: string | null;
  urlKo: string | null;
  consumerLanguage: string | null;
  description: string | null;
  titular: string | null;
  state: FakeOperationState;
  /** `Ds_Response` of the payment (4 digits), once the card was sent. */
  response: string | null;
  authorisationCode: string | null;
  card: string | null;
  /** What a confirmation (2, 8) captured of a held operation. */
  confirmedCents: number;
  /** The sum refunded (3) so far. */
  refundedCents: number;
  notifications: FakeNotificationSent[];
}

/** One REST request and what the fake answered: `Ds_Response`, an `errorCode`, or `HTTP nnn`. */
export interface FakeRestCall {
  transactionType: string;
  order: string;
  amountCents: number;
  answer: string;
}

export interface SignedFields {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

export interface FakeRedsys {
  /** `http://127.0.0.1:PORT/sis/realizarPago`. */
  redirectUrl: string;
  /** `http://127.0.0.1:PORT/sis/rest/trataPeticionREST`. */
  restUrl: string;
  /** Every operation whose form was accepted, in order. */
  operations: FakeRedsysOperation[];
  /** Every REST request, in order. */
  restCalls: FakeRestCall[];
  /** The latest operation of that order number. */
  operation(order: string): FakeRedsysOperation | undefined;
  /**
   * What a browser does: posts the form, then the card. Throws when the form is refused (the message
   * names the SIS code). `redirect` is where the browser is sent (URLOK/URLKO, '' without them).
   */
  pay(fields: SignedFields, card?: string): Promise<{ notificationStatus: number; redirect: string }>;
  /**
   * A notification body for the operation as Redsys would sign it (the operation's own outcome, or
   * 0000 with a fresh authorisation code while it is pending), `overrides` applied to its parameters
   * before signing (null removes one): to replay, to tamper with after signing, or to post by hand.
   */
  notificationFor(order: string, overrides?: Record<string, string | null>): SignedFields;
  /** The next REST request is answered `{"errorCode": errorCode}`, whatever it is. */
  failNext(errorCode: string): void;
  /** The next REST request is answered with this HTTP status and an HTML page. */
  failNextHttp(status: number): void;
  /** The next signed REST answer carries a wrong signature. */
  corruptNextSignature(): void;
  close(): Promise<void>;
}

export const TEST_CARDS = {
  ok: '4548812049400004',
  declined: '5576440022788500',
} as const;

/** Cards Redsys's test environment authorises (reference §2.7; 3-D Secure ones pass frictionless here). */
const OK_CARDS = new Set(['4548812049400004', '4918019199883839', '4918019160034602', '4548810000000003']);
const DECLINED_CARDS: Record<string, string> = { '5576440022788500': '0190' };

/** Texts of the SIS codes this fake answers (Redsys's glossary, as in redsys-easy `src/assets/error-codes.ts`). */
const SIS_TEXTS: Record<string, string> = {
  SIS0007: 'El mensaje enviado por el comercio no es correcto',
  SIS0008: 'Falta Ds_Merchant_MerchantCode',
  SIS0009: 'Error de formato en Ds_Merchant_MerchantCode',
  SIS0010: 'Error falta Ds_Merchant_Terminal',
  SIS0011: 'Error de formato en Ds_Merchant_Terminal',
  SIS0014: 'Error de formato en Ds_Merchant_Order',
  SIS0015: 'Falta Ds_Merchant_Currency',
  SIS0016: 'Error de formato en Ds_Merchant_Currency',
  SIS0018: 'Falta Ds_Merchant_Amount',
  SIS0019: 'Error de formato en Ds_Merchant_Amount',
  SIS0023: 'Ds_Merchant_TransactionType desconocido',
  SIS0025: 'Error de formato en Ds_Merchant_ConsumerLanguage',
  SIS0026: 'No existe el comercio / terminal enviado',
  SIS0027: 'Error Moneda enviada por el comercio',
  SIS0042: 'Error en el cálculo de la firma',
  SIS0051: 'Número de pedido repetido',
  SIS0054: 'No existe operación sobre la que realizar la devolución',
  SIS0056: 'La operación sobre la que se desea devolver no está autorizada',
  SIS0057: 'El importe a devolver supera el permitido',
  SIS0059: 'No existe operación sobre la que realizar la confirmación',
  SIS0060: 'Ya existe una confirmación asociada a la preautorización',
  SIS0061: 'La preautorización sobre la que se desea confirmar no está autorizada',
  SIS0062: 'El importe a confirmar supera el permitido',
  SIS0072: 'Operación no anulable',
  SIS0074: 'Falta Ds_Merchant_Order (Pedido)',
  SIS0225: 'No existe operación sobre la que realizar la anulación',
  SIS0274: 'Tipo de operación desconocida o no permitida por esta entrada al SIS',
  SIS0429: 'Error en la versión (Ds_SignatureVersion)',
};

class SisError extends Error {
  constructor(readonly code: string) {
    super(`${code}: ${SIS_TEXTS[code] ?? ''}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// HMAC_SHA256_V1, again (reference §2.3)

function orderKey(secretKey: string, order: string): Buffer {
  const message = Buffer.from(order, 'utf8');
  const blocks = Math.ceil(message.length / 8) * 8;
  const padded = Buffer.alloc(blocks);
  message.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secretKey, 'base64'), Buffer.alloc(8, 0));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).subarray(0, blocks);
}

function hmac(secretKey: string, order: string, merchantParameters: string): Buffer {
  return createHmac('sha256', orderKey(secretKey, order)).update(merchantParameters).digest();
}

/** Base64url keeping the `=` padding, as Redsys signs notifications (PHP `strtr($b64, '+/', '-_')`). */
function base64UrlPadded(bytes: Buffer): string {
  return bytes.toString('base64').replaceAll('+', '-').replaceAll('/', '_');
}

function signatureMatches(
  secretKey: string,
  order: string,
  merchantParameters: string,
  given: string,
): boolean {
  const bytes = Buffer.from(given.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  const expected = hmac(secretKey, order, merchantParameters);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

function encode(params: Record<string, string>): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
}

// ---------------------------------------------------------------------------------------------------
// Helpers

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

function sendJson(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Redsys's error page: the SIS code and its text. */
function errorPage(code: string): string {
  return page(
    'TPV Virtual - Error',
    `<h1>Error</h1><p id="sis-error" class="error-code">${code}</p><p>${escapeHtml(SIS_TEXTS[code] ?? '')}</p>`,
  );
}

/** The JSON object inside `Ds_MerchantParameters`, keys in UPPERCASE (Redsys takes either spelling). */
function requestParams(merchantParameters: unknown): Record<string, string> {
  if (typeof merchantParameters !== 'string' || !merchantParameters) throw new SisError('SIS0007');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(merchantParameters, 'base64').toString('utf8'));
  } catch {
    throw new SisError('SIS0007');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SisError('SIS0007');
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) params[key.toUpperCase()] = String(value);
  return params;
}

const sameNumber = (a: string, b: string) => /^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b);

function madridDateAndHour(now: Date): { date: string; hour: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Madrid',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day}/${parts.month}/${parts.year}`, hour: `${parts.hour}:${parts.minute}` };
}

const authorisationCode = () => String(randomInt(1_000_000)).padStart(6, '0');
const cardBrand = (card: string | null) => (card?.startsWith('5') ? '2' : '1');
const maskedCard = (card: string | null) => (card ? `${card.slice(0, 6)}******${card.slice(-4)}` : '');

// ---------------------------------------------------------------------------------------------------

export async function startFakeRedsys(merchants: FakeRedsysMerchant[]): Promise<FakeRedsys> {
  const operations: FakeRedsysOperation[] = [];
  const restCalls: FakeRestCall[] = [];
  let forced: { errorCode: string } | { httpStatus: number } | null = null;
  let corruptSignature = false;

  const merchantOf = (fuc: string, terminal: string) =>
    merchants.find((m) => m.fuc === fuc && sameNumber(m.terminal, terminal));
  const merchantFor = (op: FakeRedsysOperation) => merchantOf(op.fuc, op.terminal)!;
  /** The operation a REST request is about: the latest of that merchant and order the customer paid. */
  const paidOperation = (fuc: string, terminal: string, order: string) =>
    operations.findLast(
      (op) =>
        op.fuc === fuc && sameNumber(op.terminal, terminal) && op.order === order && op.state !== 'pending',
    );

  /** Checks the merchant, the signature version and the signature of a request, as Redsys does first. */
  function verifiedRequest(fields: Record<string, unknown>): {
    params: Record<string, string>;
    merchant: FakeRedsysMerchant;
  } {
    const params = requestParams(fields.Ds_MerchantParameters);
    const fuc = params.DS_MERCHANT_MERCHANTCODE;
    const terminal = params.DS_MERCHANT_TERMINAL;
    if (!fuc) throw new SisError('SIS0008');
    if (!/^\d{9}$/.test(fuc)) throw new SisError('SIS0009');
    if (!terminal) throw new SisError('SIS0010');
    if (!/^\d{1,3}$/.test(terminal)) throw new SisError('SIS0011');
    const merchant = merchantOf(fuc, terminal);
    if (!merchant) throw new SisError('SIS0026');
    if (fields.Ds_SignatureVersion !== 'HMAC_SHA256_V1') throw new SisError('SIS0429');
    const order = params.DS_MERCHANT_ORDER;
    if (!order) throw new SisError('SIS0074');
    if (!/^\d{4}[A-Za-z0-9]{0,8}$/.test(order)) throw new SisError('SIS0014');
    const signature = fields.Ds_Signature;
    if (
      typeof signature !== 'string' ||
      !signatureMatches(merchant.secretKey, order, String(fields.Ds_MerchantParameters), signature)
    )
      throw new SisError('SIS0042');
    const amount = params.DS_MERCHANT_AMOUNT;
    if (!amount) throw new SisError('SIS0018');
    if (!/^\d{1,12}$/.test(amount) || Number(amount) === 0) throw new SisError('SIS0019');
    const currency = params.DS_MERCHANT_CURRENCY;
    if (!currency) throw new SisError('SIS0015');
    if (!/^\d{3}$/.test(currency)) throw new SisError('SIS0016');
    return { params, merchant };
  }

  function notificationParams(op: FakeRedsysOperation, now: Date): Record<string, string> {
    const { date, hour } = madridDateAndHour(now);
    const response = op.response ?? '0000';
    const success = Number(response) <= 99;
    return {
      Ds_Date: encodeURIComponent(date),
      Ds_Hour: encodeURIComponent(hour),
      Ds_SecurePayment: success ? '1' : '0',
      Ds_Card_Number: maskedCard(op.card ?? TEST_CARDS.ok),
      Ds_Card_Country: '724',
      Ds_Amount: String(op.amountCents),
      Ds_Currency: op.currency,
      Ds_Order: op.order,
      Ds_MerchantCode: op.fuc,
      Ds_Terminal: op.terminal.padStart(3, '0'),
      Ds_Response: response,
      Ds_MerchantData: '',
      Ds_TransactionType: op.transactionType,
      Ds_ConsumerLanguage: op.consumerLanguage ?? '1',
      Ds_AuthorisationCode: success ? (op.authorisationCode ?? authorisationCode()) : '++++++',
      Ds_Card_Brand: cardBrand(op.card),
      Ds_ProcessedPayMethod: '1',
    };
  }

  function signNotification(merchant: FakeRedsysMerchant, params: Record<string, string>): SignedFields {
    const merchantParameters = encode(params);
    return {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: merchantParameters,
      Ds_Signature: base64UrlPadded(hmac(merchant.secretKey, params.Ds_Order ?? '', merchantParameters)),
    };
  }

  async function notify(op: FakeRedsysOperation): Promise<void> {
    if (!op.merchantUrl) return;
    const body = signNotification(merchantFor(op), notificationParams(op, new Date()));
    const sent: FakeNotificationSent = { url: op.merchantUrl, status: 0, error: null, body };
    op.notifications.push(sent);
    try {
      const answer = await fetch(op.merchantUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...body }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await answer.arrayBuffer();
      sent.status = answer.status;
    } catch (error) {
      sent.error = (error as Error).message;
    }
  }

  // ---- the redirection

  async function paymentPage(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const fields = Object.fromEntries(new URLSearchParams(await readBody(request)));
    let op: FakeRedsysOperation;
    try {
      const { params } = verifiedRequest(fields);
      const type = params.DS_MERCHANT_TRANSACTIONTYPE ?? '';
      if (!['0', '1', '7'].includes(type)) throw new SisError('SIS0023');
      const language = params.DS_MERCHANT_CONSUMERLANGUAGE;
      if (language !== undefined && !/^\d{1,3}$/.test(language)) throw new SisError('SIS0025');
      const fuc = params.DS_MERCHANT_MERCHANTCODE!;
      const terminal = params.DS_MERCHANT_TERMINAL!;
      const order = params.DS_MERCHANT_ORDER!;
      if (paidOperation(fuc, terminal, order)) throw new SisError('SIS0051');
      // A form posted again before paying (the customer came back) replaces the pending one.
      for (let i = operations.length - 1; i >= 0; i--) {
        const old = operations[i]!;
        if (
          old.state === 'pending' &&
          old.order === order &&
          old.fuc === fuc &&
          sameNumber(old.terminal, terminal)
        )
          operations.splice(i, 1);
      }
      op = {
        id: randomBytes(12).toString('hex'),
        fuc,
        terminal,
        order,
        amountCents: Number(params.DS_MERCHANT_AMOUNT),
        currency: params.DS_MERCHANT_CURRENCY!,
        transactionType: type,
        merchantUrl: params.DS_MERCHANT_MERCHANTURL || null,
        urlOk: params.DS_MERCHANT_URLOK || null,
        urlKo: params.DS_MERCHANT_URLKO || null,
        consumerLanguage: language ?? null,
        description: params.DS_MERCHANT_PRODUCTDESCRIPTION || null,
        titular: params.DS_MERCHANT_TITULAR || null,
        state: 'pending',
        response: null,
        authorisationCode: null,
        card: null,
        confirmedCents: 0,
        refundedCents: 0,
        notifications: [],
      };
      operations.push(op);
    } catch (error) {
      if (error instanceof SisError) return sendHtml(response, 200, errorPage(error.code));
      throw error;
    }
    const euros = `${Math.trunc(op.amountCents / 100)},${String(op.amountCents % 100).padStart(2, '0')}`;
    sendHtml(
      response,
      200,
      page(
        'TPV Virtual - Pago con tarjeta',
        `<h1>Pago con tarjeta</h1>
<dl><dt>Comercio</dt><dd>${escapeHtml(op.fuc)}</dd><dt>Pedido</dt><dd>${escapeHtml(op.order)}</dd>
<dt>Importe</dt><dd>${euros} ${op.currency === '978' ? '€' : escapeHtml(op.currency)}</dd>
${op.description ? `<dt>Descripción</dt><dd>${escapeHtml(op.description)}</dd>` : ''}</dl>
<form name="formTarjeta" method="post" action="/sis/realizarPago/card">
<input type="hidden" name="operation" value="${op.id}">
<label>Número de tarjeta <input name="Sis_Numero_Tarjeta" inputmode="numeric" autocomplete="cc-number"></label>
<label>Caducidad <input name="Sis_Caducidad" value="12/34"></label>
<label>CVV <input name="Sis_Tarjeta_CVV2" value="123"></label>
<button type="submit">Pagar</button>
</form>`,
      ),
    );
  }

  async function cardPayment(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const fields = new URLSearchParams(await readBody(request));
    const op = operations.find((o) => o.id === fields.get('operation'));
    if (!op) return sendHtml(response, 404, page('TPV Virtual - Error', '<h1>Sesión incorrecta</h1>'));
    if (op.state !== 'pending')
      return sendHtml(response, 409, page('TPV Virtual - Error', '<h1>Operación ya procesada</h1>'));
    const card = (fields.get('Sis_Numero_Tarjeta') ?? '').replace(/\D/g, '');
    op.card = card;
    if (OK_CARDS.has(card)) {
      op.state = 'authorised';
      op.response = '0000';
      op.authorisationCode = authorisationCode();
    } else {
      op.state = 'declined';
      op.response = DECLINED_CARDS[card] ?? '0180';
    }
    await notify(op);
    const target = op.state === 'authorised' ? op.urlOk : op.urlKo;
    if (target) {
      response.writeHead(303, { location: target });
      response.end();
      return;
    }
    sendHtml(
      response,
      200,
      page(
        'TPV Virtual',
        `<h1>${op.state === 'authorised' ? 'Operación autorizada' : 'Operación denegada'}</h1><p>${op.response}</p>`,
      ),
    );
  }

  // ---- REST

  function restAnswer(merchant: FakeRedsysMerchant, params: Record<string, string>): SignedFields {
    const merchantParameters = encode(params);
    let signature = hmac(merchant.secretKey, params.Ds_Order ?? '', merchantParameters).toString('base64');
    if (corruptSignature) {
      corruptSignature = false;
      signature = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    }
    return {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: merchantParameters,
      Ds_Signature: signature,
    };
  }

  /** Applies a REST operation; returns `Ds_Response`. */
  function operate(type: string, op: FakeRedsysOperation | undefined, amount: number): string {
    switch (type) {
      case '3': {
        if (!op) throw new SisError('SIS0054');
        const held = op.transactionType !== '0';
        if (op.state === 'declined' || op.state === 'cancelled' || (held && op.state === 'authorised'))
          throw new SisError('SIS0056');
        const refundable = held ? op.confirmedCents : op.amountCents;
        if (amount > refundable - op.refundedCents) throw new SisError('SIS0057');
        op.refundedCents += amount;
        if (op.refundedCents === refundable) op.state = 'refunded';
        return '0900';
      }
      case '2':
      case '8': {
        if (!op || op.transactionType !== (type === '2' ? '1' : '7')) throw new SisError('SIS0059');
        if (op.state === 'confirmed' || op.state === 'refunded') throw new SisError('SIS0060');
        if (op.state !== 'authorised') throw new SisError('SIS0061');
        if (amount > op.amountCents) throw new SisError('SIS0062');
        op.state = 'confirmed';
        op.confirmedCents = amount;
        return '0900';
      }
      case '9': {
        if (!op) throw new SisError('SIS0225');
        if (op.transactionType !== '1' || op.state !== 'authorised' || amount > op.amountCents)
          throw new SisError('SIS0072');
        op.state = 'cancelled';
        return '0400';
      }
      default:
        throw new SisError('SIS0274');
    }
  }

  async function rest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request);
    let fields: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) fields = parsed as Record<string, unknown>;
    } catch {}
    let params: Record<string, string> = {};
    try {
      params = requestParams(fields.Ds_MerchantParameters);
    } catch {}
    const call: FakeRestCall = {
      transactionType: params.DS_MERCHANT_TRANSACTIONTYPE ?? '',
      order: params.DS_MERCHANT_ORDER ?? '',
      amountCents: Number(params.DS_MERCHANT_AMOUNT ?? Number.NaN),
      answer: '',
    };
    restCalls.push(call);
    if (forced) {
      const answer = forced;
      forced = null;
      if ('httpStatus' in answer) {
        call.answer = `HTTP ${answer.httpStatus}`;
        return sendHtml(response, answer.httpStatus, page('Error', `<h1>${answer.httpStatus}</h1>`));
      }
      call.answer = answer.errorCode;
      return sendJson(response, { errorCode: answer.errorCode });
    }
    try {
      const { merchant } = verifiedRequest(fields);
      const type = params.DS_MERCHANT_TRANSACTIONTYPE ?? '';
      const fuc = params.DS_MERCHANT_MERCHANTCODE!;
      const terminal = params.DS_MERCHANT_TERMINAL!;
      const order = params.DS_MERCHANT_ORDER!;
      const amount = Number(params.DS_MERCHANT_AMOUNT);
      const op = paidOperation(fuc, terminal, order);
      if (op && op.currency !== params.DS_MERCHANT_CURRENCY) throw new SisError('SIS0027');
      const code = operate(type, op, amount);
      call.answer = code;
      sendJson(
        response,
        restAnswer(merchant, {
          Ds_Amount: String(amount),
          Ds_Currency: params.DS_MERCHANT_CURRENCY!,
          Ds_Order: order,
          Ds_MerchantCode: fuc,
          Ds_Terminal: terminal,
          Ds_Response: code,
          Ds_AuthorisationCode: authorisationCode(),
          Ds_TransactionType: type,
          Ds_SecurePayment: '0',
          Ds_Language: '1',
          Ds_MerchantData: '',
          Ds_Card_Country: '724',
          Ds_Card_Brand: cardBrand(op!.card),
        }),
      );
    } catch (error) {
      if (!(error instanceof SisError)) throw error;
      call.answer = error.code;
      sendJson(response, { errorCode: error.code });
    }
  }

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const handler =
      request.method !== 'POST'
        ? null
        : path === '/sis/realizarPago'
          ? paymentPage
          : path === '/sis/realizarPago/card'
            ? cardPayment
            : path === '/sis/rest/trataPeticionREST'
              ? rest
              : null;
    if (!handler) return sendHtml(response, 404, page('Not found', '<h1>404</h1>'));
    handler(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendHtml(response, 500, page('Error', escapeHtml(String(error))));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeRedsys = {
    redirectUrl: `${origin}/sis/realizarPago`,
    restUrl: `${origin}/sis/rest/trataPeticionREST`,
    operations,
    restCalls,
    operation: (order) => operations.findLast((op) => op.order === order),
    async pay(fields, card = TEST_CARDS.ok) {
      const form = await fetch(fake.redirectUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields }).toString(),
      });
      const html = await form.text();
      const id = /name="operation" value="([0-9a-f]+)"/.exec(html)?.[1];
      if (!id)
        throw new Error(`Redsys refused the form: ${/id="sis-error"[^>]*>([^<]+)</.exec(html)?.[1] ?? html}`);
      const answer = await fetch(`${origin}/sis/realizarPago/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ operation: id, Sis_Numero_Tarjeta: card }).toString(),
        redirect: 'manual',
      });
      await answer.arrayBuffer();
      const op = operations.find((o) => o.id === id)!;
      return {
        notificationStatus: op.notifications.at(-1)?.status ?? 0,
        redirect: answer.headers.get('location') ?? '',
      };
    },
    notificationFor(order, overrides = {}) {
      const op = fake.operation(order);
      if (!op) throw new Error(`the fake Redsys has no operation ${order}`);
      const params = notificationParams(op, new Date());
      for (const [key, value] of Object.entries(overrides)) {
        if (value === null) delete params[key];
        else params[key] = value;
      }
      return signNotification(merchantFor(op), params);
    },
    failNext(errorCode) {
      forced = { errorCode };
    },
    failNextHttp(status) {
      forced = { httpStatus: status };
    },
    corruptNextSignature() {
      corruptSignature = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
