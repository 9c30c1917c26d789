import type { UsageRecord, WalletInfo } from '@ws/contract';
import { App } from 'antd';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onePage, settle, setUpTestRoot } from '../../test/test-root.js';
import { UseTranslatePage } from './billing-pages.js';

// ECharts draws on a canvas, which happy-dom lacks.
vi.mock('../../components/charts/echart.js', () => ({
  EChart: ({ testId }: { testId: string }) => <div data-testid={testId} />,
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
      ? wallet('100001', 3_000_000)
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
