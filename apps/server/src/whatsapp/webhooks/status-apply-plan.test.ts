/**
 * The status apply's plans when the month's statistics predate its messages (a partition filled
 * faster than autovacuum analyses it, as during a big campaign, here analysed before the tenant
 * had any), as the product runs its prepared statements (STATUS_LOOKUPS: planned for each batch,
 * their generic plans probed indexes by the tenant alone): a status carrying its message's key
 * reaches it by a unique index, never by a scan of the partition or of the tenant's index entries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withKeyLookups } from '../../platform/db/key-lookups.js';
import { withTransaction } from '../../platform/db/pool.js';
import { explainPrepared } from '../../test/explain-prepared.js';
import { useTestApp } from '../../test/test-app.js';
import {
  APPLY_BY_KEY,
  APPLY_BY_META_ID,
  applyStatuses,
  type MergedStatus,
  STATUS_LOOKUPS,
  statusParameters,
} from './status-repository.js';
import { type SeededNumber, seedNumber, WEBHOOK_ENV } from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
let number: SeededNumber;
let keys: { id: string; micros: string }[];
const MESSAGES = 3000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
/** An index scan of a month's primary key or its (tenant, Meta id, created_at) key. */
const UNIQUE_SCAN = /^Index Scan message_\d{4}_\d{2}_(pkey|tenant_id_meta_message_id_created_at_idx)$/;
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '330001', phoneNumberId: '200000000000031', wabaId: '900000000000031' });
  // Statistics made before the month's outbound messages: the planner takes them for none.
  await t.pool.query('analyze message');
  const { rows } = await t.pool.query<{ id: string; micros: string }>(
    `insert into message (tenant_id, number_id, direction, type, body, status, meta_message_id, purpose)
     select $1, $2, 'out', 'template', '{}', 'accepted', 'wamid.plan.' || g, 'marketing' from generate_series(1, $3) g
     returning id::text, (extract(epoch from created_at) * 1000000)::bigint::text as micros`,
    [number.tenantId, number.numberId, MESSAGES],
  );
  keys = rows;
});

const statusesOf = (withKeys: boolean): MergedStatus[] => {
  const at = new Date();
  return Array.from({ length: 2000 }, (_, index) => ({
    tenantId: number.tenantId,
    metaMessageId: `wamid.plan.${index + 1}`,
    status: 'delivered',
    statusAt: at,
    sentAt: at,
    deliveredAt: at,
    readAt: null,
    failedAt: null,
    errorCode: null,
    errorTitle: null,
    callbackMessageId: withKeys ? (keys[index]?.id ?? null) : null,
    callbackCreatedMicros: withKeys ? (keys[index]?.micros ?? null) : null,
  }));
};

/** The statement's plan for these statuses as the product runs it: planned for its batch (STATUS_LOOKUPS). */
const planOf = (statement: string, statuses: MergedStatus[]) =>
  withTransaction(t.pool, (client) =>
    withKeyLookups(
      client,
      async () => (await explainPrepared(client, statement, statusParameters(statuses))) as unknown as PlanNode,
      STATUS_LOOKUPS,
    ),
  );

describe('applying a batch of statuses', () => {
  /** The scans of the month of the messages (the other months are pruned when it runs, or hold none). */
  const scansOfMonth = async (plan: PlanNode) => {
    const { rows } = await t.pool.query<{ partition: string }>(
      `select 'message_' || to_char(now() at time zone 'UTC', 'YYYY_MM') as partition`,
    );
    return nodesOf(plan)
      .filter((node) => node['Relation Name'] === rows[0]?.partition)
      .map((node) => `${node['Node Type']} ${node['Index Name']}`);
  };

  it("reaches each message through a unique index by their message's key", async () => {
    const plan = await planOf(APPLY_BY_KEY, statusesOf(true));
    const scans = await scansOfMonth(plan);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.filter((scan) => !UNIQUE_SCAN.test(scan))).toEqual([]);
    expect(nodesOf(plan).some((node) => node['Node Type'] === 'Materialize')).toBe(false);
  });

  // Statuses of sends from before the key (or of sends made outside the product) are found by their
  // Meta id: by an index, never a scan of the month, though with these statistics the planner may
  // walk the tenant's entries of one (the (tenant, contact, created_at) index, here).
  it('reaches each message through an index by their Meta id', async () => {
    const plan = await planOf(APPLY_BY_META_ID, statusesOf(false));
    const scans = await scansOfMonth(plan);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.filter((scan) => !scan.startsWith('Index Scan '))).toEqual([]);
    expect(nodesOf(plan).some((node) => node['Node Type'] === 'Materialize')).toBe(false);
  });

  it('applies them: every status to its message, with or without the key', async () => {
    const applied = await withTransaction(t.pool, (client) => applyStatuses(client, statusesOf(false)));
    expect(applied).toHaveLength(2000);
    const keyed = statusesOf(true).map((status) => ({ ...status, status: 'read' as const, readAt: new Date() }));
    const appliedByKey = await withTransaction(t.pool, (client) => applyStatuses(client, keyed));
    expect(appliedByKey).toHaveLength(2000);
    expect(new Set(appliedByKey.map((row) => row.status))).toEqual(new Set(['read']));
  });
});
