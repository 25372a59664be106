import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { check } from './errors.js';
import { aeatAmount, aeatRate } from './format.js';
import { NS_SOAP, NS_SUMINISTRO_INFORMACION, NS_SUMINISTRO_LR, NS_XMLNS } from './namespaces.js';
import {
  type AltaRecord,
  type AnulacionRecord,
  type Destinatario,
  type DetalleDesglose,
  type Encadenamiento,
  huellaOf,
  type IDFacturaRef,
  type IDOtro,
  isSujeto,
  type SistemaInformatico,
  type VerifactuRecord,
} from './records.js';
import {
  checkAltaRules,
  checkAnulacionRules,
  codeValue,
  fechaValue,
  huellaValue,
  nifValue,
  numSerieValue,
  textValue,
  timestampValue,
} from './rules.js';

/**
 * The XML AEAT receives, built with xmlbuilder2 (which escapes every text): the SOAP 1.1 envelope of
 * `RegFactuSistemaFacturacion` with its `Cabecera` and 1–1000 `RegistroFactura`, elements in the XSD's
 * order, prefixes as AEAT's own examples (`soapenv`, `sum` for SuministroLR, `sum1` for
 * SuministroInformacion). Every record is checked first (`rules.ts`), its huella against its fields.
 */

/** The company that issues the invoices (the request's `ObligadoEmision`). */
export interface Obligado {
  name: string;
  nif: string;
}

/** At most this many records per request (`RegistroFactura maxOccurs`). */
export const MAX_RECORDS_PER_REQUEST = 1000;

/** Invoices of 100,000,000.00 € or more (in absolute value) are flagged `Macrodato` (validation 1139). */
const MACRODATO_CENTS = 10_000_000_000;

type Node = XMLBuilder;

/** Appends `<sum1:name>text</sum1:name>` (SuministroInformacion's namespace). */
function leaf(parent: Node, name: string, text: string): Node {
  parent.ele(NS_SUMINISTRO_INFORMACION, `sum1:${name}`).txt(text);
  return parent;
}

function block(parent: Node, name: string): Node {
  return parent.ele(NS_SUMINISTRO_INFORMACION, `sum1:${name}`);
}

function writeIdOtro(parent: Node, id: IDOtro): void {
  const node = block(parent, 'IDOtro');
  if (id.CodigoPais) leaf(node, 'CodigoPais', id.CodigoPais);
  leaf(node, 'IDType', id.IDType);
  leaf(node, 'ID', id.ID.trim());
}

function writeFacturaRef(parent: Node, name: string, ref: IDFacturaRef, field: string): void {
  const node = block(parent, name);
  leaf(node, 'IDEmisorFactura', nifValue(ref.IDEmisorFactura, `${field}.IDEmisorFactura`));
  leaf(node, 'NumSerieFactura', numSerieValue(ref.NumSerieFactura, `${field}.NumSerieFactura`));
  leaf(
    node,
    'FechaExpedicionFactura',
    fechaValue(ref.FechaExpedicionFactura, `${field}.FechaExpedicionFactura`),
  );
}

function writeFacturaRefs(parent: Node, list: IDFacturaRef[] | undefined, group: string, item: string): void {
  if (!list) return;
  check(list.length >= 1 && list.length <= 1000, group, 'needs 1 to 1000 invoices');
  const node = block(parent, group);
  list.forEach((ref, i) => {
    writeFacturaRef(node, item, ref, `${group}[${i}]`);
  });
}

function writeDestinatarios(parent: Node, list: Destinatario[] | undefined): void {
  if (!list?.length) return;
  const node = block(parent, 'Destinatarios');
  list.forEach((d, i) => {
    const item = block(node, 'IDDestinatario');
    leaf(item, 'NombreRazon', textValue(d.NombreRazon, `Destinatarios[${i}].NombreRazon`, 120));
    if ('NIF' in d) leaf(item, 'NIF', d.NIF.trim());
    else writeIdOtro(item, d.IDOtro);
  });
}

function writeDetalle(parent: Node, line: DetalleDesglose): void {
  const node = block(parent, 'DetalleDesglose');
  leaf(node, 'Impuesto', codeValue(line.Impuesto ?? '01', ['01'], 'Impuesto'));
  leaf(node, 'ClaveRegimen', line.ClaveRegimen ?? '01');
  if (isSujeto(line)) {
    leaf(node, 'CalificacionOperacion', line.CalificacionOperacion);
    leaf(node, 'TipoImpositivo', aeatRate(line.TipoImpositivo));
    leaf(node, 'BaseImponibleOimporteNoSujeto', aeatAmount(line.BaseImponibleOimporteNoSujeto));
    leaf(node, 'CuotaRepercutida', aeatAmount(line.CuotaRepercutida));
  } else {
    leaf(node, 'OperacionExenta', line.OperacionExenta);
    leaf(node, 'BaseImponibleOimporteNoSujeto', aeatAmount(line.BaseImponibleOimporteNoSujeto));
  }
}

function writeEncadenamiento(parent: Node, chain: Encadenamiento): void {
  const node = block(parent, 'Encadenamiento');
  if (chain === 'PrimerRegistro') {
    leaf(node, 'PrimerRegistro', 'S');
    return;
  }
  const field = 'Encadenamiento.RegistroAnterior';
  const previous = block(node, 'RegistroAnterior');
  leaf(previous, 'IDEmisorFactura', nifValue(chain.IDEmisorFactura, `${field}.IDEmisorFactura`));
  leaf(previous, 'NumSerieFactura', numSerieValue(chain.NumSerieFactura, `${field}.NumSerieFactura`));
  leaf(
    previous,
    'FechaExpedicionFactura',
    fechaValue(chain.FechaExpedicionFactura, `${field}.FechaExpedicionFactura`),
  );
  leaf(previous, 'Huella', huellaValue(chain.Huella, `${field}.Huella`));
}

function writeSistemaInformatico(parent: Node, s: SistemaInformatico): void {
  const node = block(parent, 'SistemaInformatico');
  leaf(node, 'NombreRazon', textValue(s.NombreRazon, 'SistemaInformatico.NombreRazon', 120));
  if (s.NIF !== undefined) leaf(node, 'NIF', s.NIF.trim());
  else if (s.IDOtro) writeIdOtro(node, s.IDOtro);
  leaf(node, 'NombreSistemaInformatico', s.NombreSistemaInformatico.trim());
  leaf(node, 'IdSistemaInformatico', s.IdSistemaInformatico);
  leaf(node, 'Version', s.Version.trim());
  leaf(node, 'NumeroInstalacion', s.NumeroInstalacion.trim());
  leaf(node, 'TipoUsoPosibleSoloVerifactu', s.TipoUsoPosibleSoloVerifactu);
  leaf(node, 'TipoUsoPosibleMultiOT', s.TipoUsoPosibleMultiOT);
  leaf(node, 'IndicadorMultiplesOT', s.IndicadorMultiplesOT);
}

function writeSealing(node: Node, record: VerifactuRecord): void {
  leaf(
    node,
    'FechaHoraHusoGenRegistro',
    timestampValue(record.FechaHoraHusoGenRegistro, 'FechaHoraHusoGenRegistro'),
  );
  leaf(node, 'TipoHuella', '01');
  const huella = huellaValue(record.Huella, 'Huella');
  check(huella === huellaOf(record), 'Huella', 'does not match the record’s own fields (use sealRecord)');
  leaf(node, 'Huella', huella);
}

/** An alta's elements up to its corrected or replaced invoices, in the XSD's order. */
function writeAltaHead(node: Node, r: AltaRecord): void {
  leaf(node, 'IDVersion', '1.0');
  const id = block(node, 'IDFactura');
  leaf(id, 'IDEmisorFactura', r.IDEmisorFactura.trim());
  leaf(id, 'NumSerieFactura', numSerieValue(r.NumSerieFactura, 'NumSerieFactura'));
  leaf(id, 'FechaExpedicionFactura', r.FechaExpedicionFactura.trim());
  if (r.RefExterna !== undefined) leaf(node, 'RefExterna', textValue(r.RefExterna, 'RefExterna', 60, false));
  leaf(node, 'NombreRazonEmisor', textValue(r.NombreRazonEmisor, 'NombreRazonEmisor', 120));
  if (r.Subsanacion) leaf(node, 'Subsanacion', r.Subsanacion);
  if (r.RechazoPrevio) leaf(node, 'RechazoPrevio', r.RechazoPrevio);
  leaf(node, 'TipoFactura', r.TipoFactura);
  if (r.TipoRectificativa) leaf(node, 'TipoRectificativa', r.TipoRectificativa);
  writeFacturaRefs(node, r.FacturasRectificadas, 'FacturasRectificadas', 'IDFacturaRectificada');
  writeFacturaRefs(node, r.FacturasSustituidas, 'FacturasSustituidas', 'IDFacturaSustituida');
  if (r.ImporteRectificacion) {
    const amounts = block(node, 'ImporteRectificacion');
    leaf(amounts, 'BaseRectificada', aeatAmount(r.ImporteRectificacion.BaseRectificada));
    leaf(amounts, 'CuotaRectificada', aeatAmount(r.ImporteRectificacion.CuotaRectificada));
  }
}

/** An alta's operation, recipients, breakdown and totals, in the XSD's order. */
function writeAltaContent(node: Node, r: AltaRecord): void {
  if (r.FechaOperacion) leaf(node, 'FechaOperacion', fechaValue(r.FechaOperacion, 'FechaOperacion'));
  leaf(node, 'DescripcionOperacion', textValue(r.DescripcionOperacion, 'DescripcionOperacion', 500));
  if (Math.abs(r.ImporteTotal) >= MACRODATO_CENTS) leaf(node, 'Macrodato', 'S');
  writeDestinatarios(node, r.Destinatarios);
  const desglose = block(node, 'Desglose');
  for (const line of r.Desglose) writeDetalle(desglose, line);
  leaf(node, 'CuotaTotal', aeatAmount(r.CuotaTotal));
  leaf(node, 'ImporteTotal', aeatAmount(r.ImporteTotal));
}

function writeAlta(parent: Node, r: AltaRecord): void {
  checkAltaRules(r);
  const node = block(parent, 'RegistroAlta');
  writeAltaHead(node, r);
  writeAltaContent(node, r);
  writeEncadenamiento(node, r.Encadenamiento);
  writeSistemaInformatico(node, r.SistemaInformatico);
  writeSealing(node, r);
}

function writeAnulacion(parent: Node, r: AnulacionRecord): void {
  checkAnulacionRules(r);
  const node = block(parent, 'RegistroAnulacion');
  leaf(node, 'IDVersion', '1.0');
  const id = block(node, 'IDFactura');
  leaf(id, 'IDEmisorFacturaAnulada', r.IDEmisorFacturaAnulada.trim());
  leaf(id, 'NumSerieFacturaAnulada', numSerieValue(r.NumSerieFacturaAnulada, 'NumSerieFacturaAnulada'));
  leaf(id, 'FechaExpedicionFacturaAnulada', r.FechaExpedicionFacturaAnulada.trim());
  if (r.RefExterna !== undefined) leaf(node, 'RefExterna', textValue(r.RefExterna, 'RefExterna', 60, false));
  if (r.SinRegistroPrevio) leaf(node, 'SinRegistroPrevio', r.SinRegistroPrevio);
  if (r.RechazoPrevio) leaf(node, 'RechazoPrevio', r.RechazoPrevio);
  writeEncadenamiento(node, r.Encadenamiento);
  writeSistemaInformatico(node, r.SistemaInformatico);
  writeSealing(node, r);
}

function writeRecord(parent: Node, record: VerifactuRecord): void {
  if (record.kind === 'alta') writeAlta(parent, record);
  else writeAnulacion(parent, record);
}

function issuerOf(record: VerifactuRecord): string {
  return (record.kind === 'alta' ? record.IDEmisorFactura : record.IDEmisorFacturaAnulada).trim();
}

/**
 * The whole SOAP request of `RegFactuSistemaFacturacion`: the `Cabecera` (the obligado; `incidencia`
 * flags records sent late after an incident) and 1–1000 records, altas and anulaciones mixed.
 */
export function buildRegFactuRequest(input: {
  obligado: Obligado;
  records: VerifactuRecord[];
  incidencia?: boolean;
}): string {
  const { obligado, records } = input;
  const nif = nifValue(obligado.nif, 'ObligadoEmision.NIF');
  check(records.length >= 1, 'RegistroFactura', 'needs at least one record');
  check(records.length <= MAX_RECORDS_PER_REQUEST, 'RegistroFactura', 'at most 1000 records per request');
  records.forEach((record, i) => {
    check(
      issuerOf(record) === nif,
      `RegistroFactura[${i}]`,
      'the invoice’s issuer must be the ObligadoEmision',
    );
  });
  const envelope = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(NS_SOAP, 'soapenv:Envelope')
    .att(NS_XMLNS, 'xmlns:sum', NS_SUMINISTRO_LR)
    .att(NS_XMLNS, 'xmlns:sum1', NS_SUMINISTRO_INFORMACION);
  envelope.ele(NS_SOAP, 'soapenv:Header');
  const request = envelope
    .ele(NS_SOAP, 'soapenv:Body')
    .ele(NS_SUMINISTRO_LR, 'sum:RegFactuSistemaFacturacion');
  const cabecera = request.ele(NS_SUMINISTRO_LR, 'sum:Cabecera');
  const oe = block(cabecera, 'ObligadoEmision');
  leaf(oe, 'NombreRazon', textValue(obligado.name, 'ObligadoEmision.NombreRazon', 120));
  leaf(oe, 'NIF', nif);
  if (input.incidencia) leaf(block(cabecera, 'RemisionVoluntaria'), 'Incidencia', 'S');
  for (const record of records) writeRecord(request.ele(NS_SUMINISTRO_LR, 'sum:RegistroFactura'), record);
  return envelope.end({ prettyPrint: false });
}

/** One record alone (`sum1:RegistroAlta` or `sum1:RegistroAnulacion` as root), to store or inspect. */
export function buildRegistroXml(record: VerifactuRecord): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  writeRecord(doc, record);
  doc.root().att(NS_XMLNS, 'xmlns:sum1', NS_SUMINISTRO_INFORMACION);
  return doc.end({ prettyPrint: false });
}
