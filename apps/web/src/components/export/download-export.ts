import { type ExportableList, type ExportBody, exportRowsHeader } from '@mostrador/contract';
import { api } from '../../api/client';
import { countLineBreaks, type ExportProgress, fileNameOf } from './export-request';

export interface DownloadedExport {
  blob: Blob;
  fileName: string;
  rows: number | null;
}

/**
 * Asks the API for a list's export and reads the file as it streams in, telling `onProgress` after each
 * chunk (bytes, line breaks, the rows announced by `x-export-rows`). `signal` cancels it, even midway.
 */
export async function downloadExport(
  list: ExportableList,
  body: ExportBody,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<DownloadedExport> {
  const response = await api.stream(`/admin/exports/${list}`, body, { signal: options.signal });
  const announced = response.headers.get(exportRowsHeader);
  const rows = announced !== null && /^\d+$/.test(announced.trim()) ? Number(announced) : null;
  const progress: ExportProgress = { format: body.format, rows, bytes: 0, lines: 0, done: false };
  options.onProgress?.({ ...progress });

  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      // Cancelled while a chunk was on its way: stop there, whatever the stream does next.
      if (options.signal?.aborted) {
        await reader.cancel().catch(() => undefined);
        throw options.signal.reason;
      }
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      progress.bytes += value.byteLength;
      progress.lines += countLineBreaks(value);
      options.onProgress?.({ ...progress });
    }
  } else {
    const whole = new Uint8Array(await response.arrayBuffer());
    chunks.push(whole);
    progress.bytes = whole.byteLength;
    progress.lines = countLineBreaks(whole);
  }
  options.onProgress?.({ ...progress, done: true });

  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks, { type }),
    fileName: fileNameOf(response.headers.get('content-disposition'), `${list}.${body.format}`),
    rows,
  };
}
