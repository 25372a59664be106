import { createPrivateKey, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CertificateError,
  readCertificate,
  spanishTaxId,
} from '../src/integrations/verifactu/certificate.js';
import {
  createTestCa,
  issueTestCertificate,
  TEST_PFX_PASSWORD,
  type TestPki,
  testPki,
} from './support/test-certificates.js';

let pki: TestPki;
beforeAll(() => {
  pki = testPki();
});

function refusal(run: () => unknown): CertificateError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CertificateError);
    return error as CertificateError;
  }
  throw new Error('expected a CertificateError');
}

describe('readCertificate', () => {
  it('reads a person’s certificate: holder, NIF from serialNumber IDCES-…, issuer, validity and usable PEMs', () => {
    const details = readCertificate(pki.person.pfx, TEST_PFX_PASSWORD);
    expect(details.holder).toBe('PÉREZ GARCÍA JOSÉ - 12345678Z');
    expect(details.taxId).toBe('12345678Z');
    expect(details.issuer).toBe('Mostrador Test CA');
    expect(details.notBefore.getTime()).toBeLessThan(Date.now());
    expect(details.notAfter.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);

    // The PEMs are the real certificate (same serial and dates) and its matching key.
    const x509 = new X509Certificate(details.certificatePem);
    expect(x509.serialNumber.toLowerCase()).toBe(details.serialNumber);
    expect(new Date(x509.validTo).getTime()).toBe(Math.floor(details.notAfter.getTime() / 1000) * 1000);
    expect(x509.checkPrivateKey(createPrivateKey(details.privateKeyPem))).toBe(true);
    expect(details.certificatePem).toBe(pki.person.certPem);
  });

  it('reads a company representative’s certificate: the organisation and its VATES-… tax id', () => {
    const details = readCertificate(pki.company.pfx, TEST_PFX_PASSWORD);
    expect(details.holder).toBe('Reservas Ñandú, S.L.');
    expect(details.taxId).toBe('B12345678');
  });

  it('reads an expired certificate with its past notAfter (the caller decides)', () => {
    const details = readCertificate(pki.expired.pfx, TEST_PFX_PASSWORD);
    expect(details.notAfter.getTime()).toBeLessThan(Date.now() - 300 * 86_400_000);
    expect(details.taxId).toBe('12345678Z');
  });

  it('reads a PKCS#12 file encrypted with AES-256 (PBES2) as well as 3DES', () => {
    const ca = createTestCa('AES CA');
    const cert = issueTestCertificate(ca, {
      subject: { commonName: 'Ana', serialNumber: 'IDCES-00000000T' },
      usage: 'client',
    });
    const asn1 = forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(cert.keyPem),
      [forge.pki.certificateFromPem(cert.certPem)],
      'clave',
      { algorithm: 'aes256' },
    );
    const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    expect(readCertificate(p12, 'clave')).toMatchObject({
      holder: 'Ana',
      taxId: '00000000T',
      issuer: 'AES CA',
    });
    expect(refusal(() => readCertificate(p12, 'other')).reason).toBe('wrong_password');
  });

  it('refuses a wrong password', () => {
    const error = refusal(() => readCertificate(pki.person.pfx, 'not the password'));
    expect(error.reason).toBe('wrong_password');
  });

  it('refuses bytes that are not a PKCS#12 file', () => {
    expect(refusal(() => readCertificate(Buffer.from('garbage, not DER'), 'x')).reason).toBe('not_pkcs12');
    expect(refusal(() => readCertificate(Buffer.alloc(0), 'x')).reason).toBe('not_pkcs12');
    // Valid DER, but a certificate rather than a PKCS#12 container.
    const der = Buffer.from(new X509Certificate(pki.person.certPem).raw);
    expect(refusal(() => readCertificate(der, TEST_PFX_PASSWORD)).reason).toBe('not_pkcs12');
  });

  it('refuses a PKCS#12 file without the private key', () => {
    expect(refusal(() => readCertificate(pki.keyless.pfx, TEST_PFX_PASSWORD)).reason).toBe('no_key');
  });
});

describe('spanishTaxId', () => {
  it('takes the NIF out of ETSI identifiers and bare serial numbers, not other countries’', () => {
    expect(spanishTaxId('IDCES-12345678Z')).toBe('12345678Z');
    expect(spanishTaxId('VATES-B12345678')).toBe('B12345678');
    expect(spanishTaxId('TINES-X1234567L')).toBe('X1234567L');
    expect(spanishTaxId('12345678Z')).toBe('12345678Z');
    expect(spanishTaxId('IDCFR-123456789')).toBeNull();
    expect(spanishTaxId('VATDE-123456789')).toBeNull();
    expect(spanishTaxId('something else')).toBeNull();
    expect(spanishTaxId(null)).toBeNull();
  });
});
