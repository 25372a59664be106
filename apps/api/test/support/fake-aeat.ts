import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { validateXML } from 'xmllint-wasm';
import { aeatTimestamp } from '../../src/integrations/verifactu/format.js';
import { altaHuella, anulacionHuella } from '../../src/integrations/verifactu/huella.js';
import {
  NS_RESPUESTA_SUMINISTRO,
  NS_SOAP,
  NS_SUMINISTRO_INFORMACION,
  NS_SUMINISTRO_LR,
  NS_XMLNS,
} from '../../src/integrations/verifactu/namespaces.js';

/**
 * A local stand-in for AEAT's VERI*FACTU SOAP service (WSDL `sfVerifactu`, operation
 * `RegFactuSistemaFacturacion`), for tests: HTTPS that demands a client certificate of the test CA,
 * each request validated against AEAT's own `SuministroLR.xsd` (a schema error is a `soapenv:Client`
 * fault with code 4102, as AEAT answers), and answers built per `RespuestaSuministro.xsd` with AEAT's
 * texts from `AEAT_errores.properties`. Like AEAT it keeps what it accepted: a second alta of the same
 * invoice is Incorrecto 3000 with its `RegistroDuplicado` block, an anulación of an unknown invoice 3002,
 * of an annulled one 3001, a huella that does not match its record AceptadoConErrores 2000. What else
 * it answers is programmed per test through `mode`.
 */

/** The folder of AEAT's files, vendored unmodified beside the tests. */
export const AEAT_FILES = path.resolve(import.meta.dirname, '../verifactu-aeat');

/** The path of AEAT's endpoint, the same on every host. */
export const VERIFACTU_PATH = '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

// ---------------------------------------------------------------------------------------------------
// AEAT's schemas and error texts

const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const schemaFiles = [
  'SuministroLR.xsd',
  'SuministroInformacion.xsd',
  'RespuestaSuministro.xsd',
  'xmldsig-core-schema.xsd',
];

/**
 * A schema importing AEAT's: `SuministroInformacion.xsd` imports the W3C signature schema from
 * `http://www.w3.org/…`, which cannot be fetched here; importing the vendored copy first for that
 * namespace makes libxml2 skip the remote one, and the AEAT files stay untouched.
 */
const entrySchema = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:mostrador:test:aeat" elementFormDefault="qualified">
  <xs:import namespace="${XMLDSIG_NS}" schemaLocation="xmldsig-core-schema.xsd"/>
  <xs:import namespace="${NS_SUMINISTRO_LR}" schemaLocation="SuministroLR.xsd"/>
  <xs:import namespace="${NS_RESPUESTA_SUMINISTRO}" schemaLocation="RespuestaSuministro.xsd"/>
</xs:schema>`;

let schemaCache: { fileName: string; contents: string }[] | undefined;

function aeatSchemas() {
  schemaCache ??= schemaFiles.map((fileName) => ({
    fileName,
    contents: readFileSync(path.join(AEAT_FILES, fileName), 'utf8'),
  }));
  return schemaCache;
}

/** The global elements of AEAT's schemas a document may be validated as. */
export type AeatRoot =
  | 'RegFactuSistemaFacturacion'
  | 'RespuestaRegFactuSistemaFacturacion'
  | 'RegistroAlta'
  | 'RegistroAnulacion';

/** The little of xmlbuilder2's DOM nodes the fake reads. */
interface DomElement {
  localName: string;
  namespaceURI: string | null;
}

/** What AEAT's schemas say of a document: valid, or the validator's errors. */
export interface XsdResult {
  valid: boolean;
  errors: string[];
}

/**
 * Validates `xml` against AEAT's XSDs (xmllint, all vendored schemas loaded), requiring its root to
 * be the global element `root`.
 */
export async function validateAgainstAeatXsd(xml: string, root: AeatRoot): Promise<XsdResult> {
  // The root's name is checked here (any global element of AEAT's schemas would validate); its
  // namespace is left to the schemas, which know no other.
  const element = create(xml).root().node as unknown as DomElement;
  if (element.localName !== root)
    return { valid: false, errors: [`the root is ${element.localName}, not ${root}`] };
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: 'entry.xsd', contents: entrySchema }],
    preload: aeatSchemas(),
  });
  const errors = result.errors
    .map((e) => e.message)
    .filter((m) => !/parser warning|fails to validate/.test(m));
  return { valid: result.valid, errors };
}

/** The element inside a SOAP envelope's Body, as a document of its own (namespaces declared on it). */
export function soapBodyPayload(envelopeXml: string): string {
  const doc = create(envelopeXml);
  const envelope = doc.root();
  const node = envelope.node as unknown as DomElement;
  if (node.localName !== 'Envelope' || node.namespaceURI !== NS_SOAP)
    throw new Error('not a SOAP 1.1 envelope');
  const body = envelope.find((n) => {
    const el = n.node as unknown as DomElement;
    return el.localName === 'Body' && el.namespaceURI === NS_SOAP;
  });
  if (!body) throw new Error('the envelope has no Body');
  const payload = body.find((n) => n.node.nodeType === 1);
  if (!payload) throw new Error('the Body is empty');
  return payload.toString();
}

let errorTexts: Map<number, string> | undefined;

/** AEAT's text for an error code, from `AEAT_errores.properties` (ISO-8859-1). */
export function aeatErrorText(code: number): string {
  if (!errorTexts) {
    errorTexts = new Map();
    const source = readFileSync(path.join(AEAT_FILES, 'AEAT_errores.properties')).toString('latin1');
    for (const line of source.split(/\r?\n/)) {
      const m = /^\s*(\d+)\s*=\s*(.*?)\s*$/.exec(line);
      if (m) errorTexts.set(Number(m[1]), m[2]!);
    }
  }
  const text = errorTexts.get(code);
  if (text === undefined) throw new Error(`AEAT_errores.properties has no code ${code}`);
  return text;
}

// ---------------------------------------------------------------------------------------------------
// Reading a request

/** A record as the fake read it from a request. */
export interface ReceivedRecord {
  kind: 'alta' | 'anulacion';
  nif: string;
  numSerie: string;
  fecha: string;
  huella: string;
  /** The previous record's huella, or null for `PrimerRegistro`. */
  huellaAnterior: string | null;
  timestamp: string;
  tipoFactura?: string;
  cuotaTotal?: string;
  importeTotal?: string;
  subsanacion?: string;
  rechazoPrevio?: string;
  sinRegistroPrevio?: string;
  refExterna?: string;
  /** The whole record as fast-xml-parser read it (prefixes removed). */
  element: Record<string, unknown>;
}

/** One request the fake received, and what it answered. */
export interface ReceivedRequest {
  method: string;
  headers: IncomingMessage['headers'];
  /** The client certificate's subject (CN, serialNumber, organizationIdentifier…). */
  clientSubject: Record<string, string>;
  xml: string;
  obligado: { NombreRazon: string; NIF: string } | null;
  records: ReceivedRecord[];
  status: number;
  responseXml: string;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => ['RegistroFactura', 'IDDestinatario', 'DetalleDesglose'].includes(name),
});

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const opt = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function readRecord(registro: Obj): ReceivedRecord {
  const alta = registro.RegistroAlta !== undefined;
  const r = obj(alta ? registro.RegistroAlta : registro.RegistroAnulacion);
  const id = obj(r.IDFactura);
  const previous = obj(obj(r.Encadenamiento).RegistroAnterior);
  return {
    kind: alta ? 'alta' : 'anulacion',
    nif: str(alta ? id.IDEmisorFactura : id.IDEmisorFacturaAnulada),
    numSerie: str(alta ? id.NumSerieFactura : id.NumSerieFacturaAnulada),
    fecha: str(alta ? id.FechaExpedicionFactura : id.FechaExpedicionFacturaAnulada),
    huella: str(r.Huella),
    huellaAnterior: opt(previous.Huella) ?? null,
    timestamp: str(r.FechaHoraHusoGenRegistro),
    tipoFactura: opt(r.TipoFactura),
    cuotaTotal: opt(r.CuotaTotal),
    importeTotal: opt(r.ImporteTotal),
    subsanacion: opt(r.Subsanacion),
    rechazoPrevio: opt(r.RechazoPrevio),
    sinRegistroPrevio: opt(r.SinRegistroPrevio),
    refExterna: opt(r.RefExterna),
    element: r,
  };
}

function readRequest(payloadXml: string) {
  const request = obj(parser.parse(payloadXml).RegFactuSistemaFacturacion);
  const oe = obj(obj(request.Cabecera).ObligadoEmision);
  const records = (request.RegistroFactura as Obj[] | undefined) ?? [];
  return {
    obligado: { NombreRazon: str(oe.NombreRazon), NIF: str(oe.NIF) },
    records: records.map(readRecord),
  };
}

/** The huella AEAT computes from the record's own fields. */
function expectedHuella(r: ReceivedRecord): string {
  const common = { Huella: r.huellaAnterior ?? '', FechaHoraHusoGenRegistro: r.timestamp };
  if (r.kind === 'anulacion') {
    return anulacionHuella({
      IDEmisorFacturaAnulada: r.nif,
      NumSerieFacturaAnulada: r.numSerie,
      FechaExpedicionFacturaAnulada: r.fecha,
      ...common,
    });
  }
  return altaHuella({
    IDEmisorFactura: r.nif,
    NumSerieFactura: r.numSerie,
    FechaExpedicionFactura: r.fecha,
    TipoFactura: r.tipoFactura ?? '',
    CuotaTotal: r.cuotaTotal ?? '',
    ImporteTotal: r.importeTotal ?? '',
    ...common,
  });
}

// ---------------------------------------------------------------------------------------------------
// Behaviour

/**
 * What the fake answers, besides what AEAT always checks (duplicates, unknown anulaciones, huellas):
 * - `correct`: every record Correcto;
 * - `records`: the listed invoice numbers Incorrecto or AceptadoConErrores with the given AEAT code;
 * - `serverFault`: a `soapenv:Server` fault for the whole request (AEAT: send again later);
 * - `slow`: answers as `correct` after `delayMs`;
 * - `httpError`: an HTTP error page without a SOAP fault, as a proxy in front of AEAT may answer;
 * - `dropConnection`: the connection closes without an answer, or after `afterBytes` of a correct one.
 */
export type FakeAeatMode =
  | { kind: 'correct' }
  | { kind: 'records'; incorrect?: Record<string, number>; acceptedWithErrors?: Record<string, number> }
  | { kind: 'serverFault'; faultString?: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'httpError'; status: number }
  | { kind: 'dropConnection'; afterBytes?: number };

type EstadoRegistro = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
type EstadoStored = 'Correcta' | 'AceptadaConErrores' | 'Anulada';

interface StoredRecord {
  idPeticion: string;
  estado: EstadoStored;
  code?: number;
}

interface Outcome {
  estado: EstadoRegistro;
  code?: number;
  duplicate?: StoredRecord;
}

/** A running fake AEAT. */
export interface FakeAeat {
  /** The endpoint URL to give the client: `https://127.0.0.1:<port>/wlpl/…/VerifactuSOAP`. */
  endpoint: string;
  /** What it answers next; change it between requests. */
  mode: FakeAeatMode;
  /** The `TiempoEsperaEnvio` it answers, in seconds. */
  tiempoEsperaEnvio: number;
  /** Every request received, in order. */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

function randomCode(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

function keyOf(r: ReceivedRecord): string {
  return `${r.nif}|${r.numSerie}|${r.fecha}`;
}

function programmedOutcome(mode: FakeAeatMode, r: ReceivedRecord): Outcome | null {
  if (mode.kind !== 'records') return null;
  const incorrect = mode.incorrect?.[r.numSerie];
  if (incorrect !== undefined) return { estado: 'Incorrecto', code: incorrect };
  const withErrors = mode.acceptedWithErrors?.[r.numSerie];
  if (withErrors !== undefined) return { estado: 'AceptadoConErrores', code: withErrors };
  return null;
}

/** AEAT's checks that need what it already holds. */
function registryOutcome(store: Map<string, StoredRecord>, r: ReceivedRecord): Outcome | null {
  const stored = store.get(keyOf(r));
  if (r.kind === 'alta') {
    const correction = r.subsanacion === 'S' && r.rechazoPrevio !== 'X';
    if (stored && (!correction || stored.estado === 'Anulada'))
      return { estado: 'Incorrecto', code: 3000, duplicate: stored };
    if (!stored && correction) return { estado: 'Incorrecto', code: 3002 };
    return null;
  }
  if (!stored) return r.sinRegistroPrevio === 'S' ? null : { estado: 'Incorrecto', code: 3002 };
  if (stored.estado === 'Anulada') return { estado: 'Incorrecto', code: 3001 };
  return null;
}

function judge(
  fake: FakeAeat,
  store: Map<string, StoredRecord>,
  obligadoNif: string,
  r: ReceivedRecord,
): Outcome {
  const programmed = programmedOutcome(fake.mode, r);
  if (programmed?.estado === 'Incorrecto') return programmed;
  if (r.nif !== obligadoNif) return { estado: 'Incorrecto', code: 1108 };
  const registry = registryOutcome(store, r);
  if (registry) return registry;
  if (programmed) return programmed;
  if (r.huella !== expectedHuella(r)) return { estado: 'AceptadoConErrores', code: 2000 };
  return { estado: 'Correcto' };
}

function remember(
  store: Map<string, StoredRecord>,
  r: ReceivedRecord,
  outcome: Outcome,
  idPeticion: string,
): void {
  if (outcome.estado === 'Incorrecto') return;
  if (r.kind === 'anulacion') {
    const stored = store.get(keyOf(r));
    store.set(keyOf(r), { idPeticion: stored?.idPeticion ?? idPeticion, estado: 'Anulada' });
    return;
  }
  const estado = outcome.estado === 'Correcto' ? 'Correcta' : 'AceptadaConErrores';
  store.set(keyOf(r), { idPeticion, estado, code: outcome.code });
}

// ---------------------------------------------------------------------------------------------------
// Writing answers

const leaf = (parent: XMLBuilder, ns: string, name: string, text: string) => {
  parent.ele(ns, name).txt(text);
};

/** A SOAP 1.1 fault as AEAT writes them (`env:` prefix, `Codigo[n].text`). */
export function soapFault(kind: 'Client' | 'Server', faultString: string): string {
  const fault = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(NS_SOAP, 'env:Envelope')
    .ele(NS_SOAP, 'env:Body')
    .ele(NS_SOAP, 'env:Fault');
  fault.ele('faultcode').txt(`env:${kind}`);
  fault.ele('faultstring').txt(faultString);
  fault.ele('detail').ele('callstack').txt('WSExcepcion [fake AEAT]');
  return fault.doc().end({ prettyPrint: true });
}

function writeLine(parent: XMLBuilder, r: ReceivedRecord, outcome: Outcome): void {
  const R = NS_RESPUESTA_SUMINISTRO;
  const S = NS_SUMINISTRO_INFORMACION;
  const line = parent.ele(R, 'tikR:RespuestaLinea');
  const id = line.ele(R, 'tikR:IDFactura');
  leaf(id, S, 'tik:IDEmisorFactura', r.nif);
  leaf(id, S, 'tik:NumSerieFactura', r.numSerie);
  leaf(id, S, 'tik:FechaExpedicionFactura', r.fecha);
  const operacion = line.ele(R, 'tikR:Operacion');
  leaf(operacion, S, 'tik:TipoOperacion', r.kind === 'alta' ? 'Alta' : 'Anulacion');
  if (r.subsanacion) leaf(operacion, S, 'tik:Subsanacion', r.subsanacion);
  if (r.rechazoPrevio) leaf(operacion, S, 'tik:RechazoPrevio', r.rechazoPrevio);
  if (r.sinRegistroPrevio) leaf(operacion, S, 'tik:SinRegistroPrevio', r.sinRegistroPrevio);
  if (r.refExterna) leaf(line, R, 'tikR:RefExterna', r.refExterna);
  leaf(line, R, 'tikR:EstadoRegistro', outcome.estado);
  if (outcome.code !== undefined) {
    leaf(line, R, 'tikR:CodigoErrorRegistro', String(outcome.code));
    leaf(line, R, 'tikR:DescripcionErrorRegistro', aeatErrorText(outcome.code));
  }
  if (outcome.duplicate) {
    const dup = line.ele(R, 'tikR:RegistroDuplicado');
    leaf(dup, S, 'tik:IdPeticionRegistroDuplicado', outcome.duplicate.idPeticion);
    leaf(dup, S, 'tik:EstadoRegistroDuplicado', outcome.duplicate.estado);
    if (outcome.duplicate.code !== undefined) {
      leaf(dup, S, 'tik:CodigoErrorRegistro', String(outcome.duplicate.code));
      leaf(dup, S, 'tik:DescripcionErrorRegistro', aeatErrorText(outcome.duplicate.code));
    }
  }
}

function estadoEnvio(outcomes: Outcome[]): string {
  if (outcomes.every((o) => o.estado === 'Correcto')) return 'Correcto';
  if (outcomes.every((o) => o.estado === 'Incorrecto')) return 'Incorrecto';
  return 'ParcialmenteCorrecto';
}

/** The `RespuestaRegFactuSistemaFacturacion` envelope, prefixes as AEAT's (`env`, `tikR`, `tik`). */
function respuesta(
  request: ReturnType<typeof readRequest>,
  outcomes: Outcome[],
  presenter: string,
  tiempoEsperaEnvio: number,
): string {
  const R = NS_RESPUESTA_SUMINISTRO;
  const S = NS_SUMINISTRO_INFORMACION;
  const body = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(NS_SOAP, 'env:Envelope')
    .ele(NS_SOAP, 'env:Body')
    .ele(R, 'tikR:RespuestaRegFactuSistemaFacturacion')
    .att(NS_XMLNS, 'xmlns:tik', S);
  if (outcomes.some((o) => o.estado !== 'Incorrecto')) {
    leaf(body, R, 'tikR:CSV', `A-${randomCode(14)}`);
    const datos = body.ele(R, 'tikR:DatosPresentacion');
    leaf(datos, S, 'tik:NIFPresentador', presenter);
    leaf(datos, S, 'tik:TimestampPresentacion', aeatTimestamp(new Date(), 'Europe/Madrid'));
  }
  const oe = body.ele(R, 'tikR:Cabecera').ele(S, 'tik:ObligadoEmision');
  leaf(oe, S, 'tik:NombreRazon', request.obligado.NombreRazon);
  leaf(oe, S, 'tik:NIF', request.obligado.NIF);
  leaf(body, R, 'tikR:TiempoEsperaEnvio', String(tiempoEsperaEnvio));
  leaf(body, R, 'tikR:EstadoEnvio', estadoEnvio(outcomes));
  request.records.forEach((r, i) => {
    writeLine(body, r, outcomes[i]!);
  });
  return body.doc().end({ prettyPrint: true });
}

// ---------------------------------------------------------------------------------------------------
// The server

const MAX_BODY_BYTES = 20 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('request too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function subjectOf(req: IncomingMessage): Record<string, string> {
  const subject = (req.socket as TLSSocket).getPeerCertificate?.()?.subject ?? {};
  return Object.fromEntries(
    Object.entries(subject).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
  );
}

/** The presenter's NIF: the client certificate's, as AEAT reads it, else the obligado's. */
function presenterOf(subject: Record<string, string>, fallback: string): string {
  const id = subject.organizationIdentifier ?? subject.serialNumber ?? '';
  const m = /^(?:[A-Z]{3}ES-)?([0-9A-Z]{9})$/.exec(id);
  return m ? m[1]! : fallback;
}

/**
 * Starts the fake on 127.0.0.1 (a free port): TLS with `serverPfx`, clients must present a certificate
 * signed by `ca`.
 */
export async function startFakeAeat(options: {
  ca: string | Buffer;
  serverPfx: Buffer;
  passphrase: string;
  mode?: FakeAeatMode;
  tiempoEsperaEnvio?: number;
}): Promise<FakeAeat> {
  const store = new Map<string, StoredRecord>();
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakeAeat = {
    endpoint: '',
    mode: options.mode ?? { kind: 'correct' },
    tiempoEsperaEnvio: options.tiempoEsperaEnvio ?? 60,
    requests: [],
    close: async () => {},
  };

  async function answer(
    req: IncomingMessage,
  ): Promise<{ status: number; xml: string; entry: ReceivedRequest }> {
    const xml = await readBody(req);
    const entry: ReceivedRequest = {
      method: req.method ?? '',
      headers: req.headers,
      clientSubject: subjectOf(req),
      xml,
      obligado: null,
      records: [],
      status: 500,
      responseXml: '',
    };
    const fault = (kind: 'Client' | 'Server', text: string) => ({
      status: 500,
      xml: soapFault(kind, text),
      entry,
    });
    if (req.method !== 'POST') return fault('Client', `Codigo[4135].${aeatErrorText(4135)}`);
    let payload: string;
    try {
      payload = soapBodyPayload(xml);
    } catch (error) {
      return fault('Client', `Codigo[4103].${aeatErrorText(4103)} ${(error as Error).message}`);
    }
    const request = readRequest(payload);
    entry.obligado = request.obligado;
    entry.records = request.records;
    if (fake.mode.kind === 'httpError') {
      return { status: fake.mode.status, xml: '<html><body>Service Unavailable</body></html>', entry };
    }
    if (fake.mode.kind === 'serverFault') {
      return fault(
        'Server',
        fake.mode.faultString ?? 'Codigo[-1].Error técnico. Inténtelo de nuevo más tarde.',
      );
    }
    const schema = await validateAgainstAeatXsd(payload, 'RegFactuSistemaFacturacion');
    if (!schema.valid)
      return fault('Client', `Codigo[4102].${aeatErrorText(4102)} ${schema.errors[0] ?? ''}`);
    const idPeticion = randomCode(20);
    const outcomes = request.records.map((r) => {
      const outcome = judge(fake, store, request.obligado.NIF, r);
      remember(store, r, outcome, idPeticion);
      return outcome;
    });
    const presenter = presenterOf(entry.clientSubject, request.obligado.NIF);
    return { status: 200, xml: respuesta(request, outcomes, presenter, fake.tiempoEsperaEnvio), entry };
  }

  function delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if ((req.url ?? '').split('?')[0] !== VERIFACTU_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const { status, xml, entry } = await answer(req);
    entry.status = status;
    entry.responseXml = xml;
    fake.requests.push(entry);
    if (fake.mode.kind === 'slow') await delay(fake.mode.delayMs);
    if (res.destroyed) return;
    if (fake.mode.kind === 'dropConnection') {
      const { afterBytes } = fake.mode;
      if (afterBytes !== undefined) {
        res.writeHead(status, {
          'Content-Type': 'text/xml; charset=utf-8',
          'Content-Length': Buffer.byteLength(xml),
        });
        res.write(Buffer.from(xml).subarray(0, afterBytes));
      }
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    const type = fake.mode.kind === 'httpError' ? 'text/html' : 'text/xml; charset=utf-8';
    res.writeHead(status, { 'Content-Type': type }).end(xml);
  }

  const server = https.createServer(
    {
      pfx: options.serverPfx,
      passphrase: options.passphrase,
      ca: options.ca,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      handle(req, res).catch((error: Error) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(`fake AEAT failed: ${error.message}`);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake.endpoint = `https://127.0.0.1:${port}${VERIFACTU_PATH}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
