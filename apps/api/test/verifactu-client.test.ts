import https from 'node:https';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CertificateError } from '../src/integrations/verifactu/certificate.js';
import {
  createVerifactuClient,
  parseVerifactuResponse,
  type VerifactuClient,
  VerifactuFault,
  VerifactuTransportError,
  verifactuEndpoint,
} from '../src/integrations/verifactu/client.js';
import { aeatTimestamp } from '../src/integrations/verifactu/format.js';
import {
  type AnulacionRecord,
  chainTo,
  detalleDesglose,
  type Encadenamiento,
  sealRecord,
  type VerifactuRecord,
} from '../src/integrations/verifactu/records.js';
import { buildRegFactuRequest } from '../src/integrations/verifactu/xml.js';
import {
  aeatErrorText,
  type FakeAeat,
  soapBodyPayload,
  startFakeAeat,
  validateAgainstAeatXsd,
} from './support/fake-aeat.js';
import {
  issueTestCertificate,
  TEST_PFX_PASSWORD,
  type TestPki,
  testPki,
} from './support/test-certificates.js';

const NIF = '89890001K';
const obligado = { name: 'Kayaks del Sur, S.L.', nif: NIF };
const sistema = {
  NombreRazon: 'Mostrador Software, S.L.',
  NIF: 'B76543210',
  NombreSistemaInformatico: 'Mostrador',
  IdSistemaInformatico: 'MO',
  Version: '1.0.0',
  NumeroInstalacion: 'L1',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'N',
  IndicadorMultiplesOT: 'N',
} as const;

/** A chain of simplified invoices (F2), each chained to the previous record, as the product makes them. */
function createChain() {
  let last: VerifactuRecord | undefined;
  let second = 0;
  const next = (): Encadenamiento => (last ? chainTo(last) : 'PrimerRegistro');
  const timestamp = () => aeatTimestamp(new Date(Date.UTC(2026, 5, 1, 8, 0, second++)), 'Europe/Madrid');
  return {
    ticket(num: string): VerifactuRecord {
      last = sealRecord({
        kind: 'alta',
        IDEmisorFactura: NIF,
        NumSerieFactura: num,
        FechaExpedicionFactura: '01-06-2026',
        NombreRazonEmisor: obligado.name,
        TipoFactura: 'F2',
        DescripcionOperacion: 'Alquiler de kayak',
        Desglose: [detalleDesglose({ rateHundredths: 2100, baseCents: 2_000, cuotaCents: 420 })],
        CuotaTotal: 420,
        ImporteTotal: 2_420,
        Encadenamiento: next(),
        SistemaInformatico: sistema,
        FechaHoraHusoGenRegistro: timestamp(),
      });
      return last;
    },
    anulacion(num: string, sinRegistroPrevio?: 'S'): AnulacionRecord {
      const record = sealRecord({
        kind: 'anulacion',
        IDEmisorFacturaAnulada: NIF,
        NumSerieFacturaAnulada: num,
        FechaExpedicionFacturaAnulada: '01-06-2026',
        SinRegistroPrevio: sinRegistroPrevio,
        Encadenamiento: next(),
        SistemaInformatico: sistema,
        FechaHoraHusoGenRegistro: timestamp(),
      });
      last = record;
      return record;
    },
  };
}

let pki: TestPki;
let fake: FakeAeat;
let client: VerifactuClient;
let chain: ReturnType<typeof createChain>;
let counter = 0;
/** A number no earlier test used (the fake remembers what it accepted, as AEAT does). */
const fresh = (prefix = 'T2026') => `${prefix}-${String(++counter).padStart(6, '0')}`;
const request = (...records: VerifactuRecord[]) => buildRegFactuRequest({ obligado, records });

beforeAll(async () => {
  pki = testPki();
  fake = await startFakeAeat({
    ca: pki.ca.certPem,
    serverPfx: pki.server.pfx,
    passphrase: TEST_PFX_PASSWORD,
  });
  client = createVerifactuClient({
    endpoint: fake.endpoint,
    pfx: pki.person.pfx,
    passphrase: TEST_PFX_PASSWORD,
    ca: pki.ca.certPem,
  });
  chain = createChain();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.mode = { kind: 'correct' };
  fake.tiempoEsperaEnvio = 60;
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

describe('submitting to the fake AEAT', () => {
  it('all correct: the receipt, the wait, one Correcto line per record; the request as AEAT expects it', async () => {
    const [a, b] = [fresh(), fresh()];
    const answer = await client.submit(request(chain.ticket(a), chain.ticket(b)));
    expect(answer.estadoEnvio).toBe('Correcto');
    expect(answer.csv).toMatch(/^A-[A-Z0-9]{14}$/);
    expect(answer.tiempoEsperaEnvio).toBe(60);
    expect(answer.presentacion?.nif).toBe('12345678Z');
    expect(answer.lines).toEqual([
      { numSerie: a, fecha: '01-06-2026', issuer: NIF, tipoOperacion: 'Alta', estadoRegistro: 'Correcto' },
      { numSerie: b, fecha: '01-06-2026', issuer: NIF, tipoOperacion: 'Alta', estadoRegistro: 'Correcto' },
    ]);
    const received = fake.requests.at(-1)!;
    expect(received.method).toBe('POST');
    expect(received.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(received.headers.soapaction).toBe('""');
    expect(received.clientSubject.serialNumber).toBe('IDCES-12345678Z');
    expect(received.obligado).toEqual({ NombreRazon: obligado.name, NIF });
    expect(received.records.map((r) => [r.kind, r.numSerie, r.cuotaTotal, r.importeTotal])).toEqual([
      ['alta', a, '4.20', '24.20'],
      ['alta', b, '4.20', '24.20'],
    ]);
    expect(received.records[1]!.huellaAnterior).toBe(received.records[0]!.huella);
  });

  it('answers per RespuestaSuministro.xsd (checked on a correct, a mixed and a duplicate answer)', async () => {
    const num = fresh();
    await client.submit(request(chain.ticket(num)));
    fake.mode = { kind: 'records', incorrect: { [fresh()]: 1104 } };
    await client.submit(request(chain.ticket(num), chain.ticket(`${num}-B`)));
    for (const received of fake.requests.slice(-2)) {
      const result = await validateAgainstAeatXsd(
        soapBodyPayload(received.responseXml),
        'RespuestaRegFactuSistemaFacturacion',
      );
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it('uses the TiempoEsperaEnvio AEAT answers', async () => {
    fake.tiempoEsperaEnvio = 120;
    expect((await client.submit(request(chain.ticket(fresh())))).tiempoEsperaEnvio).toBe(120);
  });

  it('partly correct: refused and accepted-with-errors records carry AEAT’s code and text', async () => {
    const [ok, refused, withErrors] = [fresh(), fresh(), fresh()];
    fake.mode = {
      kind: 'records',
      incorrect: { [refused]: 1104 },
      acceptedWithErrors: { [withErrors]: 2005 },
    };
    const answer = await client.submit(
      request(chain.ticket(ok), chain.ticket(refused), chain.ticket(withErrors)),
    );
    expect(answer.estadoEnvio).toBe('ParcialmenteCorrecto');
    expect(answer.csv).toBeTruthy();
    expect(answer.lines.map((l) => [l.numSerie, l.estadoRegistro, l.codigoError])).toEqual([
      [ok, 'Correcto', undefined],
      [refused, 'Incorrecto', 1104],
      [withErrors, 'AceptadoConErrores', 2005],
    ]);
    expect(answer.lines[1]!.descripcionError).toBe('El valor del campo NumSerieFactura es incorrecto.');
    expect(answer.lines[2]!.descripcionError).toBe(aeatErrorText(2005));
    expect(answer.lines[2]!.descripcionError).toContain('BaseImponibleOimporteNoSujeto');
  });

  it('all refused: Incorrecto and no receipt', async () => {
    const num = fresh();
    fake.mode = { kind: 'records', incorrect: { [num]: 1100 } };
    const answer = await client.submit(request(chain.ticket(num)));
    expect(answer.estadoEnvio).toBe('Incorrecto');
    expect(answer.csv).toBeUndefined();
    expect(answer.lines[0]).toMatchObject({ estadoRegistro: 'Incorrecto', codigoError: 1100 });
  });

  it('a record already accepted is a duplicate (3000) with what AEAT holds for it', async () => {
    const num = fresh();
    const record = chain.ticket(num);
    await client.submit(request(record));
    const first = fake.requests.at(-1)!;
    const answer = await client.submit(request(record));
    expect(answer.estadoEnvio).toBe('Incorrecto');
    expect(answer.lines[0]).toMatchObject({
      numSerie: num,
      estadoRegistro: 'Incorrecto',
      codigoError: 3000,
      descripcionError: 'Registro de facturación duplicado.',
      duplicado: { estado: 'Correcta' },
    });
    expect(answer.lines[0]!.duplicado!.idPeticion).toMatch(/^[A-Z0-9]{20}$/);
    expect(first.status).toBe(200);
  });

  it('anulaciones: of an accepted invoice Correcto, then its number is taken for good (duplicate, Anulada)', async () => {
    const num = fresh();
    await client.submit(request(chain.ticket(num)));
    const annulled = await client.submit(request(chain.anulacion(num)));
    expect(annulled.lines[0]).toMatchObject({
      numSerie: num,
      tipoOperacion: 'Anulacion',
      estadoRegistro: 'Correcto',
    });
    const again = await client.submit(request(chain.anulacion(num)));
    expect(again.lines[0]).toMatchObject({ estadoRegistro: 'Incorrecto', codigoError: 3001 });
    const reused = await client.submit(request(chain.ticket(num)));
    expect(reused.lines[0]).toMatchObject({ codigoError: 3000, duplicado: { estado: 'Anulada' } });
    const unknown = await client.submit(request(chain.anulacion(fresh())));
    expect(unknown.lines[0]).toMatchObject({
      codigoError: 3002,
      descripcionError: 'No existe el registro de facturación.',
    });
    const neverSent = await client.submit(request(chain.anulacion(fresh(), 'S')));
    expect(neverSent.lines[0]).toMatchObject({ estadoRegistro: 'Correcto' });
  });

  it('a huella that does not match its record is accepted with error 2000', async () => {
    const record = chain.ticket(fresh());
    const wrong = request(record).replace(
      `<sum1:Huella>${record.Huella}</sum1:Huella>`,
      `<sum1:Huella>${'A'.repeat(64)}</sum1:Huella>`,
    );
    const answer = await client.submit(wrong);
    expect(answer.estadoEnvio).toBe('ParcialmenteCorrecto');
    expect(answer.lines[0]).toMatchObject({ estadoRegistro: 'AceptadoConErrores', codigoError: 2000 });
  });
});

describe('faults and failures', () => {
  it('a soapenv:Server fault is retryable', async () => {
    fake.mode = { kind: 'serverFault' };
    const error = await rejection(client.submit(request(chain.ticket(fresh()))));
    expect(error).toBeInstanceOf(VerifactuFault);
    expect(error).toMatchObject({ faultCode: 'server', retryable: true });
  });

  it('a request outside the schema is a soapenv:Client fault (4102), not retryable', async () => {
    const broken = request(chain.ticket(fresh())).replace('<sum1:TipoHuella>01</sum1:TipoHuella>', '');
    const error = await rejection(client.submit(broken));
    expect(error).toBeInstanceOf(VerifactuFault);
    expect(error).toMatchObject({ faultCode: 'client', retryable: false });
    expect((error as VerifactuFault).faultString).toContain('Codigo[4102].El XML no cumple el esquema.');
    expect(fake.requests.at(-1)!.status).toBe(500);
  });

  it('an HTTP 5xx without a fault is a retryable transport error; a 4xx is not retryable', async () => {
    fake.mode = { kind: 'httpError', status: 503 };
    const unavailable = await rejection(client.submit(request(chain.ticket(fresh()))));
    expect(unavailable).toBeInstanceOf(VerifactuTransportError);
    expect(unavailable).toMatchObject({ status: 503, retryable: true });
    fake.mode = { kind: 'correct' };
    const wrongPath = createVerifactuClient({
      endpoint: fake.endpoint.replace('VerifactuSOAP', 'Nothing'),
      pfx: pki.person.pfx,
      passphrase: TEST_PFX_PASSWORD,
      ca: pki.ca.certPem,
    });
    const notFound = await rejection(wrongPath.submit(request(chain.ticket(fresh()))));
    expect(notFound).toMatchObject({ status: 404, retryable: false });
  });

  it('a connection dropped before or during the answer is a retryable transport error', async () => {
    for (const afterBytes of [undefined, 200]) {
      fake.mode = { kind: 'dropConnection', afterBytes };
      const error = await rejection(client.submit(request(chain.ticket(fresh()))));
      expect(error).toBeInstanceOf(VerifactuTransportError);
      expect((error as VerifactuTransportError).retryable).toBe(true);
    }
  });

  it('times out on a slow answer', async () => {
    const before = fake.requests.length;
    fake.mode = { kind: 'slow', delayMs: 3_000 };
    const impatient = createVerifactuClient({
      endpoint: fake.endpoint,
      pfx: pki.person.pfx,
      passphrase: TEST_PFX_PASSWORD,
      ca: pki.ca.certPem,
      timeoutMs: 300,
    });
    const started = Date.now();
    const error = await rejection(impatient.submit(request(chain.ticket(fresh()))));
    expect(error).toBeInstanceOf(VerifactuTransportError);
    expect(error.message).toContain('within 300 ms');
    expect((error as VerifactuTransportError).retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_500);
    // On a busy machine the fake may still be checking the request against the XSD when the client
    // gives up: wait until it has recorded it, so the next tests count only their own.
    await vi.waitFor(() => expect(fake.requests.length).toBe(before + 1), { timeout: 10_000 });
  });
});

describe('mutual TLS is real', () => {
  it('refuses a client without a certificate', async () => {
    const before = fake.requests.length;
    const error = await new Promise<Error>((resolve) => {
      const req = https.request(
        fake.endpoint,
        { method: 'POST', ca: pki.ca.certPem, agent: false },
        (res) => {
          resolve(new Error(`unexpected answer ${res.statusCode}`));
          res.resume();
        },
      );
      req.on('error', resolve);
      req.end(request(chain.ticket(fresh())));
    });
    expect((error as NodeJS.ErrnoException).code).toMatch(/CERTIFICATE_REQUIRED|ECONNRESET|EPIPE/);
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a certificate of another CA, and an expired one', async () => {
    const before = fake.requests.length;
    for (const certificate of [pki.foreign, pki.expired]) {
      const stranger = createVerifactuClient({
        endpoint: fake.endpoint,
        pfx: certificate.pfx,
        passphrase: TEST_PFX_PASSWORD,
        ca: pki.ca.certPem,
      });
      const error = await rejection(stranger.submit(request(chain.ticket(fresh()))));
      expect(error).toBeInstanceOf(VerifactuTransportError);
      expect((error as VerifactuTransportError).retryable).toBe(true);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('accepts a company representative’s certificate of the same CA', async () => {
    const company = createVerifactuClient({
      endpoint: fake.endpoint,
      pfx: pki.company.pfx,
      passphrase: TEST_PFX_PASSWORD,
      ca: pki.ca.certPem,
    });
    const answer = await company.submit(request(chain.ticket(fresh())));
    expect(answer.presentacion?.nif).toBe('B12345678');
    expect(fake.requests.at(-1)!.clientSubject.organizationIdentifier).toBe('VATES-B12345678');
  });

  it('does not trust a server its CAs did not sign', async () => {
    // Without `ca` the client trusts the public roots and the CAs its own PKCS#12 carries: this one
    // carries none, so the test CA that signed the fake's certificate is a stranger.
    const alone = issueTestCertificate(pki.ca, {
      subject: { commonName: 'Ana', serialNumber: 'IDCES-00000000T' },
      usage: 'client',
      keys: pki.clientKeys,
      withoutChain: true,
    });
    const trusting = createVerifactuClient({
      endpoint: fake.endpoint,
      pfx: alone.pfx,
      passphrase: TEST_PFX_PASSWORD,
    });
    const error = await rejection(trusting.submit(request(chain.ticket(fresh()))));
    expect(error).toBeInstanceOf(VerifactuTransportError);
    expect(String((error.cause as Error).message)).toMatch(/certificate/i);
  });

  it('refuses to start with a wrong certificate password', () => {
    const open = () =>
      createVerifactuClient({
        endpoint: fake.endpoint,
        pfx: pki.person.pfx,
        passphrase: 'wrong',
        ca: pki.ca.certPem,
      });
    expect(open).toThrow(CertificateError);
    expect(() => open()).toThrow(expect.objectContaining({ reason: 'wrong_password' }));
  });
});

describe('verifactuEndpoint', () => {
  it('answers the WSDL’s VerifactuSOAP ports', () => {
    expect(verifactuEndpoint('production')).toBe(
      'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
    expect(verifactuEndpoint('test')).toBe(
      'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    );
  });
});

describe('parseVerifactuResponse', () => {
  it('reads AEAT’s documented fault example', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">
   <env:Body>
      <env:Fault>
         <faultcode>env:Client</faultcode>
         <faultstring>Codigo[4104].El NIF del titular en la cabecera no está identificado.</faultstring>
         <detail><callstack>WSExcepcion [faultcode=null, detailMap=null, version=0,........</callstack></detail>
      </env:Fault>
   </env:Body>
</env:Envelope>`;
    expect(() => parseVerifactuResponse(xml)).toThrow(
      expect.objectContaining({
        faultCode: 'client',
        faultString: 'Codigo[4104].El NIF del titular en la cabecera no está identificado.',
      }),
    );
  });

  it('reads an answer whatever its namespace prefixes (here default namespaces)', () => {
    const xml = `<Envelope xmlns="http://schemas.xmlsoap.org/soap/envelope/"><Body>
<RespuestaRegFactuSistemaFacturacion xmlns="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd">
<CSV>A-ABC</CSV><Cabecera/><TiempoEsperaEnvio>30</TiempoEsperaEnvio><EstadoEnvio>Correcto</EstadoEnvio>
<RespuestaLinea><IDFactura><IDEmisorFactura>${NIF}</IDEmisorFactura><NumSerieFactura>A&amp;1</NumSerieFactura><FechaExpedicionFactura>01-06-2026</FechaExpedicionFactura></IDFactura>
<Operacion><TipoOperacion>Alta</TipoOperacion></Operacion><EstadoRegistro>Correcto</EstadoRegistro></RespuestaLinea>
</RespuestaRegFactuSistemaFacturacion></Body></Envelope>`;
    expect(parseVerifactuResponse(xml)).toEqual({
      csv: 'A-ABC',
      presentacion: undefined,
      estadoEnvio: 'Correcto',
      tiempoEsperaEnvio: 30,
      lines: [
        {
          numSerie: 'A&1',
          fecha: '01-06-2026',
          issuer: NIF,
          tipoOperacion: 'Alta',
          estadoRegistro: 'Correcto',
        },
      ],
    });
  });

  it('refuses what is not an AEAT answer as a transport error', () => {
    expect(() => parseVerifactuResponse('<html>busy</html>')).toThrow(VerifactuTransportError);
    expect(() => parseVerifactuResponse('not xml at all <')).toThrow(VerifactuTransportError);
  });
});
