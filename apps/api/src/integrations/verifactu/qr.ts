import QRCode from 'qrcode';
import { check } from './errors.js';
import { isAeatDate } from './format.js';
import { nifValue, numSerieValue } from './rules.js';

/**
 * The invoice's QR code (AEAT "Detalle de las especificaciones técnicas del código QR" v0.5.0): the
 * ValidarQR URL of the environment with exactly `nif`, `numserie`, `fecha`, `importe` in that order,
 * each value encoded as AEAT's reference encodes it (Java's `URLEncoder`, UTF-8), drawn as a PNG at
 * error correction level M with its quiet zone.
 */

const QR_HOSTS = {
  test: 'https://prewww2.aeat.es',
  production: 'https://www2.agenciatributaria.gob.es',
} as const;

const VALIDAR_QR_PATH = '/wlpl/TIKE-CONT/ValidarQR';

/**
 * `value` as Java's `URLEncoder.encode(value, UTF_8)`: letters, digits and `* - . _` as they are, a
 * space as `+`, every other byte of its UTF-8 as `%XX` (uppercase). Unlike `encodeURIComponent`, it
 * escapes `! ' ( ) ~` and writes the space as `+`.
 */
export function javaUrlEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9*\-._]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** What the QR identifies: the issuer's NIF, the invoice's number and date, its total as in the record. */
export interface QrInvoice {
  environment: 'test' | 'production';
  nif: string;
  numSerie: string;
  /** `dd-mm-yyyy`, the `FechaExpedicionFactura`. */
  fecha: string;
  /** The `ImporteTotal` exactly as written in the record (`aeatAmount`), e.g. `241.40`. */
  importe: string;
}

/** The ValidarQR URL of an invoice, to print as its QR code. */
export function verifactuQrUrl(invoice: QrInvoice): string {
  check(invoice.environment in QR_HOSTS, 'environment', 'must be test or production');
  const nif = nifValue(invoice.nif, 'nif');
  const numSerie = numSerieValue(invoice.numSerie, 'numserie');
  check(isAeatDate(invoice.fecha), 'fecha', 'must be a date written dd-mm-yyyy');
  check(
    /^-?\d{1,12}(\.\d{1,2})?$/.test(invoice.importe),
    'importe',
    'must be an amount with . and at most 2 decimals',
  );
  const params: [string, string][] = [
    ['nif', nif],
    ['numserie', numSerie],
    ['fecha', invoice.fecha],
    ['importe', invoice.importe],
  ];
  const query = params.map(([name, value]) => `${name}=${javaUrlEncode(value)}`).join('&');
  return `${QR_HOSTS[invoice.environment]}${VALIDAR_QR_PATH}?${query}`;
}

/**
 * The QR code of `url` as a PNG of `sizePx` pixels a side (its quiet zone of 4 modules included), at
 * AEAT's error correction level M. Printed 30–40 mm wide as AEAT asks, 300 px or more keeps it sharp.
 */
export function qrPng(url: string, options: { sizePx: number }): Promise<Buffer> {
  check(
    Number.isInteger(options.sizePx) && options.sizePx >= 64,
    'sizePx',
    'must be a whole number of at least 64',
  );
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: options.sizePx });
}
