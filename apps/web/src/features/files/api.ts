import { maxPixelRatio, maxUploadBytes, type StoredFile, type ThumbnailBox } from '@mostrador/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export { maxUploadBytes };

/** Uploads one image; the server reads its type from the bytes and refuses one that is not an image. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<StoredFile>('/admin/files', form, { query: { kind: 'image' } });
    },
  });
}

/** One of the boxes the API resizes to (`thumbnailBoxes`): a new thumbnail size is added there. */
export interface ImageSize {
  width: ThumbnailBox;
  height: ThumbnailBox;
}

/**
 * An object URL of the image fitted in `size` (never cropped nor enlarged), or undefined while it loads.
 * Images need the bearer token, so they are fetched as blobs; the URL is released when no longer shown.
 */
export function useImageUrl(fileId: number | null | undefined, size: ImageSize) {
  // Device pixels: a 48-pixel thumbnail on a 2× screen asks for 96.
  const ratio = Math.min(Math.ceil(globalThis.devicePixelRatio || 1), maxPixelRatio);
  const width = size.width * ratio;
  const height = size.height * ratio;
  const query = useQuery({
    queryKey: queryKeys.files.resized(fileId ?? 0, width, height),
    queryFn: ({ signal }) => api.blob(`/admin/files/resize/${fileId}`, { query: { width, height }, signal }),
    enabled: !!fileId,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!query.data) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return { url, isLoading: query.isLoading, isError: query.isError };
}
