import type { ConversationSummary } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { inboxSearchStore } from '../session/client-stores.js';
import { renderSignedIn } from '../test/render.js';
import { InboxList } from './inbox-list.js';

const row = (contactId: string, change: Partial<ConversationSummary> = {}): ConversationSummary => ({
  number_id: '5',
  number_phone: '15550101003',
  number_name: 'Shop',
  contact_id: contactId,
  contact_wa_id: `4470000${contactId}`,
  contact_username: null,
  contact_user_id: null,
  contact_name: '',
  last_message_at: '2026-11-26T08:00:00.000000Z',
  last_inbound_at: '2026-11-26T08:00:00.000000Z',
  window_open: true,
  unread: 0,
  preview: `message of ${contactId}`,
  number_deleted: false,
  contact_deleted: false,
  ...change,
});

describe('the inbox pane', () => {
  it("lists each conversation by the customer's name or number, marks the open one and opens on a click", async () => {
    const onOpen = vi.fn();
    const host = await renderSignedIn(
      <InboxList
        conversations={[row('1', { contact_name: 'Ana', unread: 2 }), row('2', { window_open: false })]}
        loading={false}
        openKey="5/2"
        onOpen={onOpen}
        searchRef={null}
      />,
      { language: 'en' },
    );
    const items = [...host.querySelectorAll<HTMLButtonElement>('[data-testid=inbox-item]')];
    expect(items.map((item) => item.getAttribute('data-key'))).toEqual(['5/1', '5/2']);
    expect(items[0]?.textContent).toContain('Ana');
    expect(items[0]?.textContent).toContain('Window open');
    expect(items[1]?.textContent).toContain('+44700002');
    expect(items[1]?.textContent).toContain('24-hour window closed');
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'true']);
    await act(async () => items[0]?.click());
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ contact_id: '1' }));
  });

  it('searches on Enter, trimmed, and says so when nothing is there, in Chinese', async () => {
    inboxSearchStore.set('');
    const host = await renderSignedIn(
      <InboxList conversations={[]} loading={false} openKey={undefined} onOpen={() => undefined} searchRef={null} />,
      { language: 'zh' },
    );
    expect(host.textContent).toContain('暂无会话');
    const input = host.querySelector<HTMLInputElement>(
      '[data-testid=inbox-search] input, input[data-testid=inbox-search]',
    );
    if (!input) throw new Error('no search input');
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(input, '  ana ');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
    });
    expect(inboxSearchStore.get()).toBe('ana');
  });
});
