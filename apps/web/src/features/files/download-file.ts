import { api, type QueryValue } from '../../api/client';

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser; release it after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Downloads what an API call answers (an invoice's PDF, a report's CSV) with the session's token, as a
 * download named `fileName`. `timeoutMs` for answers the server takes longer to make.
 */
export async function downloadFromApi(
  path: string,
  fileName: string,
  options: { query?: Record<string, QueryValue>; timeoutMs?: number } = {},
): Promise<void> {
  saveBlob(await api.blob(path, options), fileName);
}

/**
 * Downloads a stored file (a register's report, an invoice) with the session's token and hands it to
 * the browser as a download named `fileName`.
 */
export async function downloadFile(fileId: number, fileName: string): Promise<void> {
  await downloadFromApi(`/admin/files/download/${fileId}`, fileName);
}
