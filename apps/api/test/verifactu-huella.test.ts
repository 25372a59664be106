import { describe, expect, it } from 'vitest';
import { VerifactuValidationError } from '../src/integrations/verifactu/errors.js';
import {
  aeatAmount,
  aeatDate,
  aeatTimestamp,
  altaHuella,
  altaHuellaInput,
  anulacionHuella,
  anulacionHuellaInput,
} from '../src/integrations/verifactu/huella.js';

// AEAT, "Especificaciones técnicas para generación de la huella o hash" v0.1.2, §6.
const case1 = {
  IDEmisorFactura: '89890001K',
  NumSerieFactura: '12345678/G33',
  FechaExpedicionFactura: '01-01-2024',
  TipoFactura: 'F1',
  CuotaTotal: '12.35',
  ImporteTotal: '123.45',
  Huella: '',
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
};

describe('huella (AEAT official vectors)', () => {
  it('case 1: the first alta of a system, with an empty previous huella', () => {
    expect(altaHuellaInput(case1)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(altaHuella(case1)).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
    // Absent and empty previous huella are the same `Huella=`.
    expect(altaHuella({ ...case1, Huella: undefined })).toBe(altaHuella(case1));
    expect(altaHuella({ ...case1, Huella: null })).toBe(altaHuella(case1));
  });

  it('case 2: an alta chained to case 1', () => {
    const case2 = {
      ...case1,
      NumSerieFactura: '12345679/G34',
      Huella: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
    };
    expect(altaHuellaInput(case2)).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345679/G34&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00',
    );
    expect(altaHuella(case2)).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
  });

  it('case 3: an anulación chained to case 2', () => {
    const case3 = {
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: '12345679/G34',
      FechaExpedicionFacturaAnulada: '01-01-2024',
      Huella: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
    };
    expect(anulacionHuellaInput(case3)).toBe(
      'IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00',
    );
    expect(anulacionHuella(case3)).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
  });

  it('trims every value, as AEAT reads <NumSerieFactura>    12345678 / G33  </NumSerieFactura>', () => {
    const padded = { ...case1, NumSerieFactura: '   12345678/G33  ', CuotaTotal: ' 12.35 ' };
    expect(altaHuellaInput(padded)).toBe(altaHuellaInput(case1));
  });

  it('the third-party vector (mdiago/VeriFactu): amounts hashed exactly as written', () => {
    const fields = {
      IDEmisorFactura: 'B72877814',
      NumSerieFactura: 'GITHUB-EJ-003',
      FechaExpedicionFactura: '04-11-2024',
      TipoFactura: 'F1',
      CuotaTotal: '21.4',
      ImporteTotal: '131.4',
      Huella: '8C8DCEFB120522E0C71BC19902F44D5334FF6C98E74F0E3AC1D1E5A30C2EA836',
      FechaHoraHusoGenRegistro: '2024-11-04T12:36:39+01:00',
    };
    expect(altaHuella(fields)).toBe('4EECCE4DD48C0539665385D61D451BA921B7160CA6FEF46CD3C2E2BC5C778E14');
    // Our canonical amounts (two decimals) hash differently: the XML must carry the same strings.
    const canonical = { ...fields, CuotaTotal: aeatAmount(2140), ImporteTotal: aeatAmount(13140) };
    expect(canonical.CuotaTotal).toBe('21.40');
    expect(altaHuella(canonical).startsWith('ED8809FB')).toBe(true);
  });
});

describe('aeatAmount', () => {
  it('writes cents with two decimals, integer arithmetic only', () => {
    expect(aeatAmount(1235)).toBe('12.35');
    expect(aeatAmount(12345)).toBe('123.45');
    expect(aeatAmount(-500)).toBe('-5.00');
    expect(aeatAmount(0)).toBe('0.00');
    expect(aeatAmount(-0)).toBe('0.00');
    expect(aeatAmount(5)).toBe('0.05');
    expect(aeatAmount(-7)).toBe('-0.07');
    expect(aeatAmount(110)).toBe('1.10');
    // Values whose float division would print badly (0.1 + 0.2 style) stay exact.
    expect(aeatAmount(30)).toBe('0.30');
    expect(aeatAmount(99_999_999_999_999)).toBe('999999999999.99');
    expect(aeatAmount(-99_999_999_999_999)).toBe('-999999999999.99');
  });

  it('matches the XSD amount pattern for every value and refuses what cannot be written', () => {
    for (const cents of [0, 1, -1, 99, 100, 123456, -123456, 10 ** 12]) {
      expect(aeatAmount(cents)).toMatch(/^(\+|-)?\d{1,12}(\.\d{0,2})?$/);
    }
    expect(() => aeatAmount(12.5)).toThrow(VerifactuValidationError);
    expect(() => aeatAmount(Number.NaN)).toThrow(VerifactuValidationError);
    expect(() => aeatAmount(100_000_000_000_000)).toThrow(VerifactuValidationError);
  });
});

describe('aeatDate and aeatTimestamp', () => {
  it('writes the date of the instant in the given zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(aeatDate(new Date('2024-12-31T23:30:00Z'), 'Europe/Madrid')).toBe('01-01-2025');
    expect(aeatDate(new Date('2024-12-31T23:30:00Z'), 'UTC')).toBe('31-12-2024');
    expect(aeatDate(new Date('2025-03-05T10:00:00Z'), 'Atlantic/Canary')).toBe('05-03-2025');
  });

  it('writes the zone offset in force at the instant (Madrid +01:00 in winter, +02:00 in summer)', () => {
    expect(aeatTimestamp(new Date('2024-01-01T18:20:30Z'), 'Europe/Madrid')).toBe(
      '2024-01-01T19:20:30+01:00',
    );
    expect(aeatTimestamp(new Date('2024-07-15T10:00:05.999Z'), 'Europe/Madrid')).toBe(
      '2024-07-15T12:00:05+02:00',
    );
    expect(aeatTimestamp(new Date('2024-07-15T10:00:05Z'), 'Atlantic/Canary')).toBe(
      '2024-07-15T11:00:05+01:00',
    );
    expect(aeatTimestamp(new Date('2024-07-15T10:00:05Z'), 'UTC')).toBe('2024-07-15T10:00:05+00:00');
    expect(aeatTimestamp(new Date('2024-07-15T10:00:05Z'), 'America/New_York')).toBe(
      '2024-07-15T06:00:05-04:00',
    );
  });

  it('follows the DST changes to the second', () => {
    // Spring forward in Madrid: 31 March 2024, 02:00 +01:00 becomes 03:00 +02:00 (01:00 UTC).
    expect(aeatTimestamp(new Date('2024-03-31T00:59:59Z'), 'Europe/Madrid')).toBe(
      '2024-03-31T01:59:59+01:00',
    );
    expect(aeatTimestamp(new Date('2024-03-31T01:00:00Z'), 'Europe/Madrid')).toBe(
      '2024-03-31T03:00:00+02:00',
    );
    // Fall back: 27 October 2024, 03:00 +02:00 becomes 02:00 +01:00; the hour 02:xx happens twice.
    expect(aeatTimestamp(new Date('2024-10-27T00:30:00Z'), 'Europe/Madrid')).toBe(
      '2024-10-27T02:30:00+02:00',
    );
    expect(aeatTimestamp(new Date('2024-10-27T01:30:00Z'), 'Europe/Madrid')).toBe(
      '2024-10-27T02:30:00+01:00',
    );
  });

  it('refuses an invalid date', () => {
    expect(() => aeatTimestamp(new Date('nope'), 'Europe/Madrid')).toThrow(VerifactuValidationError);
    expect(() => aeatDate(new Date('nope'), 'Europe/Madrid')).toThrow(VerifactuValidationError);
  });
});
