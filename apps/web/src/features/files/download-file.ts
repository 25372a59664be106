import { api } from '../../api/client';

/**
 * Downloads a stored file (a register's report, an invoice) with the session's token and hands it to
 * the browser as a download named `fileName`.
 */
export async function downloadFile(fileId: number, fileName: string): Promise<void> {
  const blob = await api.blob(`/admin/files/download/${fileId}`);
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
