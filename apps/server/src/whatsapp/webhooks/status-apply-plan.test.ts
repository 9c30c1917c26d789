/**
 * The status apply's plan when the month's statistics predate its messages (a partition filled
 * faster than autovacuum analyses it, as during a big campaign): every message must still be
 * reached by an index, never by a scan of the partition joined to every status.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withKeyLookups } from '../../platform/db/key-lookups.js';
import { withTransaction } from '../../platform/db/pool.js';
import { useTestApp } from '../../test/test-app.js';
import { APPLY_BY_META_ID, applyStatuses, type MergedStatus, statusParameters } from './status-repository.js';
import { type SeededNumber, seedNumber, WEBHOOK_ENV } from './test-support.js';

const t = useTestApp(WEBHOOK_ENV);
let number: SeededNumber;
const MESSAGES = 3000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

beforeAll(async () => {
  number = await seedNumber(t, { tenantId: '330001', phoneNumberId: '200000000000031', wabaId: '900000000000031' });
  // Statistics made before the month's outbound messages: the planner takes them for none.
  await t.pool.query('analyze message');
  await t.pool.query(
    `insert into message (tenant_id, number_id, direction, type, body, status, meta_message_id, purpose)
     select $1, $2, 'out', 'template', '{}', 'accepted', 'wamid.plan.' || g, 'marketing' from generate_series(1, $3) g`,
    [number.tenantId, number.numberId, MESSAGES],
  );
});

describe('applying a batch of statuses', () => {
  it('reaches each message through an index, with statistics older than the messages', async () => {
    const at = new Date();
    const statuses: MergedStatus[] = Array.from({ length: 2000 }, (_, index) => ({
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
      callbackMessageId: null,
    }));
    const plan = await withTransaction(t.pool, (client) =>
      withKeyLookups(client, async () => {
        const { rows } = await client.query(`explain (format json) ${APPLY_BY_META_ID}`, statusParameters(statuses));
        return rows[0]['QUERY PLAN'][0].Plan as PlanNode;
      }),
    );
    const onMessages = nodesOf(plan).filter((node) => node['Relation Name']?.startsWith('message_'));
    expect(onMessages.length).toBeGreaterThan(0);
    expect(onMessages.filter((node) => node['Node Type'] !== 'Index Scan').map((node) => node['Node Type'])).toEqual(
      [],
    );
    expect(nodesOf(plan).some((node) => node['Node Type'] === 'Materialize')).toBe(false);

    // And it applies them: every status to its message.
    const applied = await withTransaction(t.pool, (client) => applyStatuses(client, statuses));
    expect(applied).toHaveLength(2000);
  });
});
