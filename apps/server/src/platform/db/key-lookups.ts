import type pg from 'pg';

/**
 * Runs `work`, in the caller's transaction, with hash and merge joins, sequential and bitmap scans
 * and materialisation off, so that a statement joining a batch of keys to a big table finds each
 * row by an index probe whatever the statistics say (with only the joins off, a nested loop over a
 * materialised scan of the partition compared every key with every row: 17 800 000 comparisons,
 * 3 s, for a batch of 1 500 statuses).
 * A month's partition filled faster than autovacuum analyses it looks nearly empty to the planner,
 * which then scans all of it for every batch: cheap when the plan was made, quadratic over a
 * campaign. Trigger functions that join their transition tables set their own joins (0034).
 * The plan cache chooses between generic and custom plans (`planPerRun` forces custom ones).
 * Forcing the generic plan saved a lane about 1 ms of planning a flush of a few outcomes, but a
 * generic plan made at a campaign's start, with statistics older than its rows, read 48 M buffers
 * for the outcomes of 88 000 messages instead of 6 M (bench/README.md, 2026-11-27): not forced.
 * Restored after `work`; a failed `work` leaves the transaction aborted, and the settings with it.
 */
const JOINS_OFF = [
  ['enable_hashjoin', 'off'],
  ['enable_mergejoin', 'off'],
  ['enable_seqscan', 'off'],
  ['enable_bitmapscan', 'off'],
  ['enable_material', 'off'],
] as const;

export interface KeyLookupOptions {
  /**
   * Plan each run for its own values instead of the prepared statement's generic plan. Worth it for
   * a statement run once a batch of thousands: its generic plan takes an unnested batch for ten
   * rows, and with statistics that predate the tenant's rows it may probe an index by the tenant
   * alone (status-apply-plan.test.ts); planned for the batch, it probes the unique keys.
   */
  planPerRun?: boolean;
}

export async function withKeyLookups<T>(
  client: pg.PoolClient,
  work: () => Promise<T>,
  options: KeyLookupOptions = {},
): Promise<T> {
  const settings: readonly (readonly [string, string])[] = options.planPerRun
    ? [...JOINS_OFF, ['plan_cache_mode', 'force_custom_plan']]
    : JOINS_OFF;
  await client.query(settings.map(([name, value]) => `set local ${name} = ${value}`).join('; '));
  const result = await work();
  await client.query(settings.map(([name]) => `set local ${name} to default`).join('; '));
  return result;
}
