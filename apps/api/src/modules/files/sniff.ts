/** The type of a file from its first bytes; the name and the client's word are not trusted. */
const signatures: { mimeType: string; test: (b: Buffer) => boolean }[] = [
  {
    mimeType: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mimeType: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mimeType: 'image/gif', test: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    mimeType: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  {
    mimeType: 'image/avif',
    test: (b) =>
      b.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]/.test(b.subarray(8, 12).toString('latin1')),
  },
  { mimeType: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    mimeType: 'application/zip',
    test: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  },
  // A PKCS#12 certificate (Verifactu) is DER: a SEQUENCE with a long-form length.
  { mimeType: 'application/x-pkcs12', test: (b) => b[0] === 0x30 && (b[1] === 0x82 || b[1] === 0x83) },
];

export function sniffMimeType(data: Buffer): string {
  return signatures.find((s) => s.test(data))?.mimeType ?? 'application/octet-stream';
}

export const isImageType = (mimeType: string) => mimeType.startsWith('image/');
