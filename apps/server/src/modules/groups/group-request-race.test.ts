/**
 * The pull-group job records the group it asked Meta for while the group webhook records the
 * group Meta made: whichever inserts first, the other waits for it and takes its row, so a create
 * request is one group row, the task's, with Meta's group id (migration 0056).
 */
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { upsertGroup } from '../../whatsapp/webhooks/group-repository.js';
import { type SeededNumber, seedNumber, WEBHOOK_ENV } from '../../whatsapp/webhooks/test-support.js';
import { claimCreatedGroup } from './task-group-repository.js';

const t = useTestApp(WEBHOOK_ENV);
let number: SeededNumber;

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '340001', phoneNumberId: '200000000000041', wabaId: '900000000000041' });
});

const claim = (client: pg.PoolClient, requestId: string) =>
  claimCreatedGroup(client, number.tenantId, {
    taskId: '77',
    no: 3,
    numberId: number.numberId,
    requestId,
    subject: 'Club 3',
    description: 'd',
  });
const record = (client: pg.PoolClient, requestId: string, groupId: string) =>
  upsertGroup(client, number.tenantId, number.numberId, groupId, requestId, {
    status: 'active',
    subject: 'Club 3',
    inviteLink: `https://chat.whatsapp.com/${groupId}`,
  });

/** Runs `first` in an open transaction, then `second` in another, which must wait for the first's commit. */
async function race(
  first: (client: pg.PoolClient) => Promise<unknown>,
  second: (client: pg.PoolClient) => Promise<unknown>,
) {
  const one = await t.pool.connect();
  const two = await t.pool.connect();
  try {
    await one.query('begin');
    await first(one);
    const { rows } = await two.query<{ pid: number }>('select pg_backend_pid() as pid');
    await two.query('begin');
    const waiting = second(two);
    // The second insert waits on the first's row of the same request.
    for (;;) {
      const { rows: blocked } = await t.pool.query(
        `select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`,
        [rows[0]?.pid],
      );
      if (blocked.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await one.query('commit');
    await waiting;
    await two.query('commit');
  } finally {
    one.release();
    two.release();
  }
}

const rowsOf = async (requestId: string) =>
  (
    await t.pool.query(
      `select group_id, task_id::text, task_group_no, invite_link from wa_group
        where tenant_id = $1 and request_id = $2`,
      [number.tenantId, requestId],
    )
  ).rows;

describe('a group created for a pull-group task', () => {
  it('is one row when its webhook records it while the job records its request', async () => {
    await race(
      (client) => record(client, 'req-race-1', 'group-race-1'),
      (client) => claim(client, 'req-race-1'),
    );
    expect(await rowsOf('req-race-1')).toEqual([
      {
        group_id: 'group-race-1',
        task_id: '77',
        task_group_no: 3,
        invite_link: 'https://chat.whatsapp.com/group-race-1',
      },
    ]);
  });

  it('is one row when the job records its request while its webhook records it', async () => {
    await race(
      (client) => claim(client, 'req-race-2'),
      (client) => record(client, 'req-race-2', 'group-race-2'),
    );
    expect(await rowsOf('req-race-2')).toEqual([
      {
        group_id: 'group-race-2',
        task_id: '77',
        task_group_no: 3,
        invite_link: 'https://chat.whatsapp.com/group-race-2',
      },
    ]);
  });
});
