import type { UsageRecord, WalletInfo } from '@ws/contract';
import { saveTokens } from '@ws/web-kit/session';
import { TEST_USER } from '@ws/web-kit/testing';
import { App } from 'antd';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onePage, settle, setUpTestRoot } from '../../test/test-root.js';
import { UseRatePage, UseTranslatePage } from './billing-pages.js';

// ECharts draws on a canvas, which happy-dom lacks.
vi.mock('../../components/charts/echart.js', () => ({
  EChart: ({ testId }: { testId: string }) => <div data-testid={testId} />,
}));
// The customer picker (an antd select searching auth/list) as a button choosing customer 100002.
vi.mock('./customer-filter.js', async (original) => ({
  ...(await original<typeof import('./customer-filter.js')>()),
  CustomerFilter: ({ onChange, 'data-testid': testId }: { onChange(id?: string): void; 'data-testid'?: string }) => (
    <button type="button" data-testid={testId} onClick={() => onChange('100002')} />
  ),
}));

const wallet = (tenantId: string, balance: number): WalletInfo => ({
  tenant_id: tenantId,
  plan: 'standard',
  expires_at: null,
  contact_limit: null,
  mass_allowed: true,
  prepaid: false,
  balance,
  held: 0,
  available: balance,
  low_balance_threshold: 0,
  low_balance: false,
  translation_chars: 1200,
  invites: 95,
  number_slots: 0,
  seat_slots: 0,
});
const inviteUsage: UsageRecord = {
  tenant_id: '100001',
  day: '2026-11-26',
  kind: 'invite_usage',
  category: '',
  country: '',
  number_id: null,
  transactions: 2,
  quantity: 5,
  amount: -5,
};

const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = url.split('?')[0];
  const data =
    path === '/api/vip/info'
      ? url.includes('tenantId=100002')
        ? wallet('100002', 7_500_000)
        : wallet(TEST_USER.tenant_id, 3_000_000)
      : path === '/api/consume/summary'
        ? { days: [], by_category: [], by_country: [], by_number: [] }
        : path === '/api/consume/pulluse'
          ? onePage([inviteUsage])
          : onePage([]);
  return Response.json({ code: 0, message: 'ok', data });
});
const bodiesTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url.split('?')[0] === path)
    .map(([, init]) => JSON.parse(String(init?.body ?? '{}')));
const walletCalls = () => fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/vip/info'));
const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
const click = (testId: string) =>
  act(async () => document.querySelector<HTMLElement>(`[data-testid=${testId}]`)?.click());

describe('the usage screen of the quotas (/bill/useTranslate)', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('shows the group invites used per day on its own tab, with their charts and export', async () => {
    await screen.render(
      <App>
        <UseTranslatePage />
      </App>,
    );
    await settle(() => expect(bodiesTo('/api/consume/transuse')).toHaveLength(1));
    expect(screen.host.textContent).toContain('Translation characters');
    await click('usage-of-invites');
    await settle(() => expect(bodiesTo('/api/consume/pulluse')).toHaveLength(1));
    await settle(() =>
      expect(screen.host.querySelector('[data-testid="consume.pulluse-table"]')?.textContent).toContain('2026'),
    );
    const table = screen.host.querySelector('[data-testid="consume.pulluse-table"]')?.textContent ?? '';
    expect(table).toContain('Group-invite usage');
    expect(bodiesTo('/api/consume/summary').at(-1)).toMatchObject({ unit: 'invites' });
    await click('pulluse-csv');
    await settle(() => expect(bodiesTo('/api/consume/down')).toHaveLength(1));
    expect(bodiesTo('/api/consume/down')[0]).toMatchObject({ view: 'pulluse', format: 'csv' });
  }, 20_000);
});

describe('the wallet cards', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('show the wallet of the customer the platform admin filters by', async () => {
    saveTokens({
      access_token: 'tok',
      refresh_token: 'ref',
      token_type: 'bearer',
      expires_in: 7200,
      user_info: { ...TEST_USER, role: 'admin', tenant_id: '000000' },
    });
    await screen.render(
      <App>
        <UseRatePage />
      </App>,
    );
    await settle(() => expect(text('wallet-balance')).toContain('3.00'));
    expect(walletCalls()).toEqual(['/api/vip/info']);
    await click('flowuse-customer');
    await settle(() => expect(text('wallet-balance')).toContain('7.50'));
    expect(walletCalls().at(-1)).toBe('/api/vip/info?tenantId=100002');
    expect(text('wallet-cards')).toContain('Wallet of customer 100002');
    expect(document.querySelector('[data-testid=wallet-cards]')?.getAttribute('data-tenant')).toBe('100002');
    // The list and the charts follow the same customer.
    await settle(() =>
      expect(bodiesTo('/api/consume/flowuse').at(-1)).toMatchObject({ filters: { tenantId: '100002' } }),
    );
    expect(bodiesTo('/api/consume/summary').at(-1)).toMatchObject({ filters: { tenantId: '100002' } });
  }, 20_000);

  it('show an operator its own wallet, without a customer picker', async () => {
    await screen.render(
      <App>
        <UseRatePage />
      </App>,
    );
    await settle(() => expect(text('wallet-balance')).toContain('3.00'));
    expect(document.querySelector('[data-testid=flowuse-customer]')).toBeNull();
    expect(walletCalls()).toEqual(['/api/vip/info']);
  }, 20_000);
});
