import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/index.js';
import { addTag, type SignedIn, tenantOperator } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { enqueueSplitDecision } from './dispatch-job.js';
import {
  newCampaign,
  sandboxForApp,
  sandboxSenders,
  sandboxSends,
  secondSandboxTemplate,
  taggedContacts,
  templateContent,
  until,
} from './test-support.js';

// An A/B split end to end: add → snapshot → the sample only → customers reply to B → the decision
// job → the rest get B's template. The sandbox's customers deliver and read everything at once.
const app = useTestApp({}, { worker: true });
let sandbox: RunningSandbox;
let operator: SignedIn;

beforeAll(async () => {
  sandbox = await sandboxForApp(app);
  operator = await tenantOperator(app, 'cmpsplitrun');
});

afterAll(async () => {
  await sandbox?.stop();
});

const call = (path: string, body: object) =>
  app.post(path, { body, token: operator.token, headers: { 'accept-language': 'en' } });

/** The campaign's recipients of a variant (1 A, 2 B, 3 rest) in a state (null: any) or past it (>= state). */
async function count(id: string, variant: number, atLeastState: number | null = null): Promise<number> {
  const { rows } = await app.pool.query(
    `select coalesce(sum(n), 0)::int as n from campaign_variant_tally_live
      where campaign_id = $1 and variant = $2 and ($3::int is null or state >= $3)`,
    [id, variant, atLeastState],
  );
  return rows[0].n;
}

describe('an A/B split campaign', () => {
  it('sends only the sample, waits for the decision, and sends the rest the content with the better reply rate', async () => {
    const { tenantId } = operator;
    const world = await sandboxSenders(app, sandbox, tenantId, 1, 20);
    const templateB = await secondSandboxTemplate(app, sandbox, world);
    const number = world.numbers[0] as { numberId: string; phoneNumberId: string };
    const tagId = await addTag(app, tenantId, 'ab', 'contact');
    await taggedContacts(app, tenantId, tagId, 40);
    const split = { content: templateContent(templateB), samplePercent: 20, metric: 'reply', decideAfterMinutes: 5 };
    const added = await call('/api/btmsg/add', newCampaign(number.numberId, tagId, world.templateId, { split }));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.data.campaign.id as string;

    // The sample goes out, and nobody else: the rest wait, and the decision is queued 5 minutes on.
    const sentAt = async () =>
      (await app.pool.query('select split_sample_sent_at from campaign where id = $1', [id])).rows[0]
        .split_sample_sent_at as Date | null;
    await until(async () => (await sentAt()) !== null, 'the sample to go out');
    await until(async () => (await count(id, 1, 4)) + (await count(id, 2, 4)) === 8, 'the sample to be delivered');
    const sampleSentAt = await sentAt();
    const job = await app.pool.query('select run_at from graphile_worker.jobs where key = $1', [
      `campaign_split_decision:${id}`,
    ]);
    expect(new Date(job.rows[0].run_at).getTime()).toBe((sampleSentAt as Date).getTime() + 5 * 60_000);
    expect(await count(id, 3)).toBe(32);
    expect(await count(id, 3, 1)).toBe(0);
    expect(await sandboxSends(sandbox, [number.phoneNumberId])).toHaveLength(8);
    const waiting = await call('/api/btmsg/details', { id });
    expect(waiting.body.data.campaign).toMatchObject({ status: 'running' });
    expect(waiting.body.data.campaign.split).toMatchObject({ decision: null });
    expect(Date.parse(waiting.body.data.campaign.split.decide_at)).toBe((sampleSentAt as Date).getTime() + 300_000);

    // B's customers write back.
    const { rows: bContacts } = await app.pool.query(
      `select c.wa_id from campaign_recipient r join contact c on c.tenant_id = r.tenant_id and c.id = r.contact_id
        where r.campaign_id = $1 and r.variant = 2`,
      [id],
    );
    for (const contact of bContacts) {
      const reply = await sandbox.control('POST', '/inbound', {
        phone_number_id: number.phoneNumberId,
        from: contact.wa_id,
        type: 'text',
        text: 'Tell me more',
      });
      expect(reply.status).toBe(200);
    }
    await until(async () => (await count(id, 2, 6)) === 4, 'B’s replies to be counted');

    // The decision's time comes (moved to now rather than waited for).
    await enqueueSplitDecision(app.pool, tenantId, id, new Date());
    await until(
      async () =>
        (await app.pool.query('select status from campaign where id = $1', [id])).rows[0].status === 'completed',
      'the rest to be sent',
      60_000,
    );
    const details = await call('/api/btmsg/details', { id });
    const answered = details.body.data.campaign.split;
    expect(answered.decision).toMatchObject({ winner: 'b', reason: 'metric', a: { sent: 4, rate: 0 }, b: { rate: 1 } });
    expect(answered.variants[1]).toMatchObject({ variant: 'b', recipients: 4, replied: 4, reply_rate: 1 });
    // Each variant's messages carried its template; the rest got B's.
    const { rows: templates } = await app.pool.query(
      `select r.variant, m.template_id::text, count(*)::int as n
         from campaign_recipient r join message m on m.tenant_id = r.tenant_id and m.id = r.message_id
        where r.campaign_id = $1 group by 1, 2 order by 1`,
      [id],
    );
    expect(templates).toEqual([
      { variant: 1, template_id: world.templateId, n: 4 },
      { variant: 2, template_id: templateB, n: 4 },
      { variant: 3, template_id: templateB, n: 32 },
    ]);
    const sends = await sandboxSends(sandbox, [number.phoneNumberId]);
    expect(sends.filter((send) => send.status !== 'received')).toHaveLength(40);
    expect(new Set(sends.map((send) => send.to)).size).toBe(40);
  }, 120_000);
});
