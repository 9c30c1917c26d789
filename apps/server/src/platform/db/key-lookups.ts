import type pg from 'pg';

/**
 * Runs `work`, in the caller's transaction, with hash and merge joins and sequential scans off, so
 * that a statement joining a batch of keys to a big table finds each row by its index whatever the
 * statistics say (with only the joins off, a nested loop over a materialised scan of the partition
 * compared every key with every row: 17 800 000 comparisons, 3 s, for a batch of 1 500 statuses).
 * A month's partition filled faster than autovacuum analyses it looks nearly empty to the planner,
 * which then scans all of it for every batch: cheap when the plan was made, quadratic over a
 * campaign. Trigger functions that join their transition tables set their own joins (0034).
 * Restored after `work`; a failed `work` leaves the transaction aborted, and the settings with it.
 */
export async function withKeyLookups<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query(
    'set local enable_hashjoin = off; set local enable_mergejoin = off; set local enable_seqscan = off',
  );
  const result = await work();
  await client.query(
    'set local enable_hashjoin to default; set local enable_mergejoin to default; set local enable_seqscan to default',
  );
  return result;
}
