import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VerifactuValidationError } from '../src/integrations/verifactu/errors.js';
import { aeatAmount } from '../src/integrations/verifactu/format.js';
import { javaUrlEncode, qrPng, verifactuQrUrl } from '../src/integrations/verifactu/qr.js';

describe('verifactuQrUrl', () => {
  it('writes AEAT’s official examples exactly (test and production hosts)', () => {
    const invoice = { nif: '89890001K', numSerie: '12345678-G33', fecha: '01-09-2024', importe: '241.4' };
    expect(verifactuQrUrl({ environment: 'test', ...invoice })).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.4',
    );
    expect(verifactuQrUrl({ environment: 'production', ...invoice })).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.4',
    );
  });

  it('encodes the parameters as AEAT’s example: 12345678&G33 → 12345678%26G33', () => {
    expect(
      verifactuQrUrl({
        environment: 'test',
        nif: '89890001K',
        numSerie: '12345678&G33',
        fecha: '01-01-2024',
        importe: '241.4',
      }),
    ).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
  });

  it('takes the amount as the record writes it, and a number with spaces, slashes and symbols', () => {
    const url = verifactuQrUrl({
      environment: 'test',
      nif: '89890001K',
      numSerie: 'T 2026/000042!(~)*',
      fecha: '15-03-2026',
      importe: aeatAmount(-1_210),
    });
    expect(url).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=T+2026%2F000042%21%28%7E%29*&fecha=15-03-2026&importe=-12.10',
    );
  });

  it('refuses what AEAT would not read: characters outside ASCII 32–126, bad dates and amounts', () => {
    const base = {
      environment: 'test' as const,
      nif: '89890001K',
      numSerie: 'A1',
      fecha: '15-03-2026',
      importe: '1.00',
    };
    expect(() => verifactuQrUrl({ ...base, numSerie: 'Factura-ñ' })).toThrow(VerifactuValidationError);
    expect(() => verifactuQrUrl({ ...base, fecha: '2026-03-15' })).toThrow(VerifactuValidationError);
    expect(() => verifactuQrUrl({ ...base, importe: '1,00' })).toThrow(VerifactuValidationError);
    expect(() => verifactuQrUrl({ ...base, nif: '8989' })).toThrow(VerifactuValidationError);
  });
});

describe('javaUrlEncode (Java URLEncoder, UTF-8)', () => {
  it('keeps letters, digits and * - . _, writes a space as +, escapes the rest in uppercase hex', () => {
    expect(javaUrlEncode('aZ09*-._')).toBe('aZ09*-._');
    expect(javaUrlEncode('a b')).toBe('a+b');
    // encodeURIComponent leaves these five alone; Java does not.
    expect(javaUrlEncode("!'()~")).toBe('%21%27%28%29%7E');
    expect(encodeURIComponent("!'()~")).toBe("!'()~");
    expect(javaUrlEncode('&=/?+%#')).toBe('%26%3D%2F%3F%2B%25%23');
  });

  it('encodes accents and other scripts as their UTF-8 bytes', () => {
    expect(javaUrlEncode('é')).toBe('%C3%A9');
    expect(javaUrlEncode('Peña Ñ')).toBe('Pe%C3%B1a+%C3%91');
    expect(javaUrlEncode('旅')).toBe('%E6%97%85');
    expect(javaUrlEncode('€')).toBe('%E2%82%AC');
  });
});

describe('qrPng', () => {
  async function decode(png: Buffer) {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { info, code: jsQR(new Uint8ClampedArray(data), info.width, info.height) };
  }

  it('is a PNG of the asked size that a QR reader decodes back to exactly the URL', async () => {
    const url = verifactuQrUrl({
      environment: 'production',
      nif: '89890001K',
      numSerie: '2026 000042&B',
      fecha: '15-03-2026',
      importe: '1234567.89',
    });
    const png = await qrPng(url, { sizePx: 300 });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { info, code } = await decode(png);
    expect([info.width, info.height]).toEqual([300, 300]);
    expect(code?.data).toBe(url);
  });

  it('is drawn at error correction level M: its modules are those of the M symbol, not L, Q or H', async () => {
    const url =
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=A1&fecha=15-03-2026&importe=1.00';
    const size = 330;
    const { data, info } = await sharp(await qrPng(url, { sizePx: size }))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const drawn = (level: 'L' | 'M' | 'Q' | 'H') => {
      const symbol = QRCode.create(url, { errorCorrectionLevel: level });
      const n = symbol.modules.size;
      if (n !== QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size) return false;
      const scale = info.width / (n + 8);
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          const x = Math.floor((col + 4 + 0.5) * scale);
          const y = Math.floor((row + 4 + 0.5) * scale);
          const dark = data[y * info.width + x]! < 128;
          if (dark !== Boolean(symbol.modules.get(row, col))) return false;
        }
      }
      return true;
    };
    expect(drawn('M')).toBe(true);
    expect([drawn('L'), drawn('Q'), drawn('H')]).toEqual([false, false, false]);
  });

  it('keeps a white quiet zone around the symbol', async () => {
    const png = await qrPng('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K', {
      sizePx: 200,
    });
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const border = Math.floor(info.width / 20);
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const edge = x < border || y < border || x >= info.width - border || y >= info.height - border;
        if (edge) expect(data[y * info.width + x]).toBe(255);
      }
    }
  });
});
