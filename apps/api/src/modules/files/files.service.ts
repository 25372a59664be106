import { randomBytes } from 'node:crypto';
import type { StoredFile } from '@mostrador/contract';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../plugins/auth.js';
import type { FileStorage } from './file-storage.js';
import { createFilesRepository, type FileRow } from './files.repository.js';
import { isImageType, sniffMimeType } from './sniff.js';

const toFile = (row: FileRow): StoredFile => ({
  id: row.id,
  name: row.name,
  mimeType: row.mimeType,
  size: row.size,
});

/** Resized images are WebP: small, and every browser the staff use shows it. */
const resizedType = 'image/webp';

export function createFilesService(deps: { db: Db; storage: FileStorage }) {
  const repo = createFilesRepository(deps.db);

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
        // Decoded whole (into a tiny thumbnail): a valid header over broken pixel data is not an image.
        const decodable =
          isImageType(mimeType) &&
          (await sharp(upload.data)
            .resize(8, 8, { fit: 'inside' })
            .toBuffer()
            .then(
              () => true,
              () => false,
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
     * The image fitted inside width × height (never enlarged), cached in the storage after the first
     * request; `cached` says whether this answer came from there.
     */
    async resize(auth: AuthContext, id: number, size: { width?: number; height?: number }) {
      const row = await find(auth, id);
      if (!isImageType(row.mimeType))
        throw new AppError('notAnImage', [{ field: 'id', message: 'file is not an image' }]);
      const key = `${row.storageKey}.${size.width ?? 0}x${size.height ?? 0}.webp`;
      const hit = await deps.storage.get(key);
      if (hit) return { data: hit, mimeType: resizedType, cached: true };
      const original = await deps.storage.get(row.storageKey);
      if (!original) throw notFound();
      const data = await sharp(original)
        .rotate()
        .resize({ width: size.width, height: size.height, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer()
        .catch(() => {
          // Stored as an image (e.g. uploaded without `kind=image`) but it cannot be decoded.
          throw new AppError('notAnImage', [{ field: 'id', message: 'file is not an image' }]);
        });
      await deps.storage.put(key, data);
      return { data, mimeType: resizedType, cached: false };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
