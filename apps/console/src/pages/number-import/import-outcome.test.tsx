import type { ImportProgress } from '@ws/contract';
import { setLanguage } from '@ws/web-kit/i18n';
import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { App } from 'antd';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../../test/test-root.js';
import { useImportProgress } from './import-calls.js';
import { ImportOutcomeTag, importOutcome, useImportEndNotice } from './import-outcome.js';
import { ImportProgressPanel } from './import-tables.js';

const progressEvent = (importId: string) =>
  ({
    type: 'import.progress',
    data: { import_id: importId, status: 'running', total_rows: 4, processed_rows: 1 },
  }) as const;

const summary = (counts: Partial<ImportProgress>): ImportProgress => ({
  import_id: '9',
  file_name: 'numbers.csv',
  target: 'sandbox',
  status: 'done',
  total_rows: 3,
  processed_rows: 3,
  imported: 0,
  skipped: 0,
  failed: 0,
  error: null,
  username: 'op',
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:00:05.000Z',
  problems: [],
  ...counts,
});

let served: unknown[] = [];
const fetchMock = vi.fn(async () =>
  Response.json({ code: 0, message: 'ok', data: served.length > 1 ? served.shift() : served[0] }),
);

/** The warehousing page's watch of an import: the progress panel and the notice when it ends. */
function Watch({ started }: { started?: string }) {
  const progress = useImportProgress('9');
  useImportEndNotice(progress.data, started);
  return progress.data ? <ImportProgressPanel progress={progress.data} /> : null;
}

describe('how an import ended', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: fetchMock });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a failure when every row failed and "done with errors" when some did', () => {
    expect(importOutcome(summary({ failed: 3 }))).toBe('allFailed');
    expect(importOutcome(summary({ imported: 1, failed: 2 }))).toBe('doneWithErrors');
    expect(importOutcome(summary({ skipped: 1, failed: 2 }))).toBe('doneWithErrors');
    expect(importOutcome(summary({ imported: 2, skipped: 1 }))).toBe('done');
    expect(importOutcome(summary({ status: 'failed', error: 'stopped' }))).toBe('stopped');
    expect(importOutcome(summary({ status: 'running', processed_rows: 1 }))).toBe('running');
  });

  it('shows the outcome with the failed count in both languages', async () => {
    await screen.render(
      <>
        <ImportOutcomeTag summary={summary({ failed: 3 })} testId="all" />
        <ImportOutcomeTag summary={summary({ imported: 1, failed: 2 })} testId="some" />
        <ImportOutcomeTag summary={summary({ imported: 3 })} testId="none" />
      </>,
    );
    const text = (id: string) => screen.host.querySelector(`[data-testid=${id}]`)?.textContent;
    expect([text('all'), text('some'), text('none')]).toEqual(['失败：3 行全部失败', '完成，2 行失败', '已完成']);
    expect(screen.host.querySelector('[data-testid=all]')?.className).toContain('ant-tag-error');
    setLanguage('en');
    await settle(() => expect(text('all')).toBe('Failed: all 3 rows'));
    expect(text('some')).toBe('Done with errors (2 failed)');
    expect(text('none')).toBe('Done');
  });

  it('announces an import that ended with every row failed as a failure, with the counts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    served = [summary({ status: 'running', processed_rows: 1 }), summary({ failed: 3 })];
    await screen.render(
      <App>
        <Watch started="9" />
      </App>,
    );
    await settle(() => expect(screen.host.textContent).toContain('已处理 1 / 3'));
    await act(() => dispatchRealtimeEvent(progressEvent('9')));
    // The notice's entry animation runs on timers.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await settle(() =>
      expect(document.querySelector('[data-testid=import-end-notice]')?.textContent).toContain(
        'numbers.csv: 失败：3 行全部失败',
      ),
    );
    const notice = document.querySelector('[data-testid=import-end-notice]');
    expect(notice?.textContent).toContain('已导入 0，已跳过 0，失败 3');
    expect(notice?.querySelector('.ant-notification-notice-icon-error')).not.toBeNull();
    expect(screen.host.querySelector('[data-testid=import-outcome]')?.textContent).toBe('失败：3 行全部失败');
    expect(screen.host.querySelector('.ant-progress-status-exception')).not.toBeNull();
  });

  it('announces a started import that was already done at the first poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    served = [summary({ imported: 2 })];
    await screen.render(
      <App>
        <Watch started="9" />
      </App>,
    );
    await settle(() => expect(screen.host.querySelector('[data-testid=import-outcome]')?.textContent).toBe('已完成'));
    await act(() => vi.advanceTimersByTimeAsync(100));
    await settle(() =>
      expect(document.querySelector('[data-testid=import-end-notice]')?.textContent).toContain(
        '已导入 2，已跳过 0，失败 0',
      ),
    );
  });

  it('does not announce a finished import opened from the list', async () => {
    served = [summary({ imported: 2 })];
    await screen.render(
      <App>
        <Watch />
      </App>,
    );
    await settle(() => expect(screen.host.querySelector('[data-testid=import-outcome]')?.textContent).toBe('已完成'));
    expect(document.querySelector('[data-testid=import-end-notice]')).toBeNull();
  });
});
