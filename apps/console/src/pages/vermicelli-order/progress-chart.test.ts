import type { OrderProgress } from '@ws/contract';
import { describe, expect, it } from 'vitest';
import { chartDays, daysBetween } from './progress-chart.js';

const order = (fields: Partial<OrderProgress['order']>) =>
  ({
    time_zone: 'Asia/Shanghai',
    starts_at: '2026-03-01T00:00:00.000000Z',
    ends_at: '2026-04-01T00:00:00.000000Z',
    period_started_at: '2026-02-20T00:00:00.000000Z',
    ...fields,
  }) as OrderProgress['order'];

describe("the progress chart's days", () => {
  it('runs from the start to today in the order time zone', () => {
    // 2026-03-03 20:00 UTC is already 03-04 in Shanghai, still 03-03 in Los Angeles (where the start is 02-28).
    const now = new Date('2026-03-03T20:00:00Z');
    expect(chartDays({ order: order({}), days: [] }, now)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    expect(chartDays({ order: order({ time_zone: 'America/Los_Angeles' }), days: [] }, now)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
  });

  it('starts at a later counting period, stops at the end, and keeps days that have leads', () => {
    const reset = order({ period_started_at: '2026-03-02T04:00:00.000000Z' });
    expect(chartDays({ order: reset, days: [] }, new Date('2026-03-03T01:00:00Z'))).toEqual([
      '2026-03-02',
      '2026-03-03',
    ]);
    const ended = order({ ends_at: '2026-03-02T16:00:00.000000Z' });
    expect(chartDays({ order: ended, days: [] }, new Date('2026-05-01T00:00:00Z'))).toEqual([
      '2026-03-01',
      '2026-03-02',
    ]);
    const withLeads = chartDays(
      { order: ended, days: [{ day: '2026-03-04', share_id: '1', leads: 2 }] },
      new Date('2026-05-01T00:00:00Z'),
    );
    expect(withLeads).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
  });

  it('shows at most the latest 92 days', () => {
    const days = daysBetween('2025-01-01', '2026-01-01');
    expect(days).toHaveLength(92);
    expect(days.at(-1)).toBe('2026-01-01');
  });
});
