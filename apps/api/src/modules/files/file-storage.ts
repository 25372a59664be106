import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live. Local disk under DATA_DIR by default; an S3-compatible store implements the
 * same four calls without touching callers.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when there is nothing under the key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[a-z0-9/_.-]+$/i.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = pathOf(key);
      // Write then rename, so a reader never sees half a file; the folder made only when missing.
      const partial = `${file}.${process.pid}.partial`;
      try {
        await writeFile(partial, data);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(partial, data);
      }
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
