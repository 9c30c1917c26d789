import type { Campaign, CampaignDetails } from '@ws/contract';
import { dispatchRealtimeEvent } from '@ws/web-kit/realtime';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settle, setUpTestRoot } from '../../test/test-root.js';
import { CampaignDetailsDrawer } from './campaign-details.js';
import { CampaignsPage } from './campaigns-page.js';

// ECharts draws on a canvas, which happy-dom lacks; the chart's option is tested through timelineSeries.
vi.mock('../../components/charts/echart.js', () => ({
  EChart: ({ testId }: { testId: string }) => <div data-testid={testId} />,
}));

const ZERO = {
  pending: 0,
  queued: 0,
  accepted: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  refused: 0,
  unknown: 0,
  deferred: 0,
  cancelled: 0,
  skipped: 0,
};

const campaign = (changes: Partial<Campaign>): Campaign => ({
  id: '41',
  kind: 'burst',
  name: 'Spring fair',
  status: 'running',
  hold_reason: null,
  content: { kind: 'template', templateId: '9', variables: {} },
  template: { id: '9', name: 'spring_collection', language: 'en_US', category: 'MARKETING' },
  audience: { tagIds: ['5'] },
  schedule: {},
  options: { frequencyCapHours: 24, stopOnReply: true },
  numbers: [
    { id: '1', phone: '15550101001', verified_name: 'Sales', quality_rating: 'GREEN', active: true },
    { id: '2', phone: '15550101002', verified_name: 'Support', quality_rating: 'RED', active: false },
  ],
  recipients: 10,
  skipped: { no_consent: 2, opted_out: 0, frequency_cap: 0, window_closed: 0, no_sender: 0 },
  counts: { ...ZERO, pending: 4, queued: 1, sent: 2, delivered: 2, read: 1 },
  split: null,
  run_no: 1,
  created_at: '2026-11-26T00:00:00.000000Z',
  starts_at: null,
  started_at: '2026-11-26T00:00:01.000000Z',
  finished_at: null,
  ...changes,
});

const page = (records: Campaign[]) => ({ total: records.length, size: 10, current: 1, pages: 1, records });

/** What the server answers, by path; each list read takes the next answer, the last one repeats. */
let lists: Campaign[][] = [];
let details: CampaignDetails | undefined;
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  const body = JSON.parse(String(init.body ?? '{}')) as { action?: string };
  const data =
    url === '/api/power/list'
      ? page((lists.length > 1 ? lists.shift() : lists[0]) ?? [])
      : url === '/api/power/operation'
        ? campaign({ status: body.action === 'pause' ? 'paused' : 'running' })
        : url === '/api/power/details'
          ? details
          : url === '/api/tag/all'
            ? []
            : page([]);
  return Response.json({ code: 0, message: 'ok', data });
});

const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);
const progressEvent = {
  type: 'campaign.progress',
  data: { campaign_id: '41', status: 'running', total: 10, sent: 9 },
} as const;

describe('the burst send list', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: fetchMock });

  it('shows status, progress and counts, offers the running campaign’s operations, and pauses it', {
    timeout: 20_000,
  }, async () => {
    lists = [[campaign({})], [campaign({ status: 'paused' })]];
    await screen.render(<CampaignsPage kind="burst" />);
    await settle(() => expect(screen.host.textContent).toContain('Spring fair'));
    expect(screen.host.querySelector('[data-testid=campaigns-page]')?.textContent).toContain('Pooled broadcasts');
    expect(screen.host.querySelector('[data-testid=campaign-status]')?.getAttribute('data-status')).toBe('running');
    // Sent 2 + delivered 2 + read 1 of 10 recipients.
    expect(screen.host.querySelector('[data-testid=campaign-progress]')?.getAttribute('data-percent')).toBe('50');
    expect(screen.host.querySelector('[data-testid=campaign-count-queued]')?.textContent).toBe('Queued 1');
    expect(screen.host.querySelector('[data-testid=campaign-resume]')).toBeNull();

    const pause = screen.host.querySelector<HTMLButtonElement>('[data-testid=campaign-pause]');
    await act(async () => pause?.click());
    await settle(() => expect(callsTo('/api/power/operation')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('/api/power/operation')[0]?.[1].body))).toEqual({ id: '41', action: 'pause' });
    await settle(() =>
      expect(screen.host.querySelector('[data-testid=campaign-status]')?.getAttribute('data-status')).toBe('paused'),
    );
    expect(screen.host.querySelector('[data-testid=campaign-resume]')).not.toBeNull();
  });

  it('reads the list again when a campaign event arrives', async () => {
    lists = [[campaign({ status: 'completed' })], [campaign({ status: 'completed', counts: { ...ZERO, read: 10 } })]];
    await screen.render(<CampaignsPage kind="burst" />);
    await settle(() => expect(callsTo('/api/power/list')).toHaveLength(1));
    await act(() => dispatchRealtimeEvent(progressEvent));
    await settle(() =>
      expect(screen.host.querySelector('[data-testid=campaign-progress]')?.getAttribute('data-percent')).toBe('100'),
    );
  });
});

describe('a campaign’s details', () => {
  const screen = setUpTestRoot({ language: 'zh', fetch: fetchMock });

  it('shows the summary, each number with its quality and whether it still sends, and the recipients; live', async () => {
    details = {
      campaign: campaign({}),
      by_number: [
        { number_id: '1', counts: { ...ZERO, sent: 2, delivered: 2, read: 1, pending: 4, queued: 1 } },
        { number_id: '2', counts: { ...ZERO } },
      ],
      timeline: [
        { at: '2026-11-26T00:01:00Z', state: 'sent', n: 2 },
        { at: '2026-11-26T00:02:00Z', state: 'delivered', n: 2 },
      ],
      recipients: {
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
        total_capped: false,
        records: [
          {
            contact_id: '100',
            wa_id: '15550200001',
            name: 'Ana A.',
            number_id: '1',
            number_phone: '15550101001',
            state: 'failed',
            variant: null,
            run_no: 1,
            message_id: '7',
            error_code: 131026,
            error_title: 'Message undeliverable',
            updated_at: '2026-11-26T00:02:00.000000Z',
          },
        ],
      },
    };
    await screen.render(<CampaignDetailsDrawer kind="burst" id="41" onClose={() => undefined} />);
    await settle(() => expect(document.querySelector('[data-testid=campaign-details-body]')).not.toBeNull());
    const drawer = document.querySelector('[data-testid=campaign-details-body]') as HTMLElement;
    expect(drawer.querySelector('[data-testid=campaign-recipient-total]')?.textContent).toBe('10');
    expect(drawer.textContent).toContain('未同意接收 2');
    const rows = [...drawer.querySelectorAll('[data-testid=campaign-number-table] tr[data-number-id]')];
    expect(
      rows.map((row) => row.querySelector('[data-testid=campaign-number-active]')?.getAttribute('data-active')),
    ).toEqual(['true', 'false']);
    expect(rows[1]?.querySelector('[data-testid=campaign-number-quality]')?.textContent).toBe('低');
    expect(rows[0]?.querySelector('[data-testid=campaign-number-pending]')?.textContent).toBe('4');
    expect(drawer.querySelector('[data-testid=recipient-state]')?.getAttribute('data-state')).toBe('failed');
    expect(JSON.parse(String(callsTo('/api/power/details')[0]?.[1].body))).toEqual({
      id: '41',
      page: 1,
      pageSize: 10,
      filters: {},
    });

    const before = callsTo('/api/power/details').length;
    await act(() => dispatchRealtimeEvent(progressEvent));
    await settle(() => expect(callsTo('/api/power/details').length).toBeGreaterThan(before));
    expect(drawer.querySelector('[data-testid=campaign-timeline]')).not.toBeNull();
  }, 20_000);

  it('shows an A/B test’s variants with their rates and the winner', async () => {
    const result = (variant: 'a' | 'b' | 'rest', sent: number, replied: number) => ({
      variant,
      recipients: sent,
      sent,
      delivered: sent,
      read: sent,
      replied,
      failed: 0,
      read_rate: sent > 0 ? 1 : 0,
      reply_rate: sent > 0 ? replied / sent : 0,
    });
    const split = {
      content: { kind: 'template' as const, templateId: '10', variables: {} },
      template: { id: '10', name: 'autumn_collection', language: 'en_US', category: 'MARKETING' },
      sample_percent: 20,
      metric: 'reply' as const,
      decide_after_minutes: 60,
      sample_sent_at: '2026-11-26T00:01:00.000000Z',
      decide_at: '2026-11-26T01:01:00.000000Z',
      decision: {
        winner: 'b' as const,
        reason: 'metric' as const,
        decided_at: '2026-11-26T01:01:00.000000Z',
        a: { sent: 4, rate: 0.25 },
        b: { sent: 4, rate: 0.75 },
      },
      variants: [result('a', 4, 1), result('b', 4, 3), result('rest', 32, 0)],
    };
    details = {
      campaign: campaign({ split }),
      by_number: [],
      timeline: [],
      recipients: {
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
        total_capped: false,
        records: [
          {
            contact_id: '100',
            wa_id: '15550200001',
            name: 'Ana A.',
            number_id: '1',
            number_phone: '15550101001',
            state: 'replied',
            variant: 'b',
            run_no: 1,
            message_id: '7',
            error_code: null,
            error_title: null,
            updated_at: '2026-11-26T00:02:00.000000Z',
          },
        ],
      },
    };
    await screen.render(<CampaignDetailsDrawer kind="burst" id="41" onClose={() => undefined} />);
    await settle(() => expect(document.querySelector('[data-testid=campaign-split-results]')).not.toBeNull());
    const recipient = document.querySelector('[data-testid=recipient-state]')?.closest('tr');
    expect(recipient?.textContent).toContain('B 版本');
    const results = document.querySelector('[data-testid=campaign-split-results]') as HTMLElement;
    expect(results.querySelector('[data-testid=campaign-split-status]')?.getAttribute('data-winner')).toBe('b');
    expect(results.querySelector('[data-testid=campaign-split-status]')?.textContent).toContain(
      '按回复率：A 25.0%，B 75.0%',
    );
    const rows = [...results.querySelectorAll('tr[data-variant]')];
    expect(rows.map((row) => row.getAttribute('data-variant'))).toEqual(['a', 'b', 'rest']);
    expect(rows[1]?.querySelector('[data-testid=campaign-split-winner]')).not.toBeNull();
    expect(rows[0]?.querySelector('[data-testid=campaign-split-winner]')).toBeNull();
    expect(rows[1]?.querySelector('[data-testid=campaign-split-reply-rate]')?.textContent).toBe('75.0%');
    // The rest got B's template.
    expect(rows[2]?.textContent).toContain('autumn_collection');
  }, 20_000);
});
