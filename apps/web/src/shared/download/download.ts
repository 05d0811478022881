/** Follows a download link (the server names attachments itself when `fileName` is empty). */
export function downloadUrl(url: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches a download link and saves what it answers; rejects when the server refuses (a link followed
 * directly would leave the browser on an error page with nothing to tell the user).
 */
export async function downloadChecked(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  downloadBlob(await response.blob(), fileName);
}

/** The file name of a `Content-Disposition: attachment` answer (RFC 6266 `filename*` first). */
export function attachmentName(header: string | null): string {
  if (!header) return '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? '';
}

/**
 * Fetches a download link and saves it under the name the server gives it; a refusal rejects with the
 * server's pt-BR message (or none, when the answer carries no message).
 */
export async function downloadAttachment(url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : '');
  }
  downloadBlob(await response.blob(), attachmentName(response.headers.get('content-disposition')));
}
