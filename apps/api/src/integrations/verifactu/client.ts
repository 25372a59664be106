import https from 'node:https';
import { createSecureContext } from 'node:tls';
import { XMLParser } from 'fast-xml-parser';
import { CertificateError } from './certificate.js';

/**
 * The client of AEAT's VERI*FACTU SOAP service (WSDL `sfVerifactu`, operation
 * `RegFactuSistemaFacturacion`, `soapAction=""`): one POST over HTTPS authenticated by the company's
 * certificate (mutual TLS), the answer read into plain objects whatever prefixes AEAT writes. What went
 * wrong comes back as one of two errors, each saying whether to send again: `VerifactuFault` (AEAT
 * refused the whole request: `soapenv:Server` means try later, `soapenv:Client` fix first) and
 * `VerifactuTransportError` (no answer, or not one AEAT's service writes).
 */

/** AEAT's environments. */
export type VerifactuEnvironment = 'test' | 'production';

const ENDPOINTS: Record<VerifactuEnvironment, string> = {
  // WSDL ports SistemaVerifactu and SistemaVerifactuPruebas (personal and representative certificates).
  production: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  test: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
};

/** AEAT's official VerifactuSOAP endpoint for an environment. */
export function verifactuEndpoint(environment: VerifactuEnvironment): string {
  return ENDPOINTS[environment];
}

/** AEAT refused the whole request with a SOAP fault; `server` faults may be sent again as they are. */
export class VerifactuFault extends Error {
  override readonly name = 'VerifactuFault';
  readonly faultCode: 'server' | 'client';
  readonly faultString: string;

  constructor(faultCode: 'server' | 'client', faultString: string) {
    super(`AEAT ${faultCode} fault: ${faultString}`);
    this.faultCode = faultCode;
    this.faultString = faultString;
  }

  /** True for `soapenv:Server` (AEAT's side: send again later), false for `soapenv:Client` (fix first). */
  get retryable(): boolean {
    return this.faultCode === 'server';
  }
}

/** No usable answer: a timeout, a TLS or connection failure, an HTTP error without a fault. */
export class VerifactuTransportError extends Error {
  override readonly name = 'VerifactuTransportError';
  /** True unless AEAT's server answered an HTTP 4xx (a request it will refuse again as it is). */
  readonly retryable: boolean;
  readonly status?: number;

  constructor(message: string, options: { retryable?: boolean; status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable ?? true;
    this.status = options.status;
  }
}

/** AEAT's answer for one record (`RespuestaLinea`). */
export interface VerifactuResponseLine {
  numSerie: string;
  /** `dd-mm-yyyy`. */
  fecha: string;
  issuer: string;
  tipoOperacion: 'Alta' | 'Anulacion';
  /** Correcto: stored. AceptadoConErrores: stored, never send it again (correct it). Incorrecto: not stored. */
  estadoRegistro: 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
  codigoError?: number;
  descripcionError?: string;
  refExterna?: string;
  /** Only when refused as a duplicate (code 3000): what AEAT holds for that invoice. */
  duplicado?: {
    idPeticion: string;
    estado: 'Correcta' | 'AceptadaConErrores' | 'Anulada';
    codigoError?: number;
    descripcionError?: string;
  };
}

/** AEAT's answer to a `RegFactuSistemaFacturacion` request. */
export interface VerifactuResponse {
  /** The receipt of the submission; absent when every record was refused. */
  csv?: string;
  presentacion?: { nif: string; timestamp: string };
  estadoEnvio: 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
  /** Seconds to wait before the next request (unless 1000 records are waiting). */
  tiempoEsperaEnvio: number;
  lines: VerifactuResponseLine[];
}

/** Sends requests to one AEAT endpoint with one company's certificate. */
export interface VerifactuClient {
  /** POSTs a SOAP envelope (`buildRegFactuRequest`) and reads AEAT's answer. */
  submit(envelopeXml: string): Promise<VerifactuResponse>;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'RespuestaLinea',
});

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj | undefined => (v && typeof v === 'object' ? (v as Obj) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);

function integer(v: unknown): number | undefined {
  const s = text(v);
  return s && /^-?\d+$/.test(s) ? Number(s) : undefined;
}

function oneOf<T extends string>(v: unknown, allowed: readonly T[], what: string): T {
  const s = text(v);
  if (s && (allowed as readonly string[]).includes(s)) return s as T;
  throw new VerifactuTransportError(`AEAT's answer has an unknown ${what}: ${String(s)}`);
}

function readDuplicado(v: unknown): VerifactuResponseLine['duplicado'] {
  const dup = asObj(v);
  if (!dup) return undefined;
  return {
    idPeticion: text(dup.IdPeticionRegistroDuplicado) ?? '',
    estado: oneOf(
      dup.EstadoRegistroDuplicado,
      ['Correcta', 'AceptadaConErrores', 'Anulada'],
      'EstadoRegistroDuplicado',
    ),
    codigoError: integer(dup.CodigoErrorRegistro),
    descripcionError: text(dup.DescripcionErrorRegistro),
  };
}

function readLine(v: unknown): VerifactuResponseLine {
  const line = asObj(v) ?? {};
  const id = asObj(line.IDFactura) ?? {};
  return {
    numSerie: text(id.NumSerieFactura) ?? '',
    fecha: text(id.FechaExpedicionFactura) ?? '',
    issuer: text(id.IDEmisorFactura) ?? '',
    tipoOperacion: oneOf(asObj(line.Operacion)?.TipoOperacion, ['Alta', 'Anulacion'], 'TipoOperacion'),
    estadoRegistro: oneOf(
      line.EstadoRegistro,
      ['Correcto', 'AceptadoConErrores', 'Incorrecto'],
      'EstadoRegistro',
    ),
    codigoError: integer(line.CodigoErrorRegistro),
    descripcionError: text(line.DescripcionErrorRegistro),
    refExterna: text(line.RefExterna),
    duplicado: readDuplicado(line.RegistroDuplicado),
  };
}

function readRespuesta(r: Obj): VerifactuResponse {
  const datos = asObj(r.DatosPresentacion);
  const wait = integer(r.TiempoEsperaEnvio);
  if (wait === undefined) throw new VerifactuTransportError('AEAT’s answer has no TiempoEsperaEnvio');
  return {
    csv: text(r.CSV),
    presentacion: datos
      ? { nif: text(datos.NIFPresentador) ?? '', timestamp: text(datos.TimestampPresentacion) ?? '' }
      : undefined,
    estadoEnvio: oneOf(r.EstadoEnvio, ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'], 'EstadoEnvio'),
    tiempoEsperaEnvio: wait,
    lines: ((r.RespuestaLinea as unknown[] | undefined) ?? []).map(readLine),
  };
}

function readFault(fault: Obj): VerifactuFault {
  const code = text(fault.faultcode) ?? '';
  const local = code.slice(code.lastIndexOf(':') + 1);
  // SOAP 1.1 fault codes: Client (the request is wrong) or Server (AEAT failed); anything else as Server.
  return new VerifactuFault(/^Client/i.test(local) ? 'client' : 'server', text(fault.faultstring) ?? '');
}

/**
 * Reads a SOAP answer of AEAT's: the `RespuestaRegFactuSistemaFacturacion` it holds, or throws its
 * fault as `VerifactuFault`; throws `VerifactuTransportError` for anything else. Namespace prefixes do
 * not matter.
 */
export function parseVerifactuResponse(xml: string): VerifactuResponse {
  let doc: Obj;
  try {
    doc = parser.parse(xml, true) as Obj;
  } catch (error) {
    throw new VerifactuTransportError('AEAT’s answer is not XML', { cause: error });
  }
  const body = asObj(asObj(doc.Envelope)?.Body);
  if (!body) throw new VerifactuTransportError('AEAT’s answer is not a SOAP envelope');
  const fault = asObj(body.Fault);
  if (fault) throw readFault(fault);
  const respuesta = asObj(body.RespuestaRegFactuSistemaFacturacion);
  if (!respuesta)
    throw new VerifactuTransportError('AEAT’s answer holds no RespuestaRegFactuSistemaFacturacion');
  return readRespuesta(respuesta);
}

const MAX_ANSWER_BYTES = 50 * 1024 * 1024;

/** POSTs `body` and resolves with AEAT's status and answer; rejects with `VerifactuTransportError`. */
function post(endpoint: string, body: string, agent: https.Agent, timeoutMs: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = Buffer.from(body, 'utf8');
    const request = https.request(endpoint, {
      method: 'POST',
      agent,
      headers: {
        'Content-Type': 'text/xml; charset=utf-8',
        SOAPAction: '""',
        'Content-Length': payload.length,
      },
    });
    const fail = (error: unknown) => {
      clearTimeout(timer);
      reject(
        error instanceof VerifactuTransportError
          ? error
          : new VerifactuTransportError(`No answer from AEAT: ${(error as Error).message}`, { cause: error }),
      );
    };
    const timer = setTimeout(() => {
      request.destroy(new VerifactuTransportError(`AEAT did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES)
          request.destroy(new VerifactuTransportError('AEAT’s answer is too large'));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('close', () => {
        if (!response.complete) fail(new VerifactuTransportError('AEAT’s answer was cut short'));
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.end(payload);
  });
}

/** The fault in an answer, if it holds one. */
function faultIn(xml: string): VerifactuFault | undefined {
  try {
    parseVerifactuResponse(xml);
    return undefined;
  } catch (error) {
    return error instanceof VerifactuFault ? error : undefined;
  }
}

/** Reads AEAT's HTTP answer: a fault at any status, a response with 200, else a transport error. */
function readAnswer(status: number, body: string): VerifactuResponse {
  const fault = faultIn(body);
  if (fault) throw fault;
  if (status === 200) return parseVerifactuResponse(body);
  throw new VerifactuTransportError(`AEAT answered HTTP ${status} without a SOAP fault`, {
    status,
    retryable: !(status >= 400 && status < 500),
  });
}

/** Fails now, not at the first submission, when the certificate cannot be opened. */
function checkCertificate(pfx: Buffer, passphrase: string): void {
  try {
    createSecureContext({ pfx, passphrase });
  } catch (error) {
    const message = String((error as Error).message);
    if (/mac verify|bad decrypt/i.test(message)) {
      throw new CertificateError('wrong_password', 'The certificate’s password is not correct');
    }
    throw new CertificateError('not_pkcs12', `The certificate cannot be used: ${message}`);
  }
}

/**
 * A client for `endpoint` (`verifactuEndpoint(environment)`, or a test server) that authenticates with
 * the company's PKCS#12 certificate. The server is trusted by Node's public roots plus the CA
 * certificates the PKCS#12 file carries; `ca` replaces the roots (tests only). `timeoutMs` (default
 * 60 s) bounds a whole submission. Throws `CertificateError` at once when the certificate cannot open.
 */
export function createVerifactuClient(options: {
  endpoint: string;
  pfx: Buffer;
  passphrase: string;
  ca?: Buffer | string;
  timeoutMs?: number;
}): VerifactuClient {
  if (!options.endpoint.startsWith('https://'))
    throw new Error('The Verifactu endpoint must be an https:// URL');
  checkCertificate(options.pfx, options.passphrase);
  const agent = new https.Agent({
    pfx: options.pfx,
    passphrase: options.passphrase,
    ...(options.ca ? { ca: options.ca } : {}),
    keepAlive: false,
  });
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    async submit(envelopeXml) {
      const { status, body } = await post(options.endpoint, envelopeXml, agent, timeoutMs);
      return readAnswer(status, body);
    },
  };
}
