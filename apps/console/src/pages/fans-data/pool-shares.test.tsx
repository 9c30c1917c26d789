import type { Pool } from '@ws/contract';
import { describe, expect, it, vi } from 'vitest';
import { setUpTestRoot } from '../../test/test-root.js';
import { PoolShares } from './pool-shares.js';

const share = (changes: Partial<Pool['shares'][number]>): Pool['shares'][number] => ({
  target: 'number',
  target_id: '7',
  label: '+8613800000001',
  mode: 'count',
  amount: 600,
  allocated: 600,
  daily_capacity: 250,
  capacity_shared_by: 1,
  days_to_reach: 3,
  over_capacity: true,
  ...changes,
});

const pool = (shares: Pool['shares']): Pool => ({
  id: '9',
  name: 'Spring fair',
  source: { kind: 'tag', id: '5', name: 'fair' },
  status: 'idle',
  error: null,
  total: 700,
  with_number: 700,
  with_agent: 0,
  shares,
  counted_at: null,
  created_at: '2026-01-01T00:00:00.000000Z',
});

describe('a pool’s shares', () => {
  const screen = setUpTestRoot({ language: 'en', fetch: vi.fn() });

  it('says plainly which numbers hold more than a day’s capacity and how many days they need', async () => {
    await screen.render(
      <PoolShares
        pool={pool([
          share({}),
          share({
            target_id: '8',
            label: '+8613800000002',
            amount: 100,
            allocated: 100,
            days_to_reach: 1,
            over_capacity: false,
          }),
          share({
            target: 'agent',
            target_id: '3',
            label: 'alice',
            allocated: 700,
            daily_capacity: null,
            capacity_shared_by: 0,
            days_to_reach: null,
            over_capacity: false,
          }),
        ])}
      />,
    );
    const warning = screen.host.querySelector('[data-testid=pool-over-capacity]');
    expect(warning?.textContent).toContain('+8613800000001');
    expect(warning?.textContent).not.toContain('+8613800000002');
    expect(
      [...screen.host.querySelectorAll('[data-testid=share-over-capacity]')].map((tag) => tag.textContent),
    ).toEqual(['Days: 3']);
    const rows = [...screen.host.querySelectorAll('tr.ant-table-row')].map((row) => row.textContent);
    expect(rows).toEqual([
      'Number+8613800000001600 (By count)600250Days: 3',
      'Number+8613800000002100 (By count)100250Days: 1',
      'Agentalice600 (By count)700--',
    ]);
  });

  it('says when numbers share their business portfolio’s limit', async () => {
    await screen.render(
      <PoolShares
        pool={pool([
          share({ daily_capacity: 1000, capacity_shared_by: 2, days_to_reach: 1, over_capacity: false }),
          share({ target_id: '8', daily_capacity: 50, days_to_reach: 12 }),
        ])}
      />,
    );
    const shared = [...screen.host.querySelectorAll('[data-testid=share-capacity-shared]')];
    expect(shared.map((cell) => cell.textContent)).toEqual(['1,000(its portfolio’s limit, shared by 2 numbers)']);
  });

  it('shows no warning when every number can reach its contacts in a day', async () => {
    await screen.render(
      <PoolShares pool={pool([share({ allocated: 200, days_to_reach: 1, over_capacity: false })])} />,
    );
    expect(screen.host.querySelector('[data-testid=pool-over-capacity]')).toBeNull();
  });
});
