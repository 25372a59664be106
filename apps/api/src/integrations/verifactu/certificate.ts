import { createSecureContext } from 'node:tls';
import forge from 'node-forge';

/**
 * Reads the PKCS#12 (.p12/.pfx) certificate a company uploads to sign its VERI*FACTU submissions: who
 * holds it, which tax id it carries, its validity, and its certificate and key as PEM. An expired
 * certificate is read like any other; whether to use it is the caller's decision.
 */

/** Why a file cannot be used as the company's certificate. */
export type CertificateErrorReason = 'wrong_password' | 'not_pkcs12' | 'no_key';

/** A PKCS#12 file that cannot be read: `reason` says why. */
export class CertificateError extends Error {
  override readonly name = 'CertificateError';
  readonly reason: CertificateErrorReason;

  constructor(reason: CertificateErrorReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** What a certificate says of itself, with its certificate and private key as PEM. */
export interface CertificateDetails {
  /** The subject's common name, or its organisation when it has none. */
  holder: string;
  /** The Spanish tax id it carries (the organisation's before the person's), or null. */
  taxId: string | null;
  /** The issuing authority's common name, or its organisation. */
  issuer: string;
  /** Hexadecimal, lowercase, as the certificate holds it. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  certificatePem: string;
  privateKeyPem: string;
}

const OID_SERIAL_NUMBER = '2.5.4.5';
const OID_ORGANIZATION_IDENTIFIER = '2.5.4.97';
const OID_COMMON_NAME = '2.5.4.3';
const OID_ORGANIZATION = '2.5.4.10';

/** An attribute's text: UTF8String and BMPString decoded, the 8-bit string types as they are. */
function attributeText(attr: forge.pki.CertificateField): string {
  const raw = String(attr.value ?? '');
  // node-forge's types call the ASN.1 tag a class; it is the universal type number.
  const tag = (attr as { valueTagClass?: number }).valueTagClass;
  if (tag === forge.asn1.Type.UTF8) return forge.util.decodeUtf8(raw);
  if (tag === forge.asn1.Type.BMPSTRING) return Buffer.from(raw, 'binary').swap16().toString('utf16le');
  return raw;
}

function field(name: forge.pki.Certificate['subject'], oid: string): string | null {
  const attr = name.attributes.find((a) => a.type === oid);
  return attr ? attributeText(attr).trim() : null;
}

/**
 * The Spanish tax id in an ETSI EN 319 412-1 identifier (`IDCES-12345678Z`, `VATES-B12345678`,
 * `TINES-…`), or in a bare serialNumber of old certificates (`12345678Z`); null for another country's.
 */
export function spanishTaxId(value: string | null): string | null {
  if (!value) return null;
  const m = /^(?:(?:IDC|VAT|TIN|PAS|NTR)([A-Z]{2})-)?([0-9A-Z]{9})$/i.exec(value.trim());
  if (!m || (m[1] && m[1].toUpperCase() !== 'ES')) return null;
  return m[2]!.toUpperCase();
}

function nameOf(name: forge.pki.Certificate['subject']): string {
  return field(name, OID_COMMON_NAME) || field(name, OID_ORGANIZATION) || '';
}

/** True when the node's TLS stack says the password is wrong ("mac verify failure"). */
function tlsSaysWrongPassword(p12: Buffer, password: string): boolean {
  try {
    createSecureContext({ pfx: p12, passphrase: password });
    return false;
  } catch (error) {
    return /mac verify|bad decrypt|password/i.test(String((error as Error).message));
  }
}

function openPkcs12(p12: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw new CertificateError('not_pkcs12', 'The file is not a PKCS#12 certificate (.p12 or .pfx)');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = String((error as Error).message);
    if (/Invalid password/i.test(message) || tlsSaysWrongPassword(p12, password)) {
      throw new CertificateError('wrong_password', 'The certificate’s password is not correct');
    }
    throw new CertificateError('not_pkcs12', `The PKCS#12 file cannot be read: ${message}`);
  }
}

function bagsOf(pfx: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] {
  return pfx.getBags({ bagType })[bagType] ?? [];
}

/** The private key of the file and the certificate whose public key matches it. */
function keyAndCertificate(pfx: forge.pkcs12.Pkcs12Pfx) {
  const oids = forge.pki.oids;
  const keys = [...bagsOf(pfx, oids.pkcs8ShroudedKeyBag!), ...bagsOf(pfx, oids.keyBag!)]
    .map((bag) => bag.key as forge.pki.rsa.PrivateKey | undefined)
    .filter((key): key is forge.pki.rsa.PrivateKey => Boolean(key));
  const certificates = bagsOf(pfx, oids.certBag!)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  if (!certificates.length) throw new CertificateError('not_pkcs12', 'The file holds no certificate');
  for (const key of keys) {
    const cert = certificates.find((c) => {
      const pub = c.publicKey as forge.pki.rsa.PublicKey;
      return pub.n?.equals(key.n) && pub.e?.equals(key.e);
    });
    if (cert) return { key, cert };
  }
  throw new CertificateError('no_key', 'The file holds no private key for its certificate');
}

/** Reads a PKCS#12 file with its password; throws `CertificateError` when it cannot. */
export function readCertificate(p12: Buffer, password: string): CertificateDetails {
  const { key, cert } = keyAndCertificate(openPkcs12(p12, password));
  const organizationId = spanishTaxId(field(cert.subject, OID_ORGANIZATION_IDENTIFIER));
  return {
    holder: nameOf(cert.subject),
    taxId: organizationId ?? spanishTaxId(field(cert.subject, OID_SERIAL_NUMBER)),
    issuer: nameOf(cert.issuer),
    serialNumber: cert.serialNumber.toLowerCase(),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    certificatePem: forge.pki.certificateToPem(cert),
    privateKeyPem: forge.pki.privateKeyToPem(key),
  };
}
