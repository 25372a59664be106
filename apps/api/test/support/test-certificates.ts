import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import forge from 'node-forge';

/**
 * A throwaway PKI for the Verifactu tests: a CA, a server certificate for 127.0.0.1/localhost (the fake
 * AEAT) and client certificates as AEAT's clients hold them (a person's with `IDCES-<NIF>` in the
 * subject's serialNumber, a company representative's with `VATES-<NIF>` as organizationIdentifier, an
 * expired one, one without its key, one from another CA), each a PKCS#12 file with a password. RSA keys
 * come from node:crypto, and so does the RSA signature (node-forge's pure JavaScript takes a quarter
 * of a second per signature); node-forge builds the certificates, assembles the signature in them and
 * packs the PKCS#12 files. The client certificates share one key pair: generating one costs more.
 */

/** The password of every PKCS#12 file made here. */
export const TEST_PFX_PASSWORD = 'verifactu-test';

/** A certificate authority that signs the others. */
export interface TestCa {
  certPem: string;
  cert: forge.pki.Certificate;
  keys: KeyPair;
}

/** A key pair as node:crypto and node-forge each hold it. */
export interface KeyPair {
  node: KeyObject;
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
}

/** An issued certificate: PEMs and its PKCS#12 file. */
export interface TestCertificate {
  certPem: string;
  keyPem: string;
  pfx: Buffer;
}

/** A subject as the tests need them (all optional): CN, O, serialNumber, organizationIdentifier. */
export interface TestSubject {
  commonName?: string;
  organization?: string;
  serialNumber?: string;
  organizationIdentifier?: string;
}

const DAY = 86_400_000;

/** A new RSA 2048 key pair. */
export function rsaKeys(): KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { node: privateKey, privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/** Signs `cert` (sha256WithRSAEncryption) with the issuer's key: forge assembles, node:crypto computes. */
function signCertificate(cert: forge.pki.Certificate, issuer: KeyPair): void {
  const signer = {
    sign: () => {
      const tbs = forge.asn1.toDer(cert.tbsCertificate).getBytes();
      return sign('sha256', Buffer.from(tbs, 'binary'), issuer.node).toString('binary');
    },
  };
  cert.sign(signer as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
}

/** A positive serial number in hexadecimal (the first byte below 0x80). */
function serial(): string {
  const bytes = randomBytes(12);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

/** A UTF8String attribute (node-forge encodes the value; its types call the tag a class). */
function utf8(shortName: string, value: string): forge.pki.CertificateField {
  return { shortName, value, valueTagClass: forge.asn1.Type.UTF8 } as unknown as forge.pki.CertificateField;
}

function subjectAttributes(s: TestSubject): forge.pki.CertificateField[] {
  const attrs: forge.pki.CertificateField[] = [{ shortName: 'C', value: 'ES' }];
  if (s.organization) attrs.push(utf8('O', s.organization));
  if (s.organizationIdentifier) attrs.push({ type: '2.5.4.97', value: s.organizationIdentifier });
  if (s.serialNumber) attrs.push({ type: '2.5.4.5', value: s.serialNumber });
  if (s.commonName) attrs.push(utf8('CN', s.commonName));
  return attrs;
}

function pkcs12(
  key: forge.pki.rsa.PrivateKey | null,
  chain: forge.pki.Certificate[],
  password: string,
): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, chain, password, { algorithm: '3des', friendlyName: 'test' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** A self-signed CA valid from yesterday for ten years. */
export function createTestCa(commonName: string): TestCa {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - DAY);
  cert.validity.notAfter = new Date(Date.now() + 3650 * DAY);
  const attrs = subjectAttributes({ commonName, organization: 'Mostrador Test PKI' });
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  signCertificate(cert, keys);
  return { cert, keys, certPem: forge.pki.certificateToPem(cert) };
}

/** A certificate signed by `ca`: a TLS server's (with SANs) or a client's. */
export function issueTestCertificate(
  ca: TestCa,
  options: {
    subject: TestSubject;
    usage: 'server' | 'client';
    notBefore?: Date;
    notAfter?: Date;
    /** Leave the private key out of the PKCS#12 file. */
    withoutKey?: boolean;
    password?: string;
    /** The certificate's key pair; a new one by default. */
    keys?: KeyPair;
    /** Leave the CA's certificate out of the PKCS#12 file (Node trusts the CAs a pfx carries). */
    withoutChain?: boolean;
  },
): TestCertificate {
  const keys = options.keys ?? rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY);
  cert.setSubject(subjectAttributes(options.subject));
  cert.setIssuer(ca.cert.subject.attributes);
  const server = options.usage === 'server';
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: server, clientAuth: !server },
    ...(server
      ? [
          {
            name: 'subjectAltName',
            altNames: [
              { type: 2, value: 'localhost' },
              { type: 7, ip: '127.0.0.1' },
            ],
          },
        ]
      : []),
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.cert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  signCertificate(cert, ca.keys);
  const password = options.password ?? TEST_PFX_PASSWORD;
  return {
    certPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(keys.privateKey),
    pfx: pkcs12(
      options.withoutKey ? null : keys.privateKey,
      options.withoutChain ? [cert] : [cert, ca.cert],
      password,
    ),
  };
}

/** Everything the Verifactu tests use, made once per test file. */
export interface TestPki {
  ca: TestCa;
  server: TestCertificate;
  /** A person: CN with accents, serialNumber `IDCES-12345678Z`. */
  person: TestCertificate;
  /** A company's representative: O, organizationIdentifier `VATES-B12345678`, no serialNumber. */
  company: TestCertificate;
  /** A person's certificate that expired a year ago. */
  expired: TestCertificate;
  /** A PKCS#12 file with the person's certificate but no private key. */
  keyless: TestCertificate;
  /** A client certificate from a CA the fake AEAT does not trust. */
  foreign: TestCertificate;
  /** The key pair the client certificates share, to issue more. */
  clientKeys: KeyPair;
}

let pki: TestPki | undefined;

/** The test PKI (made at the first call, then reused). */
export function testPki(): TestPki {
  if (pki) return pki;
  const ca = createTestCa('Mostrador Test CA');
  const stranger = createTestCa('Some Other CA');
  const person = { commonName: 'PÉREZ GARCÍA JOSÉ - 12345678Z', serialNumber: 'IDCES-12345678Z' };
  const keys = rsaKeys();
  const client = { usage: 'client', keys } as const;
  pki = {
    ca,
    server: issueTestCertificate(ca, { subject: { commonName: 'localhost' }, usage: 'server' }),
    person: issueTestCertificate(ca, { subject: person, ...client }),
    company: issueTestCertificate(ca, {
      subject: { organization: 'Reservas Ñandú, S.L.', organizationIdentifier: 'VATES-B12345678' },
      ...client,
    }),
    expired: issueTestCertificate(ca, {
      subject: person,
      ...client,
      notBefore: new Date(Date.now() - 730 * DAY),
      notAfter: new Date(Date.now() - 365 * DAY),
    }),
    keyless: issueTestCertificate(ca, { subject: person, ...client, withoutKey: true }),
    foreign: issueTestCertificate(stranger, { subject: person, ...client }),
    clientKeys: keys,
  };
  return pki;
}
