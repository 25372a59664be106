import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { VerifactuValidationError } from '../src/integrations/verifactu/errors.js';
import { aeatTimestamp, altaHuella, anulacionHuella } from '../src/integrations/verifactu/huella.js';
import { NS_SUMINISTRO_INFORMACION, NS_SUMINISTRO_LR } from '../src/integrations/verifactu/namespaces.js';
import {
  type AltaDraft,
  type AltaRecord,
  type AnulacionRecord,
  chainTo,
  detalleDesglose,
  type Encadenamiento,
  type SistemaInformatico,
  sealRecord,
  type VerifactuRecord,
} from '../src/integrations/verifactu/records.js';
import { buildRegFactuRequest, buildRegistroXml } from '../src/integrations/verifactu/xml.js';
import { soapBodyPayload, validateAgainstAeatXsd } from './support/fake-aeat.js';

const NIF = '89890001K';
const obligado = { name: 'Viajes & Reservas <Ñandú> 旅行社, S.L.', nif: NIF };
const sistema: SistemaInformatico = {
  NombreRazon: 'Mostrador Software, S.L.',
  NIF: 'B76543210',
  NombreSistemaInformatico: 'Mostrador',
  IdSistemaInformatico: 'MO',
  Version: '1.0.0',
  NumeroInstalacion: 'license-42',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'S',
};
const generated = (second: number) =>
  aeatTimestamp(new Date(Date.UTC(2026, 2, 15, 10, 0, second)), 'Europe/Madrid');

/** An F1 of 100.00 € + 21 % to a Spanish customer: the base of most cases below. */
function f1Draft(num: string, chain: Encadenamiento, second: number): AltaDraft {
  return {
    kind: 'alta',
    IDEmisorFactura: NIF,
    NumSerieFactura: num,
    FechaExpedicionFactura: '15-03-2026',
    NombreRazonEmisor: obligado.name,
    TipoFactura: 'F1',
    DescripcionOperacion: 'Excursión en kayak & picnic <grupo> — 皮划艇',
    Destinatarios: [{ NombreRazon: 'José Pérez Núñez', NIF: '12345678Z' }],
    Desglose: [detalleDesglose({ rateHundredths: 2100, baseCents: 10_000, cuotaCents: 2_100 })],
    CuotaTotal: 2_100,
    ImporteTotal: 12_100,
    Encadenamiento: chain,
    SistemaInformatico: sistema,
    FechaHoraHusoGenRegistro: generated(second),
  };
}

/** A chain of records as Mostrador generates them: each chained to the one before. */
function chainOfRecords(): VerifactuRecord[] {
  const f1 = sealRecord(f1Draft('2026-000001', 'PrimerRegistro', 0));
  const f2 = sealRecord({
    ...f1Draft('T2026-000001', chainTo(f1), 1),
    TipoFactura: 'F2',
    DescripcionOperacion: 'Entrada museo',
    Destinatarios: undefined,
    Desglose: [detalleDesglose({ rateHundredths: 1000, baseCents: 1_000, cuotaCents: 100 })],
    CuotaTotal: 100,
    ImporteTotal: 1_100,
  });
  const f3 = sealRecord({
    ...f1Draft('2026-000002', chainTo(f2), 2),
    TipoFactura: 'F3',
    DescripcionOperacion: 'Factura en sustitución del ticket T2026-000001',
    FacturasSustituidas: [
      { IDEmisorFactura: NIF, NumSerieFactura: 'T2026-000001', FechaExpedicionFactura: '15-03-2026' },
    ],
    Destinatarios: [
      { NombreRazon: 'Hans Müller GmbH', IDOtro: { CodigoPais: 'DE', IDType: '02', ID: 'DE123456789' } },
    ],
    Desglose: [detalleDesglose({ rateHundredths: 1000, baseCents: 1_000, cuotaCents: 100 })],
    CuotaTotal: 100,
    ImporteTotal: 1_100,
  });
  const r1 = sealRecord({
    ...f1Draft('R2026-000001', chainTo(f3), 3),
    TipoFactura: 'R1',
    TipoRectificativa: 'I',
    DescripcionOperacion: 'Devolución parcial de 2026-000001',
    FacturasRectificadas: [
      { IDEmisorFactura: NIF, NumSerieFactura: '2026-000001', FechaExpedicionFactura: '15-03-2026' },
    ],
    Desglose: [detalleDesglose({ rateHundredths: 2100, baseCents: -1_000, cuotaCents: -210 })],
    CuotaTotal: -210,
    ImporteTotal: -1_210,
  });
  const r5 = sealRecord({
    ...f1Draft('R2026-000002', chainTo(r1), 4),
    TipoFactura: 'R5',
    TipoRectificativa: 'I',
    DescripcionOperacion: 'Devolución del ticket T2026-000001',
    Destinatarios: undefined,
    FacturasRectificadas: [
      { IDEmisorFactura: NIF, NumSerieFactura: 'T2026-000001', FechaExpedicionFactura: '15-03-2026' },
    ],
    Desglose: [detalleDesglose({ rateHundredths: 1000, baseCents: -1_000, cuotaCents: -100 })],
    CuotaTotal: -100,
    ImporteTotal: -1_100,
  });
  const mixed = sealRecord({
    ...f1Draft('2026-000003', chainTo(r5), 5),
    DescripcionOperacion: 'Curso de vela (exento) y alquiler de material',
    Desglose: [
      detalleDesglose({ rateHundredths: 0, baseCents: 20_000, cuotaCents: 0 }),
      detalleDesglose({ rateHundredths: 2100, baseCents: 5_000, cuotaCents: 1_050 }),
    ],
    CuotaTotal: 1_050,
    ImporteTotal: 26_050,
  });
  const anulacion: AnulacionRecord = sealRecord({
    kind: 'anulacion',
    IDEmisorFacturaAnulada: NIF,
    NumSerieFacturaAnulada: '2026-000002',
    FechaExpedicionFacturaAnulada: '15-03-2026',
    Encadenamiento: chainTo(mixed),
    SistemaInformatico: sistema,
    FechaHoraHusoGenRegistro: generated(6),
  });
  return [f1, f2, f3, r1, r5, mixed, anulacion];
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => ['RegistroFactura', 'DetalleDesglose'].includes(name),
});
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever XML the builder wrote
type Obj = Record<string, any>;

function parsedRecords(envelope: string): Obj[] {
  const request = parser.parse(envelope).Envelope.Body.RegFactuSistemaFacturacion;
  return request.RegistroFactura.map((r: Obj) => r.RegistroAlta ?? r.RegistroAnulacion);
}

async function expectValidRequest(envelope: string) {
  const result = await validateAgainstAeatXsd(soapBodyPayload(envelope), 'RegFactuSistemaFacturacion');
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

function refusal(run: () => unknown): VerifactuValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(VerifactuValidationError);
    return error as VerifactuValidationError;
  }
  throw new Error('expected a VerifactuValidationError');
}

describe('buildRegFactuRequest against AEAT’s SuministroLR.xsd', () => {
  const records = chainOfRecords();

  it.each(records.map((r, i) => [i, r.kind === 'alta' ? r.TipoFactura : 'anulación', r] as const))(
    'record %i (%s) alone in an envelope validates',
    async (_i, _label, record) => {
      await expectValidRequest(buildRegFactuRequest({ obligado, records: [record] }));
    },
  );

  it('all of them in one request validate, with the namespaces exactly as the XSDs’ targetNamespace', async () => {
    const envelope = buildRegFactuRequest({ obligado, records, incidencia: true });
    await expectValidRequest(envelope);
    expect(envelope).toContain(`xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"`);
    expect(envelope).toContain(`xmlns:sum="${NS_SUMINISTRO_LR}"`);
    expect(envelope).toContain(`xmlns:sum1="${NS_SUMINISTRO_INFORMACION}"`);
    expect(envelope).not.toContain('V1.0');
    expect(envelope).toContain('<sum:RegFactuSistemaFacturacion><sum:Cabecera><sum1:ObligadoEmision>');
    expect(envelope).toContain('<sum1:RemisionVoluntaria><sum1:Incidencia>S</sum1:Incidencia>');
  });

  it('escapes names and texts (&, <, accents, Chinese) and reads them back intact', () => {
    const envelope = buildRegFactuRequest({ obligado, records: records.slice(0, 1) });
    expect(envelope).toContain('Viajes &amp; Reservas &lt;Ñandú&gt; 旅行社, S.L.');
    const [alta] = parsedRecords(envelope);
    expect(alta!.NombreRazonEmisor).toBe(obligado.name);
    expect(alta!.DescripcionOperacion).toBe('Excursión en kayak & picnic <grupo> — 皮划艇');
    expect(alta!.Destinatarios.IDDestinatario.NombreRazon).toBe('José Pérez Núñez');
  });

  it('writes amounts with two decimals, negatives for the rectifying ones, an exempt E1 line for 0 %', () => {
    const [f1, , , r1, , mixed] = parsedRecords(buildRegFactuRequest({ obligado, records }));
    expect(f1!.Desglose.DetalleDesglose[0]).toEqual({
      Impuesto: '01',
      ClaveRegimen: '01',
      CalificacionOperacion: 'S1',
      TipoImpositivo: '21.00',
      BaseImponibleOimporteNoSujeto: '100.00',
      CuotaRepercutida: '21.00',
    });
    expect([r1!.CuotaTotal, r1!.ImporteTotal, r1!.TipoRectificativa]).toEqual(['-2.10', '-12.10', 'I']);
    expect(mixed!.Desglose.DetalleDesglose[0]).toEqual({
      Impuesto: '01',
      ClaveRegimen: '01',
      OperacionExenta: 'E1',
      BaseImponibleOimporteNoSujeto: '200.00',
    });
  });

  it('chains the records: each carries the previous huella, and its own is the hash of what the XML says', () => {
    const parsed = parsedRecords(buildRegFactuRequest({ obligado, records }));
    expect(parsed[0]!.Encadenamiento).toEqual({ PrimerRegistro: 'S' });
    for (let i = 0; i < parsed.length; i++) {
      const r = parsed[i]!;
      const previous = r.Encadenamiento.RegistroAnterior?.Huella ?? '';
      if (i > 0) expect(previous).toBe(parsed[i - 1]!.Huella);
      const huella = r.IDFactura.IDEmisorFactura
        ? altaHuella({
            ...r.IDFactura,
            TipoFactura: r.TipoFactura,
            CuotaTotal: r.CuotaTotal,
            ImporteTotal: r.ImporteTotal,
            Huella: previous,
            FechaHoraHusoGenRegistro: r.FechaHoraHusoGenRegistro,
          })
        : anulacionHuella({
            ...r.IDFactura,
            Huella: previous,
            FechaHoraHusoGenRegistro: r.FechaHoraHusoGenRegistro,
          });
      expect(r.Huella).toBe(huella);
      expect(r.TipoHuella).toBe('01');
      expect(r.Huella).toBe(records[i]!.Huella);
    }
    // The anulación chains to the record before it, by that record's invoice key.
    expect(parsed[6]!.Encadenamiento.RegistroAnterior.NumSerieFactura).toBe('2026-000003');
    expect(parsed[6]!.FechaHoraHusoGenRegistro).toBe('2026-03-15T11:00:06+01:00');
  });

  it('the validation is real: a broken document fails against the same schemas', async () => {
    const payload = soapBodyPayload(buildRegFactuRequest({ obligado, records: records.slice(0, 1) }));
    // The "namespace trap": the download path's tikeV1.0 is not the namespace.
    const trapped = payload.replaceAll('/aeat/tike/cont/', '/aeat/tikeV1.0/cont/');
    const wrongNamespace = await validateAgainstAeatXsd(trapped, 'RegFactuSistemaFacturacion');
    expect(wrongNamespace.valid).toBe(false);
    expect(wrongNamespace.errors.join('\n')).toContain('No matching global declaration');
    // A comma as decimal separator breaks the amount pattern.
    const comma = await validateAgainstAeatXsd(
      payload.replace('>121.00<', '>121,00<'),
      'RegFactuSistemaFacturacion',
    );
    expect(comma.valid).toBe(false);
    expect(comma.errors.join('\n')).toContain('ImporteTotal');
    // A required element removed.
    const noHuella = payload.replace(/<sum1:TipoHuella>01<\/sum1:TipoHuella>/, '');
    const missing = await validateAgainstAeatXsd(noHuella, 'RegFactuSistemaFacturacion');
    expect(missing.valid).toBe(false);
    expect(missing.errors.join('\n')).toMatch(/TipoHuella/);
  });
});

describe('buildRegistroXml', () => {
  it('writes one record alone, valid as AEAT’s global element', async () => {
    const records = chainOfRecords();
    const alta = buildRegistroXml(records[0]!);
    expect(alta.startsWith('<?xml version="1.0" encoding="UTF-8"?><sum1:RegistroAlta')).toBe(true);
    expect((await validateAgainstAeatXsd(alta, 'RegistroAlta')).errors).toEqual([]);
    const anulacion = buildRegistroXml(records[6]!);
    expect((await validateAgainstAeatXsd(anulacion, 'RegistroAnulacion')).valid).toBe(true);
  });
});

describe('what cannot be sent is refused before it is written', () => {
  const first = sealRecord(f1Draft('2026-000001', 'PrimerRegistro', 0));
  const build = (record: VerifactuRecord) => buildRegFactuRequest({ obligado, records: [record] });
  const alta = (changes: Partial<AltaRecord>) => sealRecord({ ...first, ...changes });

  it('invoice numbers outside ASCII 32–126, with " \' < > =, or longer than 60', () => {
    for (const bad of [
      '2026<1',
      "O'Brien-1",
      'A"1',
      'A=1',
      'A>1',
      'Factura-ñ',
      'tab\there',
      'x'.repeat(61),
      '   ',
    ]) {
      expect(refusal(() => build(alta({ NumSerieFactura: bad }))).field).toBe('NumSerieFactura');
    }
    // Spaces around are trimmed in the XML and in the huella alike.
    const padded = alta({ NumSerieFactura: '  2026-000009 ' });
    expect(parsedRecords(build(padded))[0]!.IDFactura.NumSerieFactura).toBe('2026-000009');
  });

  it('shortens names to 120 and the description to 500 characters, and still validates', async () => {
    const record = alta({ NombreRazonEmisor: `${'Ñ'.repeat(130)}`, DescripcionOperacion: '旅'.repeat(600) });
    const envelope = build(record);
    const [parsed] = parsedRecords(envelope);
    expect(Array.from(parsed!.NombreRazonEmisor as string)).toHaveLength(120);
    expect(Array.from(parsed!.DescripcionOperacion as string)).toHaveLength(500);
    expect((parsed!.DescripcionOperacion as string).endsWith('…')).toBe(true);
    await expectValidRequest(envelope);
  });

  it('refuses an empty description and characters XML cannot carry', () => {
    expect(refusal(() => build(alta({ DescripcionOperacion: '  ' }))).field).toBe('DescripcionOperacion');
    expect(refusal(() => build(alta({ DescripcionOperacion: 'bell\u0007' }))).field).toBe(
      'DescripcionOperacion',
    );
  });

  it('refuses recipients where AEAT does: F2 and R5 without, F1, F3 and R1–R4 with', () => {
    expect(refusal(() => build(alta({ TipoFactura: 'F2' }))).field).toBe('Destinatarios');
    expect(refusal(() => build(alta({ Destinatarios: [] }))).field).toBe('Destinatarios');
    expect(refusal(() => build(alta({ Destinatarios: [{ NombreRazon: 'Yo', NIF }] }))).field).toBe(
      'Destinatarios[0].NIF',
    );
    const spanishOtro = { NombreRazon: 'X', IDOtro: { CodigoPais: 'ES', IDType: '02' as const, ID: 'ES1' } };
    expect(refusal(() => build(alta({ Destinatarios: [spanishOtro] }))).field).toBe(
      'Destinatarios[0].IDOtro.CodigoPais',
    );
  });

  it('refuses rectifying fields on the wrong invoice types', () => {
    expect(refusal(() => build(alta({ TipoFactura: 'R1' }))).field).toBe('TipoRectificativa');
    expect(refusal(() => build(alta({ TipoRectificativa: 'I' }))).field).toBe('TipoRectificativa');
    expect(refusal(() => build(alta({ TipoFactura: 'R4', TipoRectificativa: 'S' }))).field).toBe(
      'ImporteRectificacion',
    );
    const ref = { IDEmisorFactura: NIF, NumSerieFactura: 'T1', FechaExpedicionFactura: '15-03-2026' };
    expect(refusal(() => build(alta({ FacturasSustituidas: [ref] }))).field).toBe('FacturasSustituidas');
    expect(refusal(() => build(alta({ FacturasRectificadas: [ref] }))).field).toBe('FacturasRectificadas');
  });

  it('refuses totals that are not the sum of the lines, and an F2 over 3,000 €', () => {
    expect(refusal(() => build(alta({ CuotaTotal: 2_101 }))).field).toBe('CuotaTotal');
    expect(refusal(() => build(alta({ ImporteTotal: 12_000 }))).field).toBe('ImporteTotal');
    const big = {
      TipoFactura: 'F2' as const,
      Destinatarios: undefined,
      Desglose: [detalleDesglose({ rateHundredths: 2100, baseCents: 300_000, cuotaCents: 63_000 })],
      CuotaTotal: 63_000,
      ImporteTotal: 363_000,
    };
    expect(refusal(() => build(alta(big))).field).toBe('ImporteTotal');
  });

  it('refuses rates AEAT does not admit on the date, and quotas far from base × rate', () => {
    const line = (rate: number, base: number, cuota: number) => ({
      Desglose: [detalleDesglose({ rateHundredths: rate, baseCents: base, cuotaCents: cuota })],
      CuotaTotal: cuota,
      ImporteTotal: base + cuota,
    });
    expect(refusal(() => build(alta(line(1600, 10_000, 1_600)))).field).toBe('Desglose[0].TipoImpositivo');
    // 2 % existed only from October to December 2024.
    expect(refusal(() => build(alta(line(200, 10_000, 200)))).field).toBe('Desglose[0].TipoImpositivo');
    const late2024 = alta({ ...line(200, 10_000, 200), FechaExpedicionFactura: '15-11-2024' });
    expect(() => build(late2024)).not.toThrow();
    expect(refusal(() => build(alta(line(2100, 10_000, 3_200)))).field).toBe('Desglose[0].CuotaRepercutida');
    expect(refusal(() => build(alta(line(2100, 10_000, -2_100)))).field).toBe('Desglose[0].CuotaRepercutida');
    expect(refusal(() => detalleDesglose({ rateHundredths: 0, baseCents: 100, cuotaCents: 5 })).field).toBe(
      'CuotaRepercutida',
    );
  });

  it('refuses a record whose huella does not match its fields, or a malformed previous huella', () => {
    const tampered = { ...first, ImporteTotal: 12_100, CuotaTotal: 2_100, NumSerieFactura: '2026-000099' };
    expect(refusal(() => build(tampered)).field).toBe('Huella');
    const chain = { ...chainTo(first), Huella: first.Huella.toLowerCase() };
    expect(refusal(() => build(sealRecord(f1Draft('2026-000002', chain, 1)))).field).toBe(
      'Encadenamiento.RegistroAnterior.Huella',
    );
  });

  it('refuses dates before VERI*FACTU, another issuer than the obligado, and more than 1000 records', () => {
    expect(refusal(() => build(alta({ FechaExpedicionFactura: '27-10-2024' }))).field).toBe(
      'FechaExpedicionFactura',
    );
    expect(refusal(() => build(alta({ FechaExpedicionFactura: '31-02-2026' }))).field).toBe(
      'FechaExpedicionFactura',
    );
    expect(refusal(() => build(alta({ IDEmisorFactura: 'B12345678' }))).field).toBe('RegistroFactura[0]');
    expect(refusal(() => buildRegFactuRequest({ obligado, records: Array(1001).fill(first) })).field).toBe(
      'RegistroFactura',
    );
    expect(refusal(() => buildRegFactuRequest({ obligado, records: [] })).field).toBe('RegistroFactura');
  });
});
