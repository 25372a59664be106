import { describe, expect, it } from 'vitest';
import {
  decodeParameters,
  deriveOrderKey,
  encodeParameters,
  orderOf,
  RedsysError,
  signParameters,
  verifySignature,
} from './signature.js';

/** The public test terminal's key (reference §2.7). */
const KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const OTHER_KEY = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';

/** Vector B (reference §2.8; redsys-easy `test/fixtures/rest/redirect.ts`), keys in this order. */
const REDIRECT_PARAMS = {
  DS_MERCHANT_TRANSACTIONTYPE: '0',
  DS_MERCHANT_ORDER: '0726qI3H7sZx',
  DS_MERCHANT_MERCHANTCODE: '999008881',
  DS_MERCHANT_TERMINAL: '1',
  DS_MERCHANT_AMOUNT: '4999',
  DS_MERCHANT_CURRENCY: '978',
  DS_MERCHANT_MERCHANTURL: 'http://www.prueba.com/urlNotificacion.php',
  DS_MERCHANT_URLOK: 'http://www.prueba.com/urlOK.php',
  DS_MERCHANT_URLKO: 'http://www.prueba.com/urlKO.php',
};
const REDIRECT_SIGNATURE = 'TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=';

/** Vector C: Redsys's notification for the same order, as received (same fixture). */
const NOTIFICATION_PARAMS =
  'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=';
const NOTIFICATION_SIGNATURE = '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Flips one character of a Base64 text (a different value of the same length). */
function flip(text: string, at: number): string {
  const c = text[at]!;
  return `${text.slice(0, at)}${c === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
}

describe('deriveOrderKey', () => {
  it('reproduces vector A: order 012345678 under the test key', () => {
    expect(deriveOrderKey(KEY, '012345678').toString('base64')).toBe('ub0/L8+E9+9ITQJwk3SvHA==');
  });

  it("reproduces vector B's derived key for order 0726qI3H7sZx", () => {
    expect(deriveOrderKey(KEY, '0726qI3H7sZx').toString('base64')).toBe('GViV77kFjMPKVUcE9qxzlg==');
  });

  it('pads with zero bytes to whole 8-byte blocks, never adding a block of PKCS padding', () => {
    expect(deriveOrderKey(KEY, '12345678')).toHaveLength(8);
    expect(deriveOrderKey(KEY, '123456789')).toHaveLength(16);
    expect(deriveOrderKey(KEY, '1234')).toHaveLength(8);
    // Zero padding: the order and the order followed by zero bytes give the same key.
    expect(deriveOrderKey(KEY, '1234')).toEqual(deriveOrderKey(KEY, '1234\0\0\0\0'));
    expect(deriveOrderKey(KEY, '1234')).not.toEqual(deriveOrderKey(KEY, '1235'));
  });

  it('takes the key in either Base64 alphabet and refuses one that is not 24 bytes', () => {
    const urlKey = Buffer.from(KEY, 'base64').toString('base64url');
    expect(deriveOrderKey(urlKey, '012345678').toString('base64')).toBe('ub0/L8+E9+9ITQJwk3SvHA==');
    expect(() => deriveOrderKey('c2hvcnQ=', '1234')).toThrow(RedsysError);
    expect(() => deriveOrderKey('not base64!', '1234')).toThrow(/not Base64/);
    expect(() => deriveOrderKey(KEY, '')).toThrow(RedsysError);
  });
});

describe('encodeParameters and signParameters', () => {
  it("reproduces vector B: the fixture's Base64 byte for byte and its Ds_Signature", () => {
    const encoded = encodeParameters(REDIRECT_PARAMS);
    expect(encoded.startsWith('eyJEU19NRVJDSEFOVF9UUkFOU0FDVElPTlRZUEUiOiIwIi')).toBe(true);
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(JSON.stringify(REDIRECT_PARAMS));
    expect(signParameters(KEY, '0726qI3H7sZx', encoded)).toBe(REDIRECT_SIGNATURE);
  });

  it('keeps the key order, which the signature depends on', () => {
    const { DS_MERCHANT_TRANSACTIONTYPE, ...rest } = REDIRECT_PARAMS;
    const reordered = encodeParameters({ ...rest, DS_MERCHANT_TRANSACTIONTYPE });
    expect(reordered).not.toBe(encodeParameters(REDIRECT_PARAMS));
    expect(signParameters(KEY, '0726qI3H7sZx', reordered)).not.toBe(REDIRECT_SIGNATURE);
  });

  it('encodes UTF-8 text', () => {
    const encoded = encodeParameters({ DS_MERCHANT_PRODUCTDESCRIPTION: 'Excursión en kayak · 皮划艇' });
    expect(decodeParameters(encoded, { urlDecode: false }).DS_MERCHANT_PRODUCTDESCRIPTION).toBe(
      'Excursión en kayak · 皮划艇',
    );
  });
});

describe('verifySignature', () => {
  it("reproduces vector C: Redsys's notification signed in Base64url with padding", () => {
    expect(verifySignature(KEY, NOTIFICATION_PARAMS, NOTIFICATION_SIGNATURE)).toBe(true);
    const hmac = Buffer.from(NOTIFICATION_SIGNATURE.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    expect(signParameters(KEY, '0726qI3H7sZx', NOTIFICATION_PARAMS)).toBe(hmac.toString('base64'));
  });

  it('accepts the same signature in standard Base64 and in Base64url, with or without padding', () => {
    const standard = NOTIFICATION_SIGNATURE.replaceAll('-', '+').replaceAll('_', '/');
    for (const variant of [
      NOTIFICATION_SIGNATURE,
      NOTIFICATION_SIGNATURE.replace(/=+$/, ''),
      standard,
      standard.replace(/=+$/, ''),
      ` ${NOTIFICATION_SIGNATURE}\n`,
    ])
      expect(verifySignature(KEY, NOTIFICATION_PARAMS, variant), variant).toBe(true);
  });

  it('accepts the parameters in Base64url or unpadded, signed as received', () => {
    const urlParams = Buffer.from(NOTIFICATION_PARAMS, 'base64').toString('base64url');
    expect(urlParams).not.toBe(NOTIFICATION_PARAMS);
    const signature = signParameters(KEY, '0726qI3H7sZx', urlParams);
    expect(verifySignature(KEY, urlParams, signature)).toBe(true);
    // The string is what is signed: the standard writing of the same JSON is another message.
    expect(verifySignature(KEY, NOTIFICATION_PARAMS, signature)).toBe(false);
  });

  it("verifies a request's signature too, the order read from DS_MERCHANT_ORDER", () => {
    expect(verifySignature(KEY, encodeParameters(REDIRECT_PARAMS), REDIRECT_SIGNATURE)).toBe(true);
  });

  it('reads the order whichever way it is spelt', () => {
    for (const key of ['Ds_Order', 'DS_ORDER', 'Ds_Merchant_Order', 'DS_MERCHANT_ORDER']) {
      const params = encodeParameters({ [key]: '1234abcd', Ds_Response: '0000' });
      const signature = signParameters(KEY, '1234abcd', params);
      expect(verifySignature(KEY, params, signature), key).toBe(true);
      expect(orderOf(decodeParameters(params))).toBe('1234abcd');
    }
  });

  it('refuses tampered parameters: another amount or response, re-encoded, signed for another order', () => {
    const params = decodeParameters(NOTIFICATION_PARAMS, { urlDecode: false });
    const changes: Record<string, string>[] = [
      { Ds_Amount: '1' },
      { Ds_Response: '0190' },
      { Ds_Order: '0726qI3H7sZy' },
    ];
    for (const change of changes) {
      const tampered = encodeParameters({ ...params, ...change });
      expect(verifySignature(KEY, tampered, NOTIFICATION_SIGNATURE), JSON.stringify(change)).toBe(false);
    }
    // One character of the Base64 changed.
    expect(verifySignature(KEY, flip(NOTIFICATION_PARAMS, 40), NOTIFICATION_SIGNATURE)).toBe(false);
    // The right HMAC of these parameters, but keyed with another order's key.
    const otherOrder = signParameters(KEY, '9999zzzz', NOTIFICATION_PARAMS);
    expect(verifySignature(KEY, NOTIFICATION_PARAMS, otherOrder)).toBe(false);
  });

  it('refuses a signature made with another key, or a different signature', () => {
    expect(verifySignature(OTHER_KEY, NOTIFICATION_PARAMS, NOTIFICATION_SIGNATURE)).toBe(false);
    const withOtherKey = signParameters(OTHER_KEY, '0726qI3H7sZx', NOTIFICATION_PARAMS);
    expect(verifySignature(KEY, NOTIFICATION_PARAMS, withOtherKey)).toBe(false);
    expect(verifySignature(KEY, NOTIFICATION_PARAMS, flip(NOTIFICATION_SIGNATURE, 0))).toBe(false);
  });

  it('is false, never an exception, on anything malformed', () => {
    const cases: [string, string, string][] = [
      [KEY, '', NOTIFICATION_SIGNATURE],
      [KEY, NOTIFICATION_PARAMS, ''],
      [KEY, 'not base64 at all!', NOTIFICATION_SIGNATURE],
      [KEY, b64('not json'), NOTIFICATION_SIGNATURE],
      [KEY, b64('[1,2]'), NOTIFICATION_SIGNATURE],
      [KEY, b64('{"Ds_Response":"0000"}'), NOTIFICATION_SIGNATURE], // no order
      [KEY, NOTIFICATION_PARAMS, 'garbage!'],
      [KEY, NOTIFICATION_PARAMS, NOTIFICATION_SIGNATURE.slice(0, 20)], // too short
      [KEY, NOTIFICATION_PARAMS, `${NOTIFICATION_SIGNATURE.replace('=', '')}AAAA`], // too long
      [KEY, NOTIFICATION_PARAMS, NOTIFICATION_SIGNATURE.replace('R0s=', 'R0t=')], // same bytes, non-canonical
      ['short', NOTIFICATION_PARAMS, NOTIFICATION_SIGNATURE],
    ];
    for (const [key, params, signature] of cases)
      expect(verifySignature(key, params, signature), `${params.slice(0, 12)} ${signature}`).toBe(false);
    const untyped = verifySignature as (...args: unknown[]) => boolean;
    expect(untyped(KEY, undefined, NOTIFICATION_SIGNATURE)).toBe(false);
    expect(untyped(KEY, NOTIFICATION_PARAMS, null)).toBe(false);
  });
});

describe('decodeParameters', () => {
  it("URL-decodes the values as Redsys writes them (vector C's Ds_Date and Ds_Hour)", () => {
    const params = decodeParameters(NOTIFICATION_PARAMS);
    expect(params).toMatchObject({
      Ds_Date: '22/10/2021',
      Ds_Hour: '22:51',
      Ds_Card_Number: '454881******0004',
      Ds_Amount: '4999',
      Ds_Order: '0726qI3H7sZx',
      Ds_Terminal: '001',
      Ds_Response: '0000',
      Ds_AuthorisationCode: '052029',
    });
    expect(decodeParameters(NOTIFICATION_PARAMS, { urlDecode: false }).Ds_Date).toBe('22%2F10%2F2021');
  });

  it("reads `+` as a space (Java's URLEncoder: a declined payment's ++++++, Ds_MerchantData)", () => {
    const params = decodeParameters(
      encodeParameters({ Ds_AuthorisationCode: '++++++', Ds_MerchantData: 'COBRAMENT+QUOTA%2B1' }),
    );
    expect(params).toEqual({ Ds_AuthorisationCode: '      ', Ds_MerchantData: 'COBRAMENT QUOTA+1' });
  });

  it('keeps a value whose % is not an escape, and writes other JSON values as text', () => {
    const params = decodeParameters(b64('{"a":"100%","b":12,"c":true,"d":null,"e":{"x":"1"}}'));
    expect(params).toEqual({ a: '100%', b: '12', c: 'true', d: '', e: '{"x":"1"}' });
  });

  it('takes Base64url, unpadded Base64 and line breaks', () => {
    const bytes = Buffer.from(NOTIFICATION_PARAMS, 'base64');
    const expected = decodeParameters(NOTIFICATION_PARAMS);
    expect(decodeParameters(bytes.toString('base64url'))).toEqual(expected);
    expect(decodeParameters(NOTIFICATION_PARAMS.replace(/=+$/, ''))).toEqual(expected);
    expect(decodeParameters(NOTIFICATION_PARAMS.replace(/(.{76})/g, '$1\r\n'))).toEqual(expected);
  });

  it("throws RedsysError 'malformed' on garbage", () => {
    for (const garbage of [
      '',
      '   ',
      'not base64 at all!',
      b64('not json'),
      b64('"text"'),
      b64('[1]'),
      b64('null'),
    ]) {
      let thrown: unknown;
      try {
        decodeParameters(garbage);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, garbage).toBeInstanceOf(RedsysError);
      expect((thrown as RedsysError).reason).toBe('malformed');
    }
  });
});
