import { randomBytes } from 'node:crypto';
import { resizeSizes, type StoredFile } from '@mostrador/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { FileStorage } from './file-storage.js';
import { createFilesRepository, type FileRow } from './files.repository.js';
import { isImageType, sniffMimeType } from './sniff.js';

/** sharp (libvips, tens of MB) is loaded on the first image, not with the API. */
const loadSharp = async () => (await import('sharp')).default;

const toFile = (row: FileRow): StoredFile => ({
  id: row.id,
  name: row.name,
  mimeType: row.mimeType,
  size: row.size,
});

/** Resized images are WebP: small, and every browser the staff use shows it. */
const resizedType = 'image/webp';

/**
 * Images larger than 40 megapixels (e.g. 8000 × 5000) are refused rather than decoded: a small file
 * can declare huge dimensions (an image bomb) and decoding it would take gigabytes of memory.
 */
export const maxInputPixels = 40_000_000;

const tooLarge = (field: string) =>
  new AppError('imageTooLarge', [
    { field, message: `the image has more than ${maxInputPixels.toLocaleString('en')} pixels` },
  ]);

/** Whether sharp refused the image for its size (its message, the only signal it gives). */
const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Checks the image's declared size before anything decodes it; an image sharp cannot even read the
 * header of is left to the decoding step, which says it is not an image.
 */
async function assertNotTooLarge(data: Buffer, field: string) {
  const meta = await (await loadSharp())(data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (meta?.width && meta.height && meta.width * meta.height > maxInputPixels) throw tooLarge(field);
}

/** Resized images kept in memory, least recently used evicted first, within a byte budget. */
function createResizeCache(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key: string) {
      const hit = entries.get(key);
      if (hit) {
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, data: Buffer) {
      if (data.length > maxBytes || entries.has(key)) return;
      entries.set(key, data);
      bytes += data.length;
      for (const [oldest, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= old.length;
      }
    },
    stats: () => ({ entries: entries.size, bytes, maxBytes }),
  };
}

export function createFilesService(deps: {
  db: Db;
  storage: FileStorage;
  /** The memory resized images may take; 32 MiB by default. */
  resizeCache?: { maxBytes: number };
}) {
  const repo = createFilesRepository(deps.db);
  const cache = createResizeCache(deps.resizeCache?.maxBytes ?? 32 * 1024 * 1024);

  async function find(auth: AuthContext, id: number) {
    const row = await repo.find(auth.licenseId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async upload(
      auth: AuthContext,
      upload: { name: string; data: Buffer; kind: 'image' | 'any' },
    ): Promise<StoredFile> {
      const mimeType = sniffMimeType(upload.data);
      if (upload.kind === 'image') {
        if (isImageType(mimeType)) await assertNotTooLarge(upload.data, 'file');
        // Decoded whole (into a tiny thumbnail): a valid header over broken pixel data is not an image.
        const decodable =
          isImageType(mimeType) &&
          (await (
            await loadSharp()
          )(upload.data, { limitInputPixels: maxInputPixels })
            .resize(8, 8, { fit: 'inside' })
            .toBuffer()
            .then(
              () => true,
              (error) => {
                if (isPixelLimit(error)) throw tooLarge('file');
                return false;
              },
            ));
        if (!decodable)
          throw new AppError('notAnImage', [{ field: 'file', message: 'file is not an image' }]);
      }
      const storageKey = `${auth.licenseId}/${new Date().toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}`;
      await deps.storage.put(storageKey, upload.data);
      const row = await repo.insert({
        licenseId: auth.licenseId,
        name: upload.name.slice(0, 255) || 'file',
        mimeType,
        size: upload.data.length,
        storageKey,
      });
      return toFile(row);
    },

    async download(auth: AuthContext, id: number) {
      const row = await find(auth, id);
      const data = await deps.storage.get(row.storageKey);
      if (!data) throw notFound();
      return { file: toFile(row), data };
    },

    /**
     * The image fitted inside a square of one of `resizeSizes` (never enlarged), kept in a bounded
     * memory cache after the first request; `cached` says whether this answer came from there.
     */
    async resize(auth: AuthContext, id: number, size: { width?: number; height?: number }) {
      const { width, height } = size;
      if (width === undefined || width !== height || !resizeSizes.includes(width)) {
        const message = `width and height must be equal and one of ${resizeSizes.join(', ')}`;
        throw new AppError('validation', [
          { field: 'width', message },
          { field: 'height', message },
        ]);
      }
      const row = await find(auth, id);
      if (!isImageType(row.mimeType))
        throw new AppError('notAnImage', [{ field: 'id', message: 'file is not an image' }]);
      const key = `${row.storageKey}.${width}.webp`;
      const hit = cache.get(key);
      if (hit) return { data: hit, mimeType: resizedType, cached: true };
      const original = await deps.storage.get(row.storageKey);
      if (!original) throw notFound();
      await assertNotTooLarge(original, 'id');
      const data = await (await loadSharp())(original, { limitInputPixels: maxInputPixels })
        .rotate()
        .resize({ width, height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer()
        .catch((error) => {
          if (isPixelLimit(error)) throw tooLarge('id');
          // Stored as an image (e.g. uploaded without `kind=image`) but it cannot be decoded.
          throw new AppError('notAnImage', [{ field: 'id', message: 'file is not an image' }]);
        });
      cache.set(key, data);
      return { data, mimeType: resizedType, cached: false };
    },

    /** How full the resize cache is. */
    resizeCacheStats: () => cache.stats(),
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
