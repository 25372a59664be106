import { check } from './errors.js';
import { aeatDateKey, isAeatDate, isAeatTimestamp } from './format.js';
import {
  type AltaRecord,
  type AnulacionRecord,
  type Destinatario,
  type DetalleDesglose,
  type IDOtro,
  isSujeto,
  type SistemaInformatico,
} from './records.js';

/**
 * What AEAT's schema and validations ("Validaciones y errores" v1.2.2) refuse, checked before a record
 * is written, so that nothing AEAT would reject is sent: field formats and lengths here, rules across
 * fields in `checkAltaRules` / `checkAnulacionRules`. Values that are hashed (NIFs, numbers, dates,
 * timestamps) are only trimmed, never changed, since the huella is computed from them as given; free
 * texts (names, description) that are too long are shortened.
 */

/** Characters XML 1.0 cannot carry (controls other than tab, line feed, carriage return; U+FFFE/FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
const notXmlChar = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
/** A lone surrogate (half of a character), which UTF-8 cannot encode. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first day VERI*FACTU admits as an issue date (validation 1152). */
const FIRST_ISSUE_DATE = '28-10-2024';

/** A Spanish NIF as AEAT's `NIFType`: nine uppercase letters or digits. */
export function nifValue(value: string, field: string): string {
  const nif = value.trim();
  check(/^[0-9A-Z]{9}$/.test(nif), field, 'must be a NIF of 9 uppercase letters or digits');
  return nif;
}

/** An invoice's series and number: 1–60 ASCII characters 32–126 except `" ' < > =` (validation 1104/1130). */
export function numSerieValue(value: string, field: string): string {
  const num = value.trim();
  check(num.length >= 1 && num.length <= 60, field, 'must have 1 to 60 characters');
  check(/^[\x20-\x7E]+$/.test(num), field, 'must hold only printable ASCII characters (32 to 126)');
  check(!/["'<>=]/.test(num), field, 'must not hold " \' < > =');
  return num;
}

/** A date `dd-mm-yyyy` that exists. */
export function fechaValue(value: string, field: string): string {
  const date = value.trim();
  check(isAeatDate(date), field, 'must be a date written dd-mm-yyyy');
  return date;
}

/** A timestamp as `aeatTimestamp` writes it. */
export function timestampValue(value: string, field: string): string {
  const ts = value.trim();
  check(isAeatTimestamp(ts), field, 'must be written YYYY-MM-DDThh:mm:ss+hh:mm');
  return ts;
}

/** A SHA-256 huella: 64 uppercase hexadecimal characters. */
export function huellaValue(value: string, field: string): string {
  const huella = value.trim();
  check(/^[0-9A-F]{64}$/.test(huella), field, 'must be 64 uppercase hexadecimal characters');
  return huella;
}

/**
 * A free text of at most `max` characters (code points, as the XSD counts): trimmed, refused when empty
 * (if required) or not encodable in XML, shortened with a final `…` when longer.
 */
export function textValue(value: string, field: string, max: number, shorten = true): string {
  const text = value.trim();
  check(!notXmlChar.test(text) && !loneSurrogate.test(text), field, 'holds characters XML cannot carry');
  check(text.length > 0, field, 'must not be empty');
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  check(shorten, field, `must have at most ${max} characters`);
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** One of the `allowed` codes. */
export function codeValue<T extends string>(value: T, allowed: readonly T[], field: string): T {
  check(allowed.includes(value), field, `must be one of ${allowed.join(', ')}`);
  return value;
}

/** Checks an `IDOtro` block (validations 1111, 1126). */
export function checkIdOtro(id: IDOtro, field: string): void {
  codeValue(id.IDType, ['02', '03', '04', '05', '06', '07'], `${field}.IDType`);
  textValue(id.ID, `${field}.ID`, 20, false);
  if (id.CodigoPais !== undefined) {
    check(/^[A-Z]{2}$/.test(id.CodigoPais), `${field}.CodigoPais`, 'must be an ISO 3166-1 alpha-2 code');
    check(
      id.CodigoPais !== 'ES' || id.IDType === '03' || id.IDType === '07',
      `${field}.CodigoPais`,
      'ES goes with a NIF, or IDType 03 (passport) or 07 (not registered)',
    );
  }
  check(
    id.IDType === '02' || id.CodigoPais !== undefined,
    `${field}.CodigoPais`,
    'is required unless IDType is 02',
  );
  check(id.IDType !== '07' || id.CodigoPais === 'ES', `${field}.CodigoPais`, 'must be ES when IDType is 07');
}

/** Checks the `SistemaInformatico` block (validations 1176–1179, 1223). */
export function checkSistemaInformatico(s: SistemaInformatico): void {
  const field = 'SistemaInformatico';
  check((s.NIF === undefined) !== (s.IDOtro === undefined), field, 'needs either NIF or IDOtro, not both');
  if (s.NIF !== undefined) nifValue(s.NIF, `${field}.NIF`);
  if (s.IDOtro) checkIdOtro(s.IDOtro, `${field}.IDOtro`);
  textValue(s.NombreSistemaInformatico, `${field}.NombreSistemaInformatico`, 30, false);
  check(
    /^[A-Z0-9]{2}$/.test(s.IdSistemaInformatico),
    `${field}.IdSistemaInformatico`,
    'must be two uppercase letters (not Ñ) or digits',
  );
  textValue(s.Version, `${field}.Version`, 50, false);
  textValue(s.NumeroInstalacion, `${field}.NumeroInstalacion`, 100, false);
}

const RECTIFICATIVAS = ['R1', 'R2', 'R3', 'R4', 'R5'];
const WITHOUT_RECIPIENT = ['F2', 'R5'];
/** Regimes whose totals AEAT does not check against the lines (validations 16, 17). */
const TOTALS_UNCHECKED = ['03', '05', '06', '08', '09'];
/** F2: at most 3,000.00 € of base plus quota, with AEAT's 10.00 € margin (validation 1150). */
const F2_LIMIT_CENTS = 301_000;
/** AEAT's margin for a line's quota against base × rate (validation 1142): 10.00 €. */
const QUOTA_MARGIN_CENTS = 1_000n;

/** The S1 rates (hundredths) VAT admits for an issue date (validation 15.1). */
function ratesAdmitted(fecha: string): number[] {
  const key = aeatDateKey(fecha);
  const rates = [0, 400, 1000, 2100];
  if (key >= 20241001 && key <= 20241231) rates.push(200, 750);
  if (key >= 20220701 && key <= 20240930) rates.push(500);
  return rates;
}

function checkDetalle(line: DetalleDesglose, i: number, record: AltaRecord): void {
  const field = `Desglose[${i}]`;
  check(
    Number.isSafeInteger(line.BaseImponibleOimporteNoSujeto),
    `${field}.BaseImponibleOimporteNoSujeto`,
    'must be cents',
  );
  if (!isSujeto(line)) {
    codeValue(line.OperacionExenta, ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'], `${field}.OperacionExenta`);
    check(
      (line.ClaveRegimen ?? '01') !== '01' || !['E2', 'E3'].includes(line.OperacionExenta),
      `${field}.OperacionExenta`,
      'E2 and E3 do not go with ClaveRegimen 01',
    );
    return;
  }
  const { TipoImpositivo: rate, BaseImponibleOimporteNoSujeto: base, CuotaRepercutida: cuota } = line;
  check(Number.isSafeInteger(cuota), `${field}.CuotaRepercutida`, 'must be cents');
  check(
    ratesAdmitted(record.FechaOperacion ?? record.FechaExpedicionFactura).includes(rate),
    `${field}.TipoImpositivo`,
    'is not a VAT rate AEAT admits on that date',
  );
  const exempted =
    record.TipoRectificativa === 'I' || record.TipoFactura === 'R2' || record.TipoFactura === 'R3';
  if (exempted) return;
  check(
    base === 0 || cuota === 0 || base > 0 === cuota > 0,
    `${field}.CuotaRepercutida`,
    'must have the sign of the base',
  );
  const gap = BigInt(cuota) * 10_000n - BigInt(base) * BigInt(rate);
  const abs = gap < 0n ? -gap : gap;
  check(
    abs <= QUOTA_MARGIN_CENTS * 10_000n,
    `${field}.CuotaRepercutida`,
    'differs from base × rate by more than 10.00 €',
  );
}

function checkDestinatario(d: Destinatario, i: number, issuer: string): void {
  const field = `Destinatarios[${i}]`;
  if ('NIF' in d) {
    const nif = nifValue(d.NIF, `${field}.NIF`);
    check(nif !== issuer, `${field}.NIF`, 'must differ from the issuer');
  } else checkIdOtro(d.IDOtro, `${field}.IDOtro`);
}

function checkTypeRules(r: AltaRecord): void {
  const rectificativa = RECTIFICATIVAS.includes(r.TipoFactura);
  check(
    rectificativa === (r.TipoRectificativa !== undefined),
    'TipoRectificativa',
    'goes with (and only with) R1–R5',
  );
  check(rectificativa || !r.FacturasRectificadas, 'FacturasRectificadas', 'only for R1–R5');
  check(r.TipoFactura === 'F3' || !r.FacturasSustituidas, 'FacturasSustituidas', 'only for F3');
  check(
    (r.TipoRectificativa === 'S') === (r.ImporteRectificacion !== undefined),
    'ImporteRectificacion',
    'goes with (and only with) TipoRectificativa S',
  );
  const recipients = r.Destinatarios?.length ?? 0;
  if (WITHOUT_RECIPIENT.includes(r.TipoFactura)) check(recipients === 0, 'Destinatarios', 'not for F2 or R5');
  else check(recipients > 0, 'Destinatarios', 'required for F1, F3 and R1–R4');
  check(recipients <= 1000, 'Destinatarios', 'at most 1000');
  check(r.RechazoPrevio !== 'X' || r.Subsanacion === 'S', 'RechazoPrevio', 'X only with Subsanacion S');
  check(r.RechazoPrevio !== 'S' || r.Subsanacion === 'S', 'RechazoPrevio', 'S only with Subsanacion S');
}

function checkTotals(r: AltaRecord): void {
  check(Number.isSafeInteger(r.CuotaTotal), 'CuotaTotal', 'must be cents');
  check(Number.isSafeInteger(r.ImporteTotal), 'ImporteTotal', 'must be cents');
  const sum = r.Desglose.reduce(
    (acc, line) => {
      const cuota = isSujeto(line) ? line.CuotaRepercutida : 0;
      return { cuota: acc.cuota + cuota, total: acc.total + line.BaseImponibleOimporteNoSujeto + cuota };
    },
    { cuota: 0, total: 0 },
  );
  if (r.TipoFactura === 'F2')
    check(sum.total <= F2_LIMIT_CENTS, 'ImporteTotal', 'an F2 may not exceed 3,000 €');
  if (r.Desglose.some((line) => TOTALS_UNCHECKED.includes(line.ClaveRegimen ?? '01'))) return;
  check(r.CuotaTotal === sum.cuota, 'CuotaTotal', 'must be the sum of the lines’ CuotaRepercutida');
  check(r.ImporteTotal === sum.total, 'ImporteTotal', 'must be the sum of the lines’ base and quota');
}

/** Checks an alta against AEAT's rules across its fields; throws `VerifactuValidationError`. */
export function checkAltaRules(r: AltaRecord): void {
  const issuer = nifValue(r.IDEmisorFactura, 'IDEmisorFactura');
  const fecha = fechaValue(r.FechaExpedicionFactura, 'FechaExpedicionFactura');
  check(aeatDateKey(fecha) >= aeatDateKey(FIRST_ISSUE_DATE), 'FechaExpedicionFactura', 'before 28-10-2024');
  if (r.FechaOperacion !== undefined) fechaValue(r.FechaOperacion, 'FechaOperacion');
  checkTypeRules(r);
  r.Destinatarios?.forEach((d, i) => {
    checkDestinatario(d, i, issuer);
  });
  check(r.Desglose.length >= 1 && r.Desglose.length <= 12, 'Desglose', 'needs 1 to 12 lines');
  r.Desglose.forEach((line, i) => {
    checkDetalle(line, i, r);
  });
  checkTotals(r);
  checkSistemaInformatico(r.SistemaInformatico);
}

/** Checks an anulación against AEAT's rules; throws `VerifactuValidationError`. */
export function checkAnulacionRules(r: AnulacionRecord): void {
  nifValue(r.IDEmisorFacturaAnulada, 'IDEmisorFacturaAnulada');
  fechaValue(r.FechaExpedicionFacturaAnulada, 'FechaExpedicionFacturaAnulada');
  checkSistemaInformatico(r.SistemaInformatico);
}
