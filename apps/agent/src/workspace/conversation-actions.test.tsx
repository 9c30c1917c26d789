import dayjs from 'dayjs';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, inboxConversation } from '../test/inbox-fixtures.js';
import { renderSignedIn, until } from '../test/render.js';
import { offeredActions } from './conversation-actions.js';
import { snoozeTime } from './snooze-button.js';
import { TransferDialog } from './transfer-dialog.js';

const agent = (id: string, nickname: string, online: boolean) => ({
  user: { id, username: nickname.toLowerCase(), nickname },
  role: 'seat',
  numbers: [],
  max_open: 20,
  open_count: 3,
  presence: { state: 'online' as const, online, last_seen_at: null },
});

describe("the conversation's actions", () => {
  it('offers take only while it waits, reopen unless open, and a seat transfers only its own', () => {
    const seat = { id: '7', seat: true };
    const waiting = inboxConversation('1', { assignee: null });
    expect(offeredActions(waiting, seat)).toEqual({
      take: true,
      resolve: true,
      reopen: false,
      snooze: true,
      transfer: false,
    });
    const mine = inboxConversation('1', { assignee: { id: '7', username: 's', nickname: 's' } });
    expect(offeredActions(mine, seat)).toMatchObject({ take: false, transfer: true });
    expect(offeredActions({ ...mine, status: 'resolved' }, seat)).toMatchObject({
      resolve: false,
      reopen: true,
      snooze: false,
    });
    expect(offeredActions({ ...mine, status: 'snoozed' }, seat)).toMatchObject({ reopen: true, snooze: false });
    expect(offeredActions({ ...mine, status: 'pending' }, seat)).toMatchObject({ reopen: true, snooze: true });
    expect(offeredActions(waiting, { id: '2', seat: false }).transfer).toBe(true);
  });

  it('snoozes for an hour or three, until tomorrow 9:00, or next Monday 9:00', () => {
    const wednesday = dayjs('2026-11-25T15:30:00');
    expect(snoozeTime('hour', wednesday).format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 16:30');
    expect(snoozeTime('threeHours', wednesday).format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 18:30');
    expect(snoozeTime('tomorrow', wednesday).format('YYYY-MM-DD HH:mm')).toBe('2026-11-26 09:00');
    expect(snoozeTime('nextWeek', wednesday).format('YYYY-MM-DD HH:mm')).toBe('2026-11-30 09:00');
    expect(snoozeTime('nextWeek', dayjs('2026-11-30T08:00:00')).format('YYYY-MM-DD HH:mm')).toBe('2026-12-07 09:00');
  });

  it('transfers to another agent of the number, shown with presence and load, with a note (inbox/assign)', async () => {
    const conversation = inboxConversation('42', { assignee: { id: '2', username: 'op', nickname: 'op' } });
    const api = fakeApi((path) => {
      if (path === '/api/inbox/transfer-targets') return [agent('2', 'op', true), agent('8', 'Bea', true)];
      if (path === '/api/inbox/assign')
        return { ...conversation, assignee: { id: '8', username: 'bea', nickname: 'Bea' } };
      return null;
    });
    const done: string[] = [];
    await renderSignedIn(
      <MemoryRouter>
        <TransferDialog
          conversation={conversation}
          open
          onClose={() => undefined}
          onDone={(next) => done.push(next.assignee?.nickname ?? '')}
        />
      </MemoryRouter>,
      { language: 'en', fetch: api.fetch },
    );
    await until(() => expect(document.querySelector('[data-testid=transfer-select]')).not.toBeNull());
    expect(api.calls[0]).toEqual({ path: '/api/inbox/transfer-targets', body: { conversationId: '42' } });
    await act(async () => {
      document
        .querySelector('[data-testid=transfer-select] .ant-select-selector, [data-testid=transfer-select]')
        ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await until(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2));
    const options = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
    // The agent who has it is not offered; the queue is.
    expect(options.map((option) => option.textContent?.trim())).toEqual([
      'Bea · Online · 3/20 conversations',
      'Back to the waiting queue',
    ]);
    await act(async () => options[0]?.click());
    const note = document.querySelector<HTMLTextAreaElement>('[data-testid=transfer-note]');
    if (!note) throw new Error('no note field');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(note, 'wants a refund');
      note.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer button')].at(-1);
    await act(async () => ok?.click());
    await until(() => expect(done).toEqual(['Bea']));
    expect(api.calls.at(-1)).toEqual({
      path: '/api/inbox/assign',
      body: { conversationId: '42', assigneeUserId: '8', note: 'wants a refund' },
    });
  });
});
