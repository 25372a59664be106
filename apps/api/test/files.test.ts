import { ErrorCode } from '@mostrador/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const first = await get('width=160&height=160');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['x-cache']).toBe('miss');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      width: 160,
      height: 120,
      format: 'webp',
    });
    const second = await get('width=160&height=160');
    expect(second.headers['x-cache']).toBe('hit');
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    const larger = await get('width=2000');
    expect(await sharp(larger.rawPayload).metadata()).toMatchObject({ width: 640, height: 480 });
    expect((await get('width=0')).statusCode).toBe(400);
    expect((await get('height=99999')).statusCode).toBe(400);
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
    const resize = await call(t, 'GET', `/v1/admin/files/resize/${plain.body.data.id}?width=10`, { token });
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
    const resize = await call(t, 'GET', `/v1/admin/files/resize/${plain.body.data.id}?width=10`, { token });
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
      `/v1/admin/files/resize/${body.data.id}?width=4`,
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
