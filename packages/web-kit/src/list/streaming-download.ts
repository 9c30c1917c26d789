/** Reading a file reply as it streams: progress by rows (newlines) and bytes, then one Blob. */

export interface DownloadProgress {
  bytes: number;
  /** Lines received so far; for CSV exports, rows (the header line included). */
  rows: number;
  /** Rows the server expects to send (X-Total-Count), if it said. */
  expectedRows?: number;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

const NEWLINE = 10;

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed escape: try the plain form.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Reads the response body chunk by chunk, reporting progress at most every `intervalMs`, and
 * returns the file. Chunks are kept as they arrive (no copying into one growing buffer).
 */
export async function readDownload(
  response: Response,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
  intervalMs = 200,
): Promise<DownloadedFile> {
  const expectedHeader = Number(response.headers.get('x-total-count'));
  const expectedRows = Number.isFinite(expectedHeader) && expectedHeader > 0 ? expectedHeader : undefined;
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress: DownloadProgress = { bytes: 0, rows: 0, ...(expectedRows ? { expectedRows } : {}) };
  let lastReport = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.bytes += value.byteLength;
      for (let index = value.indexOf(NEWLINE); index !== -1; index = value.indexOf(NEWLINE, index + 1)) {
        progress.rows += 1;
      }
      const now = Date.now();
      if (now - lastReport >= intervalMs) {
        lastReport = now;
        onProgress({ ...progress });
      }
    }
  }
  onProgress({ ...progress });
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks, { type }), fileName, rows: progress.rows };
}

/** Hands a file to the browser's download. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
