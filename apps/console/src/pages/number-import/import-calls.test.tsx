import type { ImportProgress } from '@ws/contract';
import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../../test/test-root.js';
import { uploadImport, useImportProgress } from './import-calls.js';
import { ImportProgressPanel } from './import-tables.js';

const progressEvent = (importId: string) =>
  ({
    type: 'import.progress',
    data: { import_id: importId, status: 'running', total_rows: 4, processed_rows: 1 },
  }) as const;

const progress = (status: ImportProgress['status'], processed: number): ImportProgress => ({
  import_id: '7',
  file_name: 'numbers.csv',
  target: 'cloud',
  status,
  total_rows: 4,
  processed_rows: processed,
  imported: processed - (status === 'done' ? 1 : 0),
  skipped: 0,
  failed: status === 'done' ? 1 : 0,
  error: null,
  username: 'op',
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: status === 'done' ? '2026-01-01T00:00:05.000Z' : null,
  problems:
    status === 'done'
      ? [
          {
            row: 5,
            phone: '15550001',
            phone_number_id: '1065',
            outcome: 'failed',
            field: 'token',
            message: 'Meta 拒绝了',
          },
        ]
      : [],
});

let served: unknown[] = [];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
  Response.json({ code: 0, message: 'ok', data: served.length > 1 ? served.shift() : served[0] }),
);

function Harness() {
  const query = useImportProgress('7');
  return query.data ? <ImportProgressPanel progress={query.data} /> : null;
}

describe('the warehousing calls', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: fetchMock });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uploads the target before the file, as multipart with the browser’s boundary', async () => {
    served = [{ import_id: '7', total_rows: 1, valid_rows: 1, error_count: 0, errors: [] }];
    const file = new File(['phone\n'], 'numbers.csv', { type: 'text/csv' });
    expect(await uploadImport(file, 'sandbox')).toMatchObject({ import_id: '7' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/agent/import');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['target', 'file']);
    expect(form.get('target')).toBe('sandbox');
    expect((form.get('file') as File).name).toBe('numbers.csv');
  });

  it('reads the progress again each time the import moves, then shows the summary, without polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    served = [progress('running', 1), progress('running', 3), progress('done', 4)];
    await screen.render(<Harness />);
    await settle(() => expect(screen.host.textContent).toContain('已处理 1 / 4'));
    for (let tick = 0; tick < 2; tick += 1) {
      await act(() => dispatchRealtimeEvent(progressEvent('7')));
    }
    await settle(() => expect(screen.host.textContent).toContain('已处理 4 / 4'));
    const calls = fetchMock.mock.calls.length;
    expect(calls).toBe(3);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ importId: '7' });
    expect(screen.host.querySelector('[data-testid=import-progress]')?.getAttribute('data-status')).toBe('done');
    expect(screen.host.querySelector('[data-testid=import-problems]')?.textContent).toContain('Meta 拒绝了');

    await act(() => vi.advanceTimersByTimeAsync(5000));
    // Another import's progress reads nothing.
    await act(() => dispatchRealtimeEvent(progressEvent('8')));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });
});
