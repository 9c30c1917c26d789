import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeInboxFilters, INITIAL_FILTERS, inboxFiltersStore } from '../session/client-stores.js';
import { inboxConversation } from '../test/inbox-fixtures.js';
import { renderSignedIn } from '../test/render.js';
import { InboxList } from './inbox-list.js';
import { withClosingTime } from './use-inbox.js';

const NOW = Date.parse('2026-11-26T09:00:00Z');

afterEach(() => {
  vi.useRealTimers();
  inboxFiltersStore.set(INITIAL_FILTERS);
});

const typeAndEnter = async (input: HTMLInputElement, value: string) => {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
  });
};

describe('the inbox pane', () => {
  it('shows each conversation with its customer, unread count, number, tags, language, who has it and the window', async () => {
    const onOpen = vi.fn();
    const rows = withClosingTime(
      [
        [
          inboxConversation('1', {
            contact_name: 'Ana',
            unread: 2,
            language: 'es',
            tags: [{ id: '7', name: 'VIP', color: '' }],
            window_remaining_seconds: 2 * 3600 + 5 * 60,
          }),
          inboxConversation('2', { assignee: null, window_open: false, window_remaining_seconds: 0 }),
        ],
      ],
      NOW,
    );
    vi.useFakeTimers({ now: NOW, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const host = await renderSignedIn(
      <InboxList conversations={rows} loading={false} openId="2" onOpen={onOpen} searchRef={null} />,
      { language: 'en' },
    );
    const items = [...host.querySelectorAll<HTMLButtonElement>('[data-testid=inbox-item]')];
    expect(items.map((item) => item.getAttribute('data-key'))).toEqual(['1', '2']);
    const first = items[0]?.textContent ?? '';
    expect(first).toContain('Ana');
    expect(first).toContain('+44700001 · Shop');
    expect(first).toContain('VIP');
    expect(first).toContain('Spanish');
    expect(first).toContain('Window: 2:05:00 left');
    expect(items[0]?.querySelector('[data-testid=inbox-item-assignee]')?.textContent).toBe('Tester');
    expect(items[0]?.querySelector('.ant-badge')?.textContent).toBe('2');
    expect(items[1]?.textContent).toContain('+44700002');
    expect(items[1]?.textContent).toContain('Waiting');
    expect(items[1]?.textContent).toContain('Window closed');
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'true']);

    await act(async () => vi.advanceTimersByTime(3_000));
    expect(items[0]?.textContent).toContain('Window: 2:04:57 left');
    await act(async () => items[0]?.click());
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: '1' }));
  });

  it('counts every row down on one shared clock, not a timer per row', async () => {
    const rows = withClosingTime(
      [Array.from({ length: 20 }, (_, at) => inboxConversation(String(at + 1)))],
      Date.now(),
    );
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    await renderSignedIn(
      <InboxList conversations={rows} loading={false} openId={undefined} onOpen={() => undefined} searchRef={null} />,
      { language: 'en' },
    );
    expect(setInterval.mock.calls.filter(([, delay]) => delay === 1000)).toHaveLength(1);
  });

  it('searches on Enter, trimmed, filters by queue and status, and says when nothing is there, in Chinese', async () => {
    const host = await renderSignedIn(
      <InboxList conversations={[]} loading={false} openId={undefined} onOpen={() => undefined} searchRef={null} />,
      { language: 'zh' },
    );
    expect(host.textContent).toContain('暂无会话');
    expect(host.textContent).toContain('待领取');
    const input = host.querySelector<HTMLInputElement>(
      '[data-testid=inbox-search] input, input[data-testid=inbox-search]',
    );
    if (!input) throw new Error('no search input');
    await typeAndEnter(input, '  ana ');
    expect(inboxFiltersStore.get().search).toBe('ana');

    const mine = [...host.querySelectorAll<HTMLElement>('[data-testid=inbox-queue] .ant-segmented-item')].find(
      (item) => item.textContent === '我的',
    );
    await act(async () => mine?.click());
    expect(inboxFiltersStore.get()).toEqual({ search: 'ana', queue: 'mine', status: 'open' });
    await act(async () => changeInboxFilters({ status: undefined }));
    expect(host.querySelector('[data-testid=inbox-status]')?.textContent).toContain('全部状态');
  });
});
