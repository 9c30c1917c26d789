import type { HomeSummary } from '@ws/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../../test/test-root.js';
import WelcomePage from './welcome-page.js';

// ECharts draws on a canvas, which happy-dom lacks.
vi.mock('../../components/charts/echart.js', () => ({
  EChart: ({ testId }: { testId: string }) => <div data-testid={testId} />,
}));

const day = (offset: number, values: Partial<HomeSummary['message_days'][number]> = {}) => ({
  day: new Date(Date.UTC(2026, 10, 26 + offset)).toISOString().slice(0, 10),
  sent: 0,
  received: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  ...values,
});

const summary: HomeSummary = {
  numbers_by_status: [
    { status: 'CONNECTED', numbers: 1200 },
    { status: 'FLAGGED', numbers: 3 },
  ],
  numbers_by_quality: [{ quality: 'GREEN', numbers: 1203 }],
  numbers_by_tier: [
    { tier: 'TIER_1K', numbers: 1000 },
    { tier: null, numbers: 203 },
  ],
  contacts: { total: 50_000, opted_in: 40_000, opted_out: 900 },
  contact_days: Array.from({ length: 30 }, (_, index) => ({
    day: day(index - 29).day,
    created: 10,
    opted_out: index === 29 ? 4 : 1,
  })),
  messages_today: { sent: 4321, received: 12, delivered: 4000, read: 3000, failed: 21 },
  message_days: [
    ...Array.from({ length: 29 }, (_, index) => day(index - 29, { sent: 5 })),
    day(0, { sent: 4321, received: 12, delivered: 4000, read: 3000, failed: 21 }),
  ],
  portfolios: {
    total: 2,
    limited: 1,
    busiest: [{ id: '7', name: 'Acme portfolio', messaging_limit: 1000, reached_today: 250, numbers: 12 }],
  },
  campaigns: {
    moving: 6,
    latest: [
      {
        id: '41',
        kind: 'mass',
        name: 'Spring fair',
        status: 'running',
        recipients: 200,
        counts: { sent: 50, delivered: 40, read: 10, pending: 100 },
      },
    ],
  },
  inbox: { agents: 8, online: 3, waiting: 10_000, waiting_capped: true },
  wallet: {
    balance: 3_000_000,
    held: 1_000_000,
    available: 2_000_000,
    low_balance: true,
    low_balance_threshold: 5_000_000,
  },
};

const fetchMock = vi.fn(async (url: string) => {
  const path = url.split('?')[0];
  const data = path === '/api/home/summary' ? summary : {};
  return Response.json({ code: 0, message: 'ok', data });
});
const text = (testId: string) => document.querySelector(`[data-testid=${testId}]`)?.textContent ?? '';

describe('the dashboard (/wel/index)', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it("shows an operator the tenant's figures from one call, each card linking to its screen", async () => {
    await screen.render(
      <MemoryRouter>
        <WelcomePage />
      </MemoryRouter>,
    );
    await settle(() => expect(text('home-sent')).toContain('4,321'));
    expect(fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/home/summary'))).toHaveLength(1);
    expect(text('home-numbers-total')).toContain('1,203');
    expect(text('home-numbers-tier')).toContain('Tier not known');
    expect(text('home-new-today')).toContain('10');
    expect(text('home-opt-outs-30')).toContain('33');
    expect(text('home-failed')).toContain('21');
    expect(text('home-agents-online')).toContain('3 / 8');
    expect(text('home-waiting')).toContain('10,000+');
    // Available is balance − holds; under the threshold the card warns.
    expect(text('home-wallet-available')).toContain('2.00');
    expect(text('home-low-balance')).toContain('5.00');
    // Reached (sent, delivered, read) 100 of 200 recipients.
    expect(text('home-campaigns-card')).toContain('Spring fair');
    expect(text('home-campaigns-card')).toContain('50%');
    expect(text('home-campaigns-card')).toContain('6 under way in all');
    expect(text('home-portfolios-card')).toContain('250 / 1,000');
    // No platform totals for an operator.
    expect(document.querySelector('[data-testid=home-platform]')).toBeNull();
    const links = [...document.querySelectorAll('[data-testid=home-figures] .ant-card-extra a')].map((link) =>
      link.getAttribute('href'),
    );
    expect(links).toEqual(['/accountmanage/wslist', '/passenger/data', '/accountmanage/seats', '/bill/rate']);
  }, 20_000);
});
