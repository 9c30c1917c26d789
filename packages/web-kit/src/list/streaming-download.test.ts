import { describe, expect, it } from 'vitest';
import { type DownloadProgress, fileNameOf, readDownload } from './streaming-download.js';

function streamed(parts: string[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8', ...headers } });
}

describe('fileNameOf', () => {
  it('prefers the UTF-8 file name, then the plain one, then the fallback', () => {
    expect(fileNameOf(`attachment; filename="contacts.csv"; filename*=UTF-8''%E7%B2%89%E4%B8%9D.csv`, 'x')).toBe(
      '粉丝.csv',
    );
    expect(fileNameOf('attachment; filename="contacts.csv"', 'x')).toBe('contacts.csv');
    expect(fileNameOf('attachment; filename=plain.csv', 'x')).toBe('plain.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
  });
});

describe('readDownload', () => {
  it('counts rows across chunk boundaries and keeps every byte', async () => {
    const seen: DownloadProgress[] = [];
    const response = streamed(['wa_id,name\n1555', '0001,Ana\n15550002,', 'Bruno\n'], {
      'x-total-count': '2',
      'content-disposition': 'attachment; filename="contacts.csv"',
    });
    const file = await readDownload(response, 'export.csv', (progress) => seen.push(progress), 0);
    expect(file.fileName).toBe('contacts.csv');
    expect(file.rows).toBe(3);
    expect(await file.blob.text()).toBe('wa_id,name\n15550001,Ana\n15550002,Bruno\n');
    expect(seen.at(-1)).toEqual({ bytes: 39, rows: 3, expectedRows: 2 });
    // Progress only grows.
    const rows = seen.map((progress) => progress.rows);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
  });

  it('reports no expected count when the server gave none or nonsense', async () => {
    const seen: DownloadProgress[] = [];
    await readDownload(streamed(['a\n'], { 'x-total-count': 'many' }), 'f.csv', (p) => seen.push(p), 0);
    expect(seen.at(-1)?.expectedRows).toBeUndefined();
  });
});
