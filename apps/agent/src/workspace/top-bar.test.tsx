import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { presenceStore } from '../session/client-stores.js';
import { fakeApi } from '../test/inbox-fixtures.js';
import { renderSignedIn, until } from '../test/render.js';
import { TopBar } from './top-bar.js';

const me = {
  user: { id: '2', username: 'op', nickname: 'op' },
  role: 'seat',
  numbers: [{ id: '5', phone: '15550101003', verified_name: 'Shop' }],
  max_open: 20,
  open_count: 4,
  presence: { state: 'online', online: true, last_seen_at: null },
};

describe('the top bar', () => {
  it("beats presence at once and on each change, shows the agent's load, and says away before signing out", async () => {
    presenceStore.set('online');
    const api = fakeApi((path, body) => {
      if (path === '/api/inbox/presence')
        return { state: body.state, online: body.state === 'online', last_seen_at: null };
      if (path === '/api/inbox/me') return me;
      return null;
    });
    const host = await renderSignedIn(<TopBar />, { language: 'zh', fetch: api.fetch });
    await until(() => expect(host.querySelector('[data-testid=agent-load]')?.textContent).toBe('进行中 4/20'));
    const beats = () => api.calls.filter((call) => call.path === '/api/inbox/presence').map((call) => call.body.state);
    expect(beats()).toEqual(['online']);
    await until(() =>
      expect(host.querySelector('[data-testid=presence-dot] .ant-badge-status-success')).not.toBeNull(),
    );

    const away = [...host.querySelectorAll<HTMLElement>('[data-testid=presence-switch] .ant-segmented-item')].find(
      (item) => item.textContent === '离开',
    );
    await act(async () => away?.click());
    await until(() => expect(beats()).toEqual(['online', 'away']));
    await until(() =>
      expect(host.querySelector('[data-testid=presence-dot] .ant-badge-status-warning')).not.toBeNull(),
    );

    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid=sign-out]')?.click());
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm-btns button')].at(-1);
    await act(async () => confirm?.click());
    await until(() => expect(beats()).toEqual(['online', 'away', 'away']));
    presenceStore.set('online');
  });
});
