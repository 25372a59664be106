import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import forge from 'node-forge';

/*
 * Company certificates for the billing screen, as a person uploads them: PKCS#12 files (.p12) with a
 * password, issued by a throwaway certificate authority made here. The holder is a company's
 * representative (organizationIdentifier `VATES-<NIF>`, as FNMT issues them). RSA keys and signatures
 * come from node:crypto (node-forge's pure JavaScript takes seconds per key); node-forge builds the
 * certificates and packs the PKCS#12 files.
 */

const DAY = 86_400_000;

interface Keys {
  node: KeyObject;
  forge: forge.pki.rsa.PrivateKey;
}

function rsaKeys(): Keys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  return { node: privateKey, forge: forge.pki.privateKeyFromPem(pem) };
}

function publicKeyOf(keys: Keys): forge.pki.rsa.PublicKey {
  return forge.pki.setRsaPublicKey(keys.forge.n, keys.forge.e);
}

/** Signs `cert` with sha256WithRSAEncryption: node-forge assembles, node:crypto computes. */
function signWith(cert: forge.pki.Certificate, issuer: Keys): void {
  const signer = {
    sign: () =>
      sign(
        'sha256',
        Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary'),
        issuer.node,
      ).toString('binary'),
  };
  cert.sign(signer as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
}

function serial(): string {
  const bytes = randomBytes(12);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

/** A UTF8String attribute (node-forge's types call the tag a class). */
function utf8(shortName: string, value: string): forge.pki.CertificateField {
  return { shortName, value, valueTagClass: forge.asn1.Type.UTF8 } as unknown as forge.pki.CertificateField;
}

export interface CompanyCertificates {
  /** Valid from yesterday for `days` days. */
  valid: (days: number) => Buffer;
  /** Expired yesterday. */
  expired: () => Buffer;
}

/**
 * A certificate authority and the company certificates it issues, all with `password`: the holder is
 * `name` with the tax id `taxId` (VATES-), as the billing screen shows them once uploaded.
 */
export function companyCertificates(name: string, taxId: string, password: string): CompanyCertificates {
  const caKeys = rsaKeys();
  const ca = forge.pki.createCertificate();
  ca.publicKey = publicKeyOf(caKeys);
  ca.serialNumber = serial();
  ca.validity.notBefore = new Date(Date.now() - 30 * DAY);
  ca.validity.notAfter = new Date(Date.now() + 3650 * DAY);
  const caSubject = [
    { shortName: 'C', value: 'ES' },
    utf8('O', 'Autoridad de Pruebas E2E'),
    utf8('CN', 'AC Representación Pruebas'),
  ];
  ca.setSubject(caSubject);
  ca.setIssuer(caSubject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  signWith(ca, caKeys);
  const keys = rsaKeys();

  const issue = (notBefore: Date, notAfter: Date): Buffer => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = publicKeyOf(keys);
    cert.serialNumber = serial();
    cert.validity.notBefore = notBefore;
    cert.validity.notAfter = notAfter;
    cert.setSubject([
      { shortName: 'C', value: 'ES' },
      utf8('O', name),
      { type: '2.5.4.97', value: `VATES-${taxId}` },
      utf8('CN', `${taxId} R: ${name}`),
    ]);
    cert.setIssuer(ca.subject.attributes);
    cert.setExtensions([
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
      { name: 'subjectKeyIdentifier' },
    ]);
    signWith(cert, caKeys);
    const asn1 = forge.pkcs12.toPkcs12Asn1(keys.forge, [cert, ca], password, {
      algorithm: '3des',
      friendlyName: name,
    });
    return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  };

  return {
    valid: (days) => issue(new Date(Date.now() - DAY), new Date(Date.now() + days * DAY)),
    expired: () => issue(new Date(Date.now() - 400 * DAY), new Date(Date.now() - DAY)),
  };
}
