/**
 * Files' limits and image sizes, without zod: a list showing thumbnails reads them without the schemas
 * (files.ts re-exports them).
 */

/** Uploads of at most 10 MiB. */
export const maxUploadBytes = 10 * 1024 * 1024;

/**
 * The square boxes the web app shows images in: `FileImage` at 32 px in the orders and bookings lists, 40 px
 * in the products list, 120 px in `ImageUpload`. The API resizes only to these, at device pixel ratios 1 to
 * `maxPixelRatio` (`resizeSizes`): anything else would let a caller fill the cache with sizes nobody shows.
 */
export const thumbnailBoxes = [32, 40, 120] as const;
export type ThumbnailBox = (typeof thumbnailBoxes)[number];
export const maxPixelRatio = 3;
export const resizeSizes: readonly number[] = [
  ...new Set(thumbnailBoxes.flatMap((box) => Array.from({ length: maxPixelRatio }, (_, i) => box * (i + 1)))),
].sort((a, b) => a - b);
