import type { ProfileRun, ProfileSet } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onePage, settle, setUpTestRoot, typeInto } from '../../test/test-root.js';
import ProfilesPage from './profiles-page.js';

const TIME = '2026-11-26T06:00:00.000000Z';
const SET: ProfileSet = {
  id: '4',
  name: 'Shop',
  about: 'Open every day',
  description: '',
  address: '',
  email: '',
  websites: ['https://shop.example'],
  vertical: 'RETAIL',
  picture: '',
  created_at: TIME,
  updated_at: TIME,
};
const RUN: ProfileRun = {
  id: '9',
  set_id: '4',
  set_name: 'Shop',
  status: 'done',
  total: 2,
  applied: 1,
  failed: 1,
  skipped: 0,
  created_at: TIME,
  finished_at: TIME,
};
const RESULTS = [
  {
    number_id: '11',
    phone: '15550001111',
    status: 'applied',
    attempts: 1,
    error_code: null,
    error_message: '',
    not_before: null,
    updated_at: TIME,
  },
  {
    number_id: '12',
    phone: '15550002222',
    status: 'failed',
    attempts: 1,
    error_code: 190,
    error_message: '190: Invalid OAuth access token',
    not_before: null,
    updated_at: TIME,
  },
];
const CURRENT = [
  {
    number_id: '11',
    phone: '15550001111',
    profile: {
      about: 'Open every day',
      description: '',
      address: '',
      email: '',
      websites: ['https://shop.example'],
      vertical: 'RETAIL',
      profile_picture_url: '',
    },
    differences: [],
    error: '',
  },
  {
    number_id: '12',
    phone: '15550002222',
    profile: {
      about: 'Old',
      description: '',
      address: '',
      email: '',
      websites: [],
      vertical: 'OTHER',
      profile_picture_url: '',
    },
    differences: ['about', 'websites', 'vertical'],
    error: '',
  },
];

const fetchMock = vi.fn(async (url: string, _init: RequestInit) => {
  const data =
    url === '/api/profile/list'
      ? onePage([SET])
      : url === '/api/profile/runs'
        ? onePage([RUN])
        : url === '/api/profile/results'
          ? onePage(RESULTS)
          : url === '/api/profile/current'
            ? CURRENT
            : url === '/api/profile/add'
              ? SET
              : url === '/api/profile/retry'
                ? { count: 1 }
                : [];
  return Response.json({ code: 0, message: 'ok', data });
});
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);
const bodyOf = (path: string, index = 0) => JSON.parse(String(callsTo(path)[index]?.[1].body));
const click = (selector: string) => act(async () => document.querySelector<HTMLElement>(selector)?.click());

describe('the business profiles screen', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('lists sets with their category named, and adds one with only the fields filled', async () => {
    await screen.render(<ProfilesPage />);
    await settle(() => expect(screen.host.textContent).toContain('Open every day'));
    expect(screen.host.textContent).toContain('Shopping and retail');
    await click('[data-testid=profile-add]');
    await settle(() => expect(document.querySelector('[data-testid=profile-form-name]')).not.toBeNull());
    await typeInto(document.querySelector('[data-testid=profile-form-name]') as HTMLInputElement, 'Cafe');
    await typeInto(document.querySelector('[data-testid=profile-form-about]') as HTMLInputElement, 'Coffee');
    // The counter shows Meta's limit.
    expect(document.querySelector('[data-testid=profile-form] .ant-input-show-count-suffix')?.textContent).toBe(
      '6 / 139',
    );
    await click('[data-testid=profile-form-save]');
    await settle(() => expect(callsTo('/api/profile/add')).toHaveLength(1));
    expect(bodyOf('/api/profile/add')).toEqual({
      name: 'Cafe',
      about: 'Coffee',
      description: '',
      address: '',
      email: '',
      websites: [],
      vertical: '',
      picture: '',
    });
  }, 20_000);

  it("shows a run's results with Meta's error, retries the failed, and reads back the differences", async () => {
    await screen.render(<ProfilesPage />);
    const tab = await vi.waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-tabs-tab')].find((e) => e.textContent === 'Runs');
      if (!found) throw new Error('no tab yet');
      return found;
    });
    await act(async () => tab.click());
    await settle(() => expect(screen.host.textContent).toContain('1 applied · 1 failed · 0 skipped of 2'));
    await click('[data-testid=profile-run-results]');
    await settle(() =>
      expect(document.querySelector('[data-testid=profile-results]')?.textContent).toContain(
        '190: Invalid OAuth access token',
      ),
    );
    expect(bodyOf('/api/profile/results')).toMatchObject({ runId: '9' });
    await click('[data-testid=profile-retry]');
    await settle(() => expect(callsTo('/api/profile/retry')).toHaveLength(1));
    expect(bodyOf('/api/profile/retry')).toEqual({ runId: '9' });
    await click('[data-testid=profile-read-back]');
    await settle(() =>
      expect(document.querySelector('[data-testid=profile-differences]')?.textContent).toContain('Category'),
    );
    expect(bodyOf('/api/profile/current')).toEqual({ setId: '4', numberIds: ['11', '12'] });
    const results = document.querySelector('[data-testid=profile-results]')?.textContent ?? '';
    expect(results).toContain('Same as the set');
    expect(results).toContain('About');
    expect(results).toContain('Websites');
  }, 20_000);
});
