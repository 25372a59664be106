import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ErrorCode, resizeSizes } from '@mostrador/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../src/modules/files/file-storage.js';
import { createFilesService } from '../src/modules/files/files.service.js';
import { sniffMimeType } from '../src/modules/files/sniff.js';
import {
  buildTestApp,
  call,
  createLicense,
  multipartFile,
  pngImage,
  type TestApp,
  uploadFile,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * A real image bomb: a valid PNG of width × height black pixels (1-bit grayscale), a few dozen
 * kilobytes on the wire, that would take width × height pixels of memory to decode.
 */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter method, no interlace
  // Each row: filter byte 0 and width bits of zeros.
  const pixels = deflateSync(Buffer.alloc(height * (1 + Math.ceil(width / 8))), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (token: string, data: Buffer, filename: string, kind?: 'image' | 'any') =>
  uploadFile(t, token, data, filename, kind);
const png = pngImage;
const multipart = multipartFile;

describe('files', () => {
  it('stores an upload, reads its type from the bytes, and gives it back as uploaded', async () => {
    const { token } = await createLicense(t);
    const image = await png(640, 480);
    const res = await upload(token, image, 'logo.txt', 'image');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'logo.txt', mimeType: 'image/png', size: image.length });
    const download = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/files/download/${res.body.data.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('logo.txt');
    expect(Buffer.compare(download.rawPayload, image)).toBe(0);
  });

  it('serves an uploaded SVG or HTML file as a sandboxed attachment that never runs in the app', async () => {
    const { token } = await createLicense(t);
    const files = {
      'evil.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
      'evil.html': '<!doctype html><script>fetch("/v1/admin/users")</script>',
    };
    for (const [name, text] of Object.entries(files)) {
      const { body } = await upload(token, Buffer.from(text), name);
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/admin/files/download/${body.data.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      // Typed by its bytes, not its name: never image/svg+xml nor text/html.
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}"`));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']).split(/;\s*/);
      expect(csp).toEqual(expect.arrayContaining(["default-src 'none'", 'sandbox']));
    }
    const { body } = await upload(token, await png(8, 8), 'a.png', 'image');
    const resized = await call(t, 'GET', `/v1/admin/files/resize/${body.data.id}?width=32&height=32`, {
      token,
    });
    expect(resized.headers['content-security-policy']).toContain('sandbox');
  });

  it('resizes within the box without enlarging, and serves the second request from the cache', async () => {
    const { token } = await createLicense(t);
    const { body } = await upload(token, await png(640, 480), 'photo.png', 'image');
    const get = (q: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/admin/files/resize/${body.data.id}?${q}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const first = await get('width=240&height=240');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['x-cache']).toBe('miss');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      width: 240,
      height: 180,
      format: 'webp',
    });
    const second = await get('width=240&height=240');
    expect(second.headers['x-cache']).toBe('hit');
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    // A small image is never enlarged.
    const small = (await upload(token, await png(20, 10), 'small.png', 'image')).body.data.id;
    const larger = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/files/resize/${small}?width=360&height=360`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await sharp(larger.rawPayload).metadata()).toMatchObject({ width: 20, height: 10 });
    expect((await get('width=0&height=0')).statusCode).toBe(400);
    expect((await get('height=99999&width=99999')).statusCode).toBe(400);
  });

  it('resizes only to the sizes the app shows: any other box is refused with 400 naming width and height', async () => {
    const { token } = await createLicense(t);
    const { body } = await upload(token, await png(64, 64), 'photo.png', 'image');
    const get = (q: string) => call(t, 'GET', `/v1/admin/files/resize/${body.data.id}?${q}`, { token });
    // The app's thumbnails (32, 40 and 120 pixels) at device pixel ratios 1 to 3.
    for (const size of [32, 64, 96, 40, 80, 120, 240, 360]) {
      expect(resizeSizes).toContain(size);
      expect((await get(`width=${size}&height=${size}`)).status, `${size}`).toBe(200);
    }
    for (const q of [
      'width=33&height=33',
      'width=1000&height=1000',
      'width=32&height=40',
      'width=32',
      'height=120',
      '',
    ]) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe(ErrorCode.validation);
      expect(
        res.body.error.details.map((d: { field: string }) => d.field),
        q,
      ).toEqual(['width', 'height']);
    }
  });

  it('refuses an image bomb with 400 imageTooLarge, on upload and on resize, without decoding it', async () => {
    const { token } = await createLicense(t);
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    });
    const asImage = await upload(token, bomb, 'bomb.png', 'image');
    expect(asImage.status).toBe(400);
    expect(asImage.body.error.code).toBe(ErrorCode.imageTooLarge);
    expect(asImage.body.error.details).toEqual([{ field: 'file', message: expect.stringMatching(/pixels/) }]);
    // Stored as a plain file, it is typed as PNG; resizing it is refused the same way.
    const plain = await upload(token, bomb, 'bomb.png');
    expect(plain.status).toBe(201);
    const resize = await call(t, 'GET', `/v1/admin/files/resize/${plain.body.data.id}?width=32&height=32`, {
      token,
    });
    expect(resize.status).toBe(400);
    expect(resize.body.error.code).toBe(ErrorCode.imageTooLarge);
    // Just under the limit is fine.
    const fine = await upload(token, pngBomb(6000, 6000), 'big.png', 'image');
    expect(fine.status).toBe(201);
  });

  it('keeps the resize cache within its byte limit, evicting the least recently used first', async () => {
    const { token } = await createLicense(t);
    const auth = (await t.services.authentication.authenticate(token))!;
    const storage = createDiskStorage(mkdtempSync(path.join(os.tmpdir(), 'mostrador-cache-')));
    const measure = createFilesService({ db: t.database.db, storage });
    const ids: number[] = [];
    const sizes: number[] = [];
    for (const [i, background] of ['#f00', '#0f0', '#00f'].entries()) {
      const image = await sharp({ create: { width: 300, height: 300 + i, channels: 3, background } })
        .png()
        .toBuffer();
      const stored = await measure.upload(auth, { name: `${i}.png`, data: image, kind: 'image' });
      ids.push(stored.id);
      sizes.push((await measure.resize(auth, stored.id, { width: 240, height: 240 })).data.length);
    }
    const [s0, s1, s2] = sizes as [number, number, number];
    // Room for the first image and one other, never for all three.
    const maxBytes = s0 + Math.max(s1, s2);
    const service = createFilesService({ db: t.database.db, storage, resizeCache: { maxBytes } });
    const resize = async (i: number) =>
      (await service.resize(auth, ids[i]!, { width: 240, height: 240 })).cached ? 'hit' : 'miss';
    expect(await resize(0)).toBe('miss');
    expect(await resize(1)).toBe('miss');
    expect(await resize(0)).toBe('hit');
    expect(await resize(2)).toBe('miss'); // evicts 1, the least recently used
    expect(service.resizeCacheStats()).toEqual({ entries: 2, bytes: s0 + s2, maxBytes });
    expect(await resize(0)).toBe('hit');
    expect(await resize(2)).toBe('hit');
    expect(await resize(1)).toBe('miss'); // evicts 0 this time
    expect(await resize(0)).toBe('miss');
    expect(service.resizeCacheStats().bytes).toBeLessThanOrEqual(maxBytes);
    // An answer larger than the whole cache is served but not kept.
    const tiny = createFilesService({ db: t.database.db, storage, resizeCache: { maxBytes: 10 } });
    expect((await tiny.resize(auth, ids[0]!, { width: 240, height: 240 })).cached).toBe(false);
    expect((await tiny.resize(auth, ids[0]!, { width: 240, height: 240 })).cached).toBe(false);
    expect(tiny.resizeCacheStats()).toEqual({ entries: 0, bytes: 0, maxBytes: 10 });
  });

  it('answers 400 malformedUpload to a broken multipart body, never 500', async () => {
    const { token } = await createLicense(t);
    const good = multipart(Buffer.from('hello world'), 'a.txt');
    const boundary = /boundary=(.+)$/.exec(good.headers['content-type'])![1]!;
    const send = (payload: Buffer | string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/admin/files',
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      });
    const cases: [string, Buffer | string, string][] = [
      ['truncated', good.payload.subarray(0, good.payload.length - 30), good.headers['content-type']],
      ['cut in the part headers', good.payload.subarray(0, 40), good.headers['content-type']],
      ['another boundary', good.payload, 'multipart/form-data; boundary=somethingElse'],
      ['no boundary', good.payload, 'multipart/form-data'],
      ['garbage', 'this is not multipart at all', good.headers['content-type']],
      [
        'no closing boundary',
        Buffer.concat([
          good.payload.subarray(0, good.payload.indexOf(`\r\n--${boundary}--`)),
          Buffer.from('\r\n'),
        ]),
        good.headers['content-type'],
      ],
    ];
    for (const [what, payload, contentType] of cases) {
      const res = await send(payload, contentType);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().error.code, what).toBe(ErrorCode.malformedUpload);
    }
    // The well-formed one still goes through.
    expect((await send(good.payload, good.headers['content-type'])).statusCode).toBe(201);
  });

  it('refuses a non-image where an image is expected: "file is not an image"', async () => {
    const { token } = await createLicense(t);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const res = await upload(token, pdf, 'picture.png', 'image');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ErrorCode.notAnImage);
    expect(res.body.error.details).toEqual([{ field: 'file', message: 'file is not an image' }]);
    // A PNG header with garbage after it is not an image either.
    const broken = Buffer.concat([(await png(4, 4)).subarray(0, 16), Buffer.alloc(64, 7)]);
    expect((await upload(token, broken, 'broken.png', 'image')).status).toBe(400);
    // As a plain file it is accepted, typed by its bytes.
    const plain = await upload(token, pdf, 'picture.png');
    expect(plain.status).toBe(201);
    expect(plain.body.data.mimeType).toBe('application/pdf');
    const resize = await call(t, 'GET', `/v1/admin/files/resize/${plain.body.data.id}?width=32&height=32`, {
      token,
    });
    expect(resize.status).toBe(400);
  });

  it('refuses a PNG whose header is sound but whose pixel data is corrupt, and never answers 500 on it', async () => {
    const { token } = await createLicense(t);
    // A 3 × 2 PNG header, with an image data chunk that does not inflate to its pixels.
    const corrupt = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEklEQVR4nGP4z8DAwMDwn4EBAB3+Av7JcmWrAAAAAElFTkSuQmCC',
      'base64',
    );
    const res = await upload(token, corrupt, 'photo.png', 'image');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(ErrorCode.notAnImage);
    // Uploaded as a plain file it is typed as PNG by its header; resizing it says it is not an image.
    const plain = await upload(token, corrupt, 'photo.png');
    expect(plain.body.data.mimeType).toBe('image/png');
    const resize = await call(t, 'GET', `/v1/admin/files/resize/${plain.body.data.id}?width=32&height=32`, {
      token,
    });
    expect(resize.status).toBe(400);
    expect(resize.body.error.code).toBe(ErrorCode.notAnImage);
  });

  it('refuses an upload over 10 MiB (413), an empty one and one without the file field (400)', async () => {
    const { token } = await createLicense(t);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const res = await upload(token, big, 'big.bin');
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(ErrorCode.payloadTooLarge);
    expect((await upload(token, Buffer.alloc(0), 'empty.bin')).status).toBe(400);
    const wrongField = multipart(Buffer.from('hello'), 'x.txt', 'other');
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/files',
      payload: wrongField.payload,
      headers: { ...wrongField.headers, authorization: `Bearer ${token}` },
    });
    expect(res2.statusCode).toBe(400);
    expect((await call(t, 'POST', '/v1/admin/files', { token, payload: { file: 'x' } })).status).toBe(400);
  });

  it('answers 404 for another license’s file and 401 without a session', async () => {
    const a = await createLicense(t);
    const b = await createLicense(t);
    const { body } = await upload(a.token, await png(8, 8), 'a.png', 'image');
    for (const url of [
      `/v1/admin/files/download/${body.data.id}`,
      `/v1/admin/files/resize/${body.data.id}?width=32&height=32`,
    ]) {
      const res = await call(t, 'GET', url, { token: b.token });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(ErrorCode.notFound);
      expect((await call(t, 'GET', url)).status).toBe(401);
    }
  });
});

describe('sniffMimeType', () => {
  it('knows the common types by their first bytes and nothing by the name', async () => {
    expect(sniffMimeType(await png(2, 2))).toBe('image/png');
    expect(
      sniffMimeType(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('image/jpeg');
    expect(
      sniffMimeType(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      ),
    ).toBe('image/webp');
    expect(sniffMimeType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffMimeType(Buffer.from('%PDF-1.4'))).toBe('application/pdf');
    expect(sniffMimeType(Buffer.from('just text'))).toBe('application/octet-stream');
  });
});
