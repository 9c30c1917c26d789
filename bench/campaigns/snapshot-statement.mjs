// The snapshot statement exactly as the product builds it (its own compiled code in
// apps/server/dist), run on the benchmark's connection in a transaction that is rolled back, for
// a campaign id nobody has: for EXPLAIN, and for measuring rewrites of it.
import path from 'node:path';
import { repoRoot } from '../product.mjs';
import { campaignBody } from './setup.mjs';

const NOBODYS_CAMPAIGN = '999999999999';

/** The statement's text and values for the world's tag, from all its numbers, as a marketing template. */
export async function snapshotStatement(world) {
  const dist = path.join(repoRoot, 'apps/server/dist/modules/campaigns');
  const { selectSenders } = await import(path.join(dist, 'sender-repository.js'));
  const { snapshotRules } = await import(path.join(dist, 'sender-plan.js'));
  const { insertRecipients } = await import(path.join(dist, 'snapshot-repository.js'));
  const scope = { tenantId: world.tenantId, userId: '0', role: 'operator', acrossTenants: false, assignee: undefined };
  const body = campaignBody(world, 'x');
  const { senders } = await selectSenders(world.db, scope, body.numberIds, []);
  const rules = snapshotRules(
    { audience: body.audience, options: { frequencyCapHours: 24 } },
    'marketing',
    senders,
    false,
  );
  let statement;
  const capturing = {
    query: async (text, values) => {
      statement = { text, values };
      return { rows: [] };
    },
  };
  await insertRecipients(capturing, scope, NOBODYS_CAMPAIGN, rules);
  return statement;
}

/** Runs `text` with `values` (after `before` statements) in a transaction that is rolled back; answers the rows and the milliseconds. */
export async function runRolledBack(db, { text, values }, before = []) {
  await db.query('begin');
  try {
    for (const statement of before) await db.query(statement);
    const started = performance.now();
    const { rows } = await db.query(text, values);
    return { rows, ms: Math.round(performance.now() - started) };
  } finally {
    await db.query('rollback');
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the snapshot statement, rolled back. */
export async function explainSnapshot(world) {
  const { text, values } = await snapshotStatement(world);
  const { rows } = await runRolledBack(world.db, { text: `explain (analyze, buffers) ${text}`, values });
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
