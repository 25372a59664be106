import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/**
 * A QR code as a small black-and-white PNG for a mail (a booking's or a gift voucher's code): the
 * symbol of `qrcode` at error correction level M, with its quiet zone of 4 modules, each module a
 * square of whole pixels (about 240 px a side), written as a 1-bit greyscale PNG here. `qrcode`'s own
 * PNG renderer (pngjs, RGBA) took ~10 ms a code at 300 px, too much for a booking's confirmation
 * rendered on every booking; this takes a fraction of a millisecond and a few hundred bytes.
 */
export interface QrImage {
  png: Buffer;
  /** Width and height in pixels. */
  size: number;
}

const quietZone = 4;
const targetPixels = 240;

/**
 * A booking's QR is drawn when its mail is sent or shown, not when the booking is made: its attachment
 * row keeps the code's text under this type, and the mails repository (`attachments`) hands it out as
 * the PNG. A booking's creation then does no QR work (it was ~10 % of its CPU under 50 clients), and a
 * mail never sent (no mail server: parked) never draws one.
 */
export const qrCodeMimeType = 'application/vnd.mostrador.qr-code';
/** The side, in CSS pixels, at which a mail shows a QR (its PNG, drawn later, is about this size). */
export const qrDisplaySize = targetPixels;

export function qrImage(text: string): QrImage {
  // One byte-mode segment: the codes are short ASCII, and letting qrcode search the cheapest mix of modes
  // (a shortest path over the text) cost a tenth of a booking's creation.
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
  const count = modules.size + 2 * quietZone;
  const scale = Math.max(4, Math.round(targetPixels / count));
  const size = count * scale;
  const rowBytes = Math.ceil(size / 8);
  const stride = rowBytes + 1;
  // Filter type 0 on every row, then the row's bits: 1 is white, 0 black. The quiet zone stays white.
  const raw = Buffer.alloc(stride * size, 0xff);
  for (let y = 0; y < size; y++) raw[y * stride] = 0;
  // Each row of modules is drawn once, then copied to the `scale` rows of pixels it covers.
  for (let my = 0; my < modules.size; my++) {
    const first = (my + quietZone) * scale * stride;
    for (let mx = 0; mx < modules.size; mx++) {
      if (!modules.get(my, mx)) continue;
      const x0 = (mx + quietZone) * scale;
      for (let x = x0; x < x0 + scale; x++) raw[first + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    for (let k = 1; k < scale; k++) raw.copy(raw, first + k * stride, first, first + stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { png, size };
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
