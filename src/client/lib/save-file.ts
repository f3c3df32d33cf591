/**
 * Saves `url` (an object URL of a downloaded blob) under `fileName` through a temporary link, then
 * frees the blob once the browser has had time to start the download.
 */
export function saveFile(url: string, fileName: string, { revokeAfterMs = 60_000 }: { revokeAfterMs?: number | null } = {}) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  if (revokeAfterMs !== null) window.setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs);
}
