import type { CampaignForecast } from '@ws/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTestRoot, until } from '../../test/test-root.js';
import { NEW_CAMPAIGN_FIELDS } from './campaign-draft.js';
import { CampaignFormDrawer } from './campaign-form.js';

const forecast: CampaignForecast = {
  audience: 12,
  eligible: 10,
  skipped: { no_consent: 2 },
  per_hour: 7200,
  ends_at: '2026-11-26T03:00:00.000000Z',
  bound: 'messaging_limit',
  templates_by_country: [
    { country: 'IN', recipients: 3 },
    { country: 'AT', recipients: 2 },
    { country: 'ZZ', recipients: 1 },
  ],
  cost: {
    currency: 'USD',
    category: 'marketing',
    lines: [
      {
        country: 'IN',
        market: 'IN',
        category: 'marketing',
        recipients: 3,
        unit_micros: 12_345,
        subtotal_micros: 37_035,
      },
      {
        country: 'AT',
        market: 'Test West',
        category: 'marketing',
        recipients: 2,
        unit_micros: 61_700,
        subtotal_micros: 123_400,
      },
    ],
    total_micros: 160_435,
    effective_from: '2026-01-01',
    unpriced: [{ country: 'ZZ', market: null, recipients: 1 }],
    unpriced_recipients: 1,
  },
};

/** The add call's answer: the forecast for a preview; for a real add the test's own answer. */
let addAnswer: () => Response = () => Response.json({ code: 0, message: 'ok', data: { campaign: null, forecast } });
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  if (url === '/api/power/add' || url === '/api/btmsg/add') {
    const body = JSON.parse(String(init.body)) as { preview: boolean };
    return body.preview ? Response.json({ code: 0, message: 'ok', data: { campaign: null, forecast } }) : addAnswer();
  }
  const data = url === '/api/tag/all' ? [] : { total: 0, size: 30, current: 1, pages: 0, records: [] };
  return Response.json({ code: 0, message: 'ok', data });
});
const addBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/power/add')
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

const filled = {
  ...NEW_CAMPAIGN_FIELDS,
  name: 'Spring fair',
  numberIds: ['1', '2'],
  tagIds: ['5'],
  contentKind: 'text' as const,
  text: 'Hello from the fair',
};

const button = (testId: string) => document.querySelector<HTMLButtonElement>(`[data-testid=${testId}]`);

describe('the burst send form', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('starts only after a forecast of the values on the form, which it shows with its caveat and the estimated cost', {
    timeout: 30_000,
  }, async () => {
    const onSaved = vi.fn();
    addAnswer = () => Response.json({ code: 0, message: 'ok', data: { campaign: null, forecast: null } });
    await screen.render(
      <CampaignFormDrawer kind="burst" open initial={filled} onClose={() => undefined} onSaved={onSaved} />,
    );
    await until(() => expect(button('campaign-submit')).not.toBeNull());
    expect(button('campaign-submit')?.disabled).toBe(true);

    await act(async () => button('campaign-forecast-button')?.click());
    await until(() => expect(document.querySelector('[data-testid=forecast-eligible]')?.textContent).toBe('10'));
    const card = document.querySelector('[data-testid=campaign-forecast]') as HTMLElement;
    expect(card.textContent).toContain('Skipped: No consent2');
    expect(card.textContent).toContain('the portfolio’s 24-hour messaging limit');
    expect(card.textContent).toContain('Meta decides');
    const cost = document.querySelector('[data-testid=forecast-cost]') as HTMLElement;
    expect(cost.textContent).toContain('Estimated cost (marketing)');
    expect(cost.textContent).toContain('India');
    expect(cost.textContent).toContain('Austria · Test West');
    expect(cost.textContent).toContain('2 × $0.0617');
    expect(cost.textContent).toContain('$0.12');
    expect(document.querySelector('[data-testid=forecast-cost-total]')?.textContent).toBe('$0.16');
    expect(document.querySelector('[data-testid=forecast-cost-unpriced]')?.textContent).toBe(
      'Recipients not priced (unknown country, or no rate for the market): 1 (Unknown Region)',
    );
    expect(cost.textContent).toContain('Price book of 2026-01-01');
    expect(cost.textContent).toContain('an upper bound');
    expect(cost.textContent).toContain('Meta decides the charge');
    expect(addBodies()[0]).toMatchObject({
      name: 'Spring fair',
      numberIds: ['1', '2'],
      audience: { tagIds: ['5'] },
      content: { kind: 'text', text: 'Hello from the fair' },
      preview: true,
    });
    await until(() => expect(button('campaign-submit')?.disabled).toBe(false));

    await act(async () => button('campaign-submit')?.click());
    await until(() => expect(onSaved).toHaveBeenCalled());
    expect(addBodies()[1]).toMatchObject({ name: 'Spring fair', preview: false });
  });

  it('shows a 400 naming a field on that field', { timeout: 30_000 }, async () => {
    addAnswer = () =>
      Response.json(
        { code: 400, message: "options.ratePerSecond: must not exceed the numbers' throughput (80 a second)" },
        { status: 400 },
      );
    const onSaved = vi.fn();
    await screen.render(
      <CampaignFormDrawer
        kind="mass"
        open
        initial={{ ...filled, ratePerSecond: 500 }}
        onClose={() => undefined}
        onSaved={onSaved}
      />,
    );
    await until(() => expect(button('campaign-submit')?.disabled).toBe(false));
    await act(async () => button('campaign-submit')?.click());
    await until(() =>
      expect(document.querySelector('[data-testid=campaign-form] .ant-form-item-explain-error')?.textContent).toBe(
        "must not exceed the numbers' throughput (80 a second)",
      ),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends an A/B test with variant B from the same editor, and shows its 400 on B’s field', {
    timeout: 30_000,
  }, async () => {
    addAnswer = () => Response.json({ code: 400, message: 'split.content.text: B is too long' }, { status: 400 });
    await screen.render(
      <CampaignFormDrawer
        kind="mass"
        open
        initial={{ ...filled, splitOn: true, split: { ...NEW_CAMPAIGN_FIELDS.split, text: 'Hello from B' } }}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    await until(() => expect(document.querySelector('[data-testid=campaign-split]')).not.toBeNull());
    expect(document.querySelector('[data-testid=campaign-b-text]')).not.toBeNull();
    // B is of A's kind: the split has no kind of its own to choose.
    expect(document.querySelectorAll('[data-testid=campaign-content-kind]')).toHaveLength(1);
    await until(() => expect(button('campaign-submit')?.disabled).toBe(false));
    await act(async () => button('campaign-submit')?.click());
    await until(() =>
      expect(document.querySelector('[data-testid=campaign-split] .ant-form-item-explain-error')?.textContent).toBe(
        'B is too long',
      ),
    );
    const sent = fetchMock.mock.calls.filter(([url]) => url === '/api/btmsg/add').at(-1)?.[1];
    expect(JSON.parse(String(sent?.body)).split).toEqual({
      content: { kind: 'text', text: 'Hello from B' },
      samplePercent: 10,
      metric: 'read',
      decideAfterMinutes: 240,
    });
  });
});
