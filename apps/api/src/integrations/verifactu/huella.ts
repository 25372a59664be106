import { createHash } from 'node:crypto';

export { aeatAmount, aeatDate, aeatTimestamp } from './format.js';

/**
 * The huella (hash) of a record per AEAT's "Especificaciones técnicas para generación de la huella o
 * hash" v0.1.2: the listed fields in that order as `campo=valor&campo=valor…` with AEAT's element names,
 * each value trimmed, an absent value written as `campo=`, UTF-8, SHA-256, uppercase hexadecimal.
 * Values are the strings written in the XML (amounts as `aeatAmount`, the timestamp as `aeatTimestamp`).
 */

/** The fields of an alta (RegistroAlta) hashed, as written in its XML. */
export interface AltaHuellaFields {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoFactura: string;
  CuotaTotal: string;
  ImporteTotal: string;
  /** The previous record's huella; empty or absent for the first record of the system. */
  Huella?: string | null;
  FechaHoraHusoGenRegistro: string;
}

/** The fields of an anulación (RegistroAnulacion) hashed, as written in its XML. */
export interface AnulacionHuellaFields {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  /** The previous record's huella; empty or absent for the first record of the system. */
  Huella?: string | null;
  FechaHoraHusoGenRegistro: string;
}

const altaOrder = [
  'IDEmisorFactura',
  'NumSerieFactura',
  'FechaExpedicionFactura',
  'TipoFactura',
  'CuotaTotal',
  'ImporteTotal',
  'Huella',
  'FechaHoraHusoGenRegistro',
] as const satisfies readonly (keyof AltaHuellaFields)[];

const anulacionOrder = [
  'IDEmisorFacturaAnulada',
  'NumSerieFacturaAnulada',
  'FechaExpedicionFacturaAnulada',
  'Huella',
  'FechaHoraHusoGenRegistro',
] as const satisfies readonly (keyof AnulacionHuellaFields)[];

function joinFields<T extends object>(fields: T, order: readonly (keyof T & string)[]): string {
  return order.map((name) => `${name}=${String(fields[name] ?? '').trim()}`).join('&');
}

/** SHA-256 of the UTF-8 bytes of `input`, uppercase hexadecimal (64 characters). */
export function sha256Upper(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex').toUpperCase();
}

/** The string an alta's huella is computed from. */
export function altaHuellaInput(f: AltaHuellaFields): string {
  return joinFields(f, altaOrder);
}

/** The huella of an alta. */
export function altaHuella(f: AltaHuellaFields): string {
  return sha256Upper(altaHuellaInput(f));
}

/** The string an anulación's huella is computed from. */
export function anulacionHuellaInput(f: AnulacionHuellaFields): string {
  return joinFields(f, anulacionOrder);
}

/** The huella of an anulación. */
export function anulacionHuella(f: AnulacionHuellaFields): string {
  return sha256Upper(anulacionHuellaInput(f));
}
