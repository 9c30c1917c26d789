import type { Greeting, KeywordRule } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onePage, settle, setUpTestRoot, typeInto } from '../../test/test-root.js';
import GreetingPage from './greeting-page.js';
import KeywordPage from './keyword-page.js';

const TIME = '2026-11-26T06:00:00.000000Z';
const RULE: KeywordRule = {
  id: '7',
  name: 'Prices',
  keywords: ['price', '价格'],
  match_mode: 'contains',
  number_ids: [],
  material: { id: '3', tp: 'img', title: 'Catalogue' },
  active_hours: { from: '09:00', to: '18:00' },
  priority: 5,
  cooldown_seconds: 600,
  enabled: true,
  created_at: TIME,
  updated_at: TIME,
};
const GREETING: Greeting = {
  id: '9',
  number_id: null,
  number_phone: null,
  material: { id: '4', tp: 'text', title: 'Welcome' },
  outside_material: null,
  active_hours: null,
  silence_days: 3,
  enabled: true,
  updated_at: TIME,
};

const fetchMock = vi.fn(async (url: string) => {
  const data =
    url === '/api/keyword/list'
      ? onePage([RULE])
      : url === '/api/keyword/test'
        ? {
            rule: RULE,
            keyword: 'price',
            matches: [
              { rule_id: '7', name: 'Prices', keyword: 'price', skipped: null },
              { rule_id: '8', name: 'Night', keyword: 'price', skipped: 'outside_hours' },
            ],
            opt_out: false,
          }
        : url === '/api/greeting/list'
          ? [GREETING]
          : url === '/api/mater/list'
            ? onePage([])
            : [];
  return Response.json({ code: 0, message: 'ok', data });
});
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);

describe('the keyword replies screen', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('lists rules and tells which rule would answer a sample message, and why the others would not', async () => {
    await screen.render(<KeywordPage />);
    await settle(() => expect(screen.host.textContent).toContain('Prices'));
    expect(screen.host.textContent).toContain('Catalogue');
    expect(screen.host.textContent).toContain('09:00–18:00');
    await typeInto(document.querySelector('[data-testid=keyword-test-text]') as HTMLInputElement, 'the price?');
    await act(async () => document.querySelector<HTMLElement>('[data-testid=keyword-test-run]')?.click());
    await settle(() => expect(callsTo('/api/keyword/test')).toHaveLength(1));
    const result = await vi.waitFor(() => {
      const found = document.querySelector('[data-testid=keyword-test-result]');
      if (!found) throw new Error('no result yet');
      return found;
    });
    expect(result.textContent).toContain('Rule "Prices" would answer (keyword "price") with the material "Catalogue"');
    expect(result.textContent).toContain('Outside its hours');
  }, 20_000);

  it('shows the greetings for every number and per number', async () => {
    await screen.render(<GreetingPage />);
    await settle(() => expect(screen.host.textContent).toContain('All numbers (those without their own)'));
    expect(screen.host.textContent).toContain('Welcome');
    expect(screen.host.textContent).toContain('After 3 days of silence');
  }, 20_000);
});

describe('in Chinese', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: fetchMock });

  it('names the match mode and the greeting in Chinese', async () => {
    await screen.render(<KeywordPage />);
    await settle(() => expect(screen.host.textContent).toContain('包含'));
    await screen.render(<GreetingPage />);
    await settle(() => expect(screen.host.textContent).toContain('沉默 3 天后'));
  }, 20_000);
});
