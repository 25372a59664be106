import { check } from './errors.js';
import { aeatAmount } from './format.js';
import { type AltaHuellaFields, type AnulacionHuellaFields, altaHuella, anulacionHuella } from './huella.js';

/**
 * The records Mostrador sends to VERI*FACTU, typed after AEAT's XSD (`SuministroInformacion.xsd`) with
 * its element names. Amounts are integer cents and tax rates hundredths of a percent (the XML builder
 * writes them with `aeatAmount` / `aeatRate`); dates are already `dd-mm-yyyy` (`aeatDate`) and the
 * generation timestamp already `aeatTimestamp`, because both are hashed as written.
 */

/** L2: F1 invoice, F2 simplified, F3 replacing simplified ones, R1–R5 corrective (R5 of simplified). */
export type TipoFactura = 'F1' | 'F2' | 'F3' | 'R1' | 'R2' | 'R3' | 'R4' | 'R5';
/** L3: S by substitution, I by differences. */
export type TipoRectificativa = 'S' | 'I';
/** L8A, the VAT regime keys (01 general). */
export type ClaveRegimen =
  | '01'
  | '02'
  | '03'
  | '04'
  | '05'
  | '06'
  | '07'
  | '08'
  | '09'
  | '10'
  | '11'
  | '14'
  | '15'
  | '17'
  | '18'
  | '19'
  | '20';
/** L10: the exemption's legal ground (E1: art. 20 LIVA, E2: 21, E3: 22, E4: 23–24, E5: 25, E6: other). */
export type OperacionExenta = 'E1' | 'E2' | 'E3' | 'E4' | 'E5' | 'E6';
/** L7: 02 VAT number, 03 passport, 04 id of the country of residence, 05 residence certificate, 06 other, 07 not registered. */
export type IDType = '02' | '03' | '04' | '05' | '06' | '07';

/** An invoice's key: issuer NIF, series and number, issue date (`dd-mm-yyyy`). */
export interface IDFacturaRef {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
}

/** A foreign (or non-NIF) identifier. `CodigoPais` (ISO 3166-1 alpha-2) is required unless `IDType` is 02. */
export interface IDOtro {
  CodigoPais?: string;
  IDType: IDType;
  ID: string;
}

/** A recipient: a Spanish NIF, or another identifier. */
export type Destinatario = { NombreRazon: string; NIF: string } | { NombreRazon: string; IDOtro: IDOtro };

interface DetalleBase {
  /** Only VAT (`01`, also AEAT's default) is supported. */
  Impuesto?: '01';
  /** Default `01`, the general regime. */
  ClaveRegimen?: ClaveRegimen;
  /** Taxable base in cents. */
  BaseImponibleOimporteNoSujeto: number;
}

/** A taxed breakdown line: subject and not exempt, no reverse charge (S1). */
export interface DetalleSujeto extends DetalleBase {
  CalificacionOperacion: 'S1';
  /** Hundredths of a percent: 2100 is 21 %. */
  TipoImpositivo: number;
  /** Cents. */
  CuotaRepercutida: number;
}

/** An exempt breakdown line: no rate, no quota. */
export interface DetalleExento extends DetalleBase {
  OperacionExenta: OperacionExenta;
}

/** One `DetalleDesglose` (1 to 12 per record). */
export type DetalleDesglose = DetalleSujeto | DetalleExento;

/** The previous record of the same system (alta or anulación): its invoice key and huella. */
export interface RegistroAnterior extends IDFacturaRef {
  Huella: string;
}

/** `'PrimerRegistro'` for the first record the system generates, else the previous record. */
export type Encadenamiento = 'PrimerRegistro' | RegistroAnterior;

/** The invoicing system (SIF) that generated the record and its producer. */
export interface SistemaInformatico {
  /** The producer's name. */
  NombreRazon: string;
  /** The producer's NIF, or `IDOtro` instead. */
  NIF?: string;
  IDOtro?: IDOtro;
  NombreSistemaInformatico: string;
  /** Two characters, each an uppercase letter (not Ñ) or a digit. */
  IdSistemaInformatico: string;
  Version: string;
  NumeroInstalacion: string;
  TipoUsoPosibleSoloVerifactu: 'S' | 'N';
  TipoUsoPosibleMultiOT: 'S' | 'N';
  IndicadorMultiplesOT: 'S' | 'N';
}

/** A RegistroAlta: the record of an issued invoice. */
export interface AltaRecord extends IDFacturaRef {
  kind: 'alta';
  RefExterna?: string;
  NombreRazonEmisor: string;
  /** `S` for a correction of a record already sent (same key). */
  Subsanacion?: 'S' | 'N';
  /** `X` (with `Subsanacion` S) when resending an alta AEAT rejected. */
  RechazoPrevio?: 'N' | 'S' | 'X';
  TipoFactura: TipoFactura;
  /** Required for (and only for) R1–R5. */
  TipoRectificativa?: TipoRectificativa;
  /** The invoices an R1–R5 corrects. */
  FacturasRectificadas?: IDFacturaRef[];
  /** The simplified invoices an F3 replaces. */
  FacturasSustituidas?: IDFacturaRef[];
  /** Required for (and only for) `TipoRectificativa` S: the corrected invoice's base and quota, in cents. */
  ImporteRectificacion?: { BaseRectificada: number; CuotaRectificada: number };
  /** `dd-mm-yyyy`, only when it differs from the issue date. */
  FechaOperacion?: string;
  DescripcionOperacion: string;
  /** Required for F1, F3, R1–R4; forbidden for F2 and R5. */
  Destinatarios?: Destinatario[];
  Desglose: DetalleDesglose[];
  /** Cents: the sum of the lines' quotas. */
  CuotaTotal: number;
  /** Cents: the sum of the lines' bases and quotas. */
  ImporteTotal: number;
  Encadenamiento: Encadenamiento;
  SistemaInformatico: SistemaInformatico;
  /** `aeatTimestamp(generatedAt, timeZone)`. */
  FechaHoraHusoGenRegistro: string;
  /** This record's own huella (`sealRecord` computes it). */
  Huella: string;
}

/** A RegistroAnulacion: the record that voids an invoice's alta. */
export interface AnulacionRecord {
  kind: 'anulacion';
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  RefExterna?: string;
  /** `S` when the voided alta never reached AEAT. */
  SinRegistroPrevio?: 'S' | 'N';
  /** `S` when resending an anulación AEAT rejected. */
  RechazoPrevio?: 'S' | 'N';
  Encadenamiento: Encadenamiento;
  SistemaInformatico: SistemaInformatico;
  /** `aeatTimestamp(generatedAt, timeZone)`. */
  FechaHoraHusoGenRegistro: string;
  /** This record's own huella (`sealRecord` computes it). */
  Huella: string;
}

/** Either record kind; a request may mix both. */
export type VerifactuRecord = AltaRecord | AnulacionRecord;
/** An alta before its huella is computed. */
export type AltaDraft = Omit<AltaRecord, 'Huella'>;
/** An anulación before its huella is computed. */
export type AnulacionDraft = Omit<AnulacionRecord, 'Huella'>;

/** True for a taxed (S1) line, false for an exempt one. */
export function isSujeto(line: DetalleDesglose): line is DetalleSujeto {
  return 'CalificacionOperacion' in line;
}

function previousHuella(chain: Encadenamiento): string {
  return chain === 'PrimerRegistro' ? '' : chain.Huella;
}

/** The fields of an alta its huella is computed from, as the XML writes them. */
export function altaHuellaFieldsOf(record: AltaDraft): AltaHuellaFields {
  return {
    IDEmisorFactura: record.IDEmisorFactura,
    NumSerieFactura: record.NumSerieFactura,
    FechaExpedicionFactura: record.FechaExpedicionFactura,
    TipoFactura: record.TipoFactura,
    CuotaTotal: aeatAmount(record.CuotaTotal),
    ImporteTotal: aeatAmount(record.ImporteTotal),
    Huella: previousHuella(record.Encadenamiento),
    FechaHoraHusoGenRegistro: record.FechaHoraHusoGenRegistro,
  };
}

/** The fields of an anulación its huella is computed from, as the XML writes them. */
export function anulacionHuellaFieldsOf(record: AnulacionDraft): AnulacionHuellaFields {
  return {
    IDEmisorFacturaAnulada: record.IDEmisorFacturaAnulada,
    NumSerieFacturaAnulada: record.NumSerieFacturaAnulada,
    FechaExpedicionFacturaAnulada: record.FechaExpedicionFacturaAnulada,
    Huella: previousHuella(record.Encadenamiento),
    FechaHoraHusoGenRegistro: record.FechaHoraHusoGenRegistro,
  };
}

/** The huella a record must carry, computed from its own fields. */
export function huellaOf(record: AltaDraft | AnulacionDraft): string {
  return record.kind === 'alta'
    ? altaHuella(altaHuellaFieldsOf(record))
    : anulacionHuella(anulacionHuellaFieldsOf(record));
}

/** The record with its huella computed from its own fields. */
export function sealRecord(draft: AltaDraft): AltaRecord;
export function sealRecord(draft: AnulacionDraft): AnulacionRecord;
export function sealRecord(draft: AltaDraft | AnulacionDraft): VerifactuRecord {
  return { ...draft, Huella: huellaOf(draft) } as VerifactuRecord;
}

/** The `RegistroAnterior` block the next record chains to this one with. */
export function chainTo(record: VerifactuRecord): RegistroAnterior {
  if (record.kind === 'alta') {
    return {
      IDEmisorFactura: record.IDEmisorFactura,
      NumSerieFactura: record.NumSerieFactura,
      FechaExpedicionFactura: record.FechaExpedicionFactura,
      Huella: record.Huella,
    };
  }
  return {
    IDEmisorFactura: record.IDEmisorFacturaAnulada,
    NumSerieFactura: record.NumSerieFacturaAnulada,
    FechaExpedicionFactura: record.FechaExpedicionFacturaAnulada,
    Huella: record.Huella,
  };
}

/**
 * One breakdown line from a tax rate (hundredths of a percent), a base and a quota in cents. A positive
 * rate is S1 (subject, not exempt). A 0 % rate is an exempt line, `exemption` or E1 (art. 20 LIVA, the
 * exemptions of services such as health, education, sport and culture), with no rate or quota written:
 * VERI*FACTU admits S1 at 0 % only for the temporary 0 % food rate, which ended before its invoices
 * could be issued (28-10-2024), and forbids a rate or quota on an exempt line (validaciones 15.1, 15.5).
 */
export function detalleDesglose(line: {
  rateHundredths: number;
  baseCents: number;
  cuotaCents: number;
  exemption?: OperacionExenta;
  claveRegimen?: ClaveRegimen;
}): DetalleDesglose {
  const ClaveRegimen = line.claveRegimen ?? '01';
  if (line.rateHundredths > 0 && !line.exemption) {
    return {
      Impuesto: '01',
      ClaveRegimen,
      CalificacionOperacion: 'S1',
      TipoImpositivo: line.rateHundredths,
      BaseImponibleOimporteNoSujeto: line.baseCents,
      CuotaRepercutida: line.cuotaCents,
    };
  }
  check(line.cuotaCents === 0, 'CuotaRepercutida', 'an exempt line carries no quota');
  check(line.rateHundredths === 0, 'TipoImpositivo', 'an exempt line carries no rate');
  return {
    Impuesto: '01',
    ClaveRegimen,
    OperacionExenta: line.exemption ?? 'E1',
    BaseImponibleOimporteNoSujeto: line.baseCents,
  };
}
