/**
 * The inbox row of one conversation (what `inbox/open` answers with) reads that conversation once,
 * by its key, whatever the statistics say. Inlined into its joins, with statistics older than the
 * rows (a team's first day, before autovacuum analyses), PostgreSQL found it by walking every
 * number × contact pair of the tenant: 250 ms for 500 conversations (bench/agents.mjs).
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { selectInboxConversation } from './inbox-repository.js';

const t = useTestApp();
const { a: operator, seat } = useTenants(t, 'rowplan');

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode, relation: string): PlanNode[] {
  const own = node['Relation Name'] === relation ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => scansOf(child, relation))];
}

describe("one conversation's inbox row", () => {
  it('reads the conversation once, not once per number and contact of the tenant', async () => {
    const numberIds: string[] = [];
    for (let index = 0; index < 5; index += 1) numberIds.push(await addNumber(t, operator.tenantId));
    // 100 contacts, each with a conversation on every number: 500, none analysed yet.
    await t.pool.query(
      `with made as (
         insert into contact (tenant_id, wa_id, name)
         select $1, '4479' || lpad(n::text, 8, '0'), 'Customer ' || n from generate_series(1, 100) n
         returning id)
       insert into conversation (tenant_id, number_id, contact_id, last_inbound_at, last_message_at)
       select $1, number_id, made.id, now(), now() from made, unnest($2::bigint[]) number_id`,
      [operator.tenantId, numberIds],
    );
    const { rows } = await t.pool.query<{ id: string }>(
      `update conversation set assignee_user_id = $2, assigned_at = now()
        where id = (select id from conversation where tenant_id = $1 order by id desc limit 1)
        returning id::text`,
      [operator.tenantId, seat.userId],
    );
    const conversationId = rows[0]?.id as string;
    const scope: Scope = {
      tenantId: operator.tenantId,
      userId: seat.userId,
      role: 'seat',
      acrossTenants: false,
      assignee: seat.userId,
    };
    // The statement as the repository sends it, then its plan as PostgreSQL runs it.
    let sent: pg.QueryConfig | undefined;
    const recording = {
      query: (config: pg.QueryConfig) => {
        sent = config;
        return t.pool.query(config);
      },
    } as unknown as Db;
    const row = await selectInboxConversation(recording, scope, conversationId);
    expect(row?.id).toBe(conversationId);
    const explained = await t.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${sent?.text}`,
      sent?.values,
    );
    const plan = explained.rows[0]?.['QUERY PLAN'][0].Plan as PlanNode;
    const scans = scansOf(plan, 'conversation');
    expect(scans.map((scan) => scan['Actual Loops'])).toEqual([1]);
  });
});
