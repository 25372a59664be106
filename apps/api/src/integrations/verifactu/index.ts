/**
 * Mostrador's VERI*FACTU library, independent of the database: hashes and formats (`huella`,
 * `format`), typed records and AEAT's rules (`records`, `rules`), the SOAP request (`xml`), the QR
 * code (`qr`), the company's certificate (`certificate`) and the client of AEAT's service (`client`).
 */
export * from './certificate.js';
export * from './client.js';
export * from './errors.js';
export * from './format.js';
export {
  type AltaHuellaFields,
  type AnulacionHuellaFields,
  altaHuella,
  altaHuellaInput,
  anulacionHuella,
  anulacionHuellaInput,
  sha256Upper,
} from './huella.js';
export * from './namespaces.js';
export * from './qr.js';
export * from './records.js';
export { checkAltaRules, checkAnulacionRules } from './rules.js';
export * from './xml.js';
