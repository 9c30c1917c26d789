import type { AudienceList } from '@ws/contract';
import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../../test/test-root.js';
import { progressOf, uploadAudience, useAudienceLists } from './audience-calls.js';
import { AudienceStatusCell } from './audience-status.js';

const list = (changes: Partial<AudienceList>): AudienceList =>
  ({
    id: '42',
    name: 'Spring fair',
    file_kind: 'csv',
    file_size: 1000,
    read_bytes: 0,
    status: 'running',
    error: null,
    loaded_rows: 0,
    counts: { rows: 0, valid: 0 },
    ...changes,
  }) as AudienceList;

describe('the progress of a list', () => {
  it('reads a CSV check by bytes, an XLSX check not at all, a load by rows of the valid ones', () => {
    expect(progressOf(list({ read_bytes: 250 }))).toBe(25);
    expect(progressOf(list({ read_bytes: 1000 }))).toBe(99);
    expect(progressOf(list({ file_kind: 'xlsx', read_bytes: 250 }))).toBeUndefined();
    expect(progressOf(list({ status: 'queued' }))).toBe(0);
    expect(
      progressOf(list({ status: 'loading', loaded_rows: 30, counts: { valid: 120 } as AudienceList['counts'] })),
    ).toBe(25);
    expect(progressOf(list({ status: 'ready' }))).toBeUndefined();
  });
});

let served: AudienceList[] = [];
const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
  Response.json({
    code: 0,
    message: 'ok',
    data: { total: 1, size: 20, current: 1, pages: 1, records: [served.length > 1 ? served.shift() : served[0]] },
  }),
);

function Harness() {
  const lists = useAudienceLists({ filters: {} });
  const [shown] = lists.records;
  return shown ? <AudienceStatusCell list={shown} /> : null;
}

describe('the audience list calls', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('uploads the fields and the evidence before the list’s file, without a mapping', async () => {
    fetchMock.mockImplementationOnce(async () => Response.json({ code: 0, message: 'ok', data: list({}) }));
    const file = new File(['phone\n'], 'fair.csv', { type: 'text/csv' });
    const evidenceFile = new File(['%PDF-1.4'], 'sheet.pdf', { type: 'application/pdf' });
    await uploadAudience({ name: 'Fair', consentSource: 'in_store', evidenceText: ' sheet ', evidenceFile, file });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/data/add');
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['name', 'consentSource', 'evidenceText', 'evidence', 'file']);
    expect((form.get('evidence') as File).name).toBe('sheet.pdf');
    expect(form.get('evidenceText')).toBe('sheet');
  });

  it('reads the lists again when a list moves on, and shows its progress', async () => {
    served = [list({ read_bytes: 100 }), list({ read_bytes: 600 }), list({ status: 'ready', read_bytes: 1000 })];
    await screen.render(<Harness />);
    await settle(() => expect(screen.host.textContent).toContain('10%'));
    const progress = { list_id: '42', status: 'running', read_bytes: 600, rows: 6, loaded_rows: 0 } as const;
    await act(() => dispatchRealtimeEvent({ type: 'audience.progress', data: progress }));
    await settle(() => expect(screen.host.textContent).toContain('60%'));
    await act(() => dispatchRealtimeEvent({ type: 'audience.progress', data: { ...progress, status: 'ready' } }));
    await settle(() =>
      expect(screen.host.querySelector('[data-testid=audience-status]')?.getAttribute('data-status')).toBe('ready'),
    );
    expect(screen.host.textContent).toBe('Checked');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
