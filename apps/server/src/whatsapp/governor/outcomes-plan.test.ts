/**
 * The lanes' outcomes statement when the statistics say little (as during a big campaign: the
 * month's messages analysed before the tenant's, the queue analysed when it held a few live rows
 * in many dead ones, then filled again). Each outcome must find its message and its queue row by
 * their keys: a flush reads a few buffers an outcome, never a walk of the tenant's entries or of
 * the queue. Buffers, not time: they do not depend on the machine. (The bench once met a plan that
 * walked the whole queue for each flush, 18 000 buffers for 75 outcomes, with statistics taken
 * mid-campaign; this test's statistics did not recreate that plan for the earlier join form, so it
 * guards the statement's shape rather than reproducing that run.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withKeyLookups } from '../../platform/db/key-lookups.js';
import { explainPrepared } from '../../test/explain-prepared.js';
import { useTestApp } from '../../test/test-app.js';
import { type SeededNumber, seedNumber, WEBHOOK_ENV } from '../webhooks/test-support.js';
import { outcomeParameters, RECORD_OUTCOMES, type SendOutcome } from './lane-repository.js';

const t = useTestApp(WEBHOOK_ENV);
let number: SeededNumber;
let queued: { id: string; created_at: string }[] = [];
/** Dispatcher steps of a thousand messages, each step's messages sharing their created_at. */
const STEPS = 20;
const PER_STEP = 1000;
/** What is still queued when the flushes run (the rest went out and left the queue). */
const LEFT = 3000;
const FLUSH = 80;

beforeAll(async () => {
  const other = await seedNumber(t, {
    tenantId: '330002',
    phoneNumberId: '200000000000032',
    wabaId: '900000000000032',
  });
  number = await seedNumber(t, { tenantId: '330001', phoneNumberId: '200000000000031', wabaId: '900000000000031' });
  await t.pool.query(
    `insert into message (tenant_id, number_id, direction, type, body, status, purpose, contact_id)
     select $1, $2, 'out', 'template', '{}', 'queued', 'marketing', g from generate_series(1, 5000) g`,
    [other.tenantId, other.numberId],
  );
  // The month's statistics from before this tenant's messages.
  await t.pool.query('analyze message');
  for (let step = 0; step < STEPS; step += 1) {
    const { rows } = await t.pool.query(
      `with made as (
         insert into message (tenant_id, number_id, direction, type, body, status, purpose, contact_id)
         select $1, $2, 'out', 'template', '{}', 'queued', 'marketing', g from generate_series(1, $3) g
         returning tenant_id, number_id, id, created_at),
       queued as (
         insert into send_queue (tenant_id, number_id, message_id, message_created_at)
         select tenant_id, number_id, id, created_at from made)
       select id::text, created_at::text from made order by id`,
      [number.tenantId, number.numberId, PER_STEP],
    );
    queued = queued.concat(rows);
    if (step === STEPS / 2 - 1) {
      // The first half went out: their rows left the queue, dead in its pages; analysed then, the
      // queue's statistics count a few rows in many pages.
      await wentOut(queued[queued.length - 10]?.id as string);
      await t.pool.query('analyze send_queue');
    }
  }
  await wentOut(queued[STEPS * PER_STEP - LEFT]?.id as string);
});

/** The messages before this one went out: out of the queue (dead rows in its pages), with Meta ids. */
async function wentOut(firstLeft: string) {
  await t.pool.query('delete from send_queue where tenant_id = $1 and message_id < $2', [number.tenantId, firstLeft]);
  await t.pool.query(
    `update message set status = 'read', meta_message_id = 'wamid.went.' || id
      where tenant_id = $1 and id < $2 and status = 'queued'`,
    [number.tenantId, firstLeft],
  );
}

/** The statement's buffers for one flush of outcomes, as the lane runs it, with this plan mode. */
async function buffersOf(outcomes: SendOutcome[], mode: string): Promise<number> {
  // EXPLAIN ANALYZE runs the statement: its transaction is rolled back.
  const client = await t.pool.connect();
  await client.query('begin');
  try {
    return await withKeyLookups(client, async () => {
      await client.query(`set local plan_cache_mode = ${mode}`);
      const plan = await explainPrepared(
        client,
        RECORD_OUTCOMES,
        outcomeParameters(number.tenantId, number.numberId, outcomes),
        'analyze, buffers, format json',
      );
      return Number(plan['Shared Hit Blocks']) + Number(plan['Shared Read Blocks']);
    });
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe("a lane's outcomes with statistics that say little", () => {
  const modes = ['force_custom_plan', 'force_generic_plan'];
  modes.forEach((mode, index) => {
    it(`finds each message and queue row by its key (${mode})`, async () => {
      const start = STEPS * PER_STEP - LEFT + index * 500;
      const outcomes: SendOutcome[] = queued.slice(start, start + FLUSH).map((message, n) => ({
        kind: n % 10 === 9 ? 'deferred' : 'sent',
        id: message.id,
        createdAt: message.created_at,
        ...(n % 10 === 9 ? { until: new Date(Date.now() + 60_000) } : { metaMessageId: `wamid.${mode}.${n}` }),
      })) as SendOutcome[];
      const buffers = await buffersOf(outcomes, mode);
      // About 15 an outcome here: the message's update and its indexes, the conversation, the queue.
      expect(buffers / FLUSH).toBeLessThan(60);
      const { rows } = await t.pool.query(
        `select count(*)::int as left, count(*) filter (where not_before > now())::int as postponed
           from send_queue where tenant_id = $1 and message_id = any($2::bigint[])`,
        [number.tenantId, outcomes.map((outcome) => outcome.id)],
      );
      // Rolled back with the transaction; what the statement did is checked in the lane's tests.
      expect(rows[0]).toEqual({ left: FLUSH, postponed: 0 });
    });
  });
});
