import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.js';
import { seedContact } from '../../test/whatsapp-fixtures.js';
import {
  deliver,
  EXAMPLE_PHONE_NUMBER_ID,
  EXAMPLE_WABA_ID,
  inboundPayload,
  type SeededNumber,
  seedNumber,
  statusesPayload,
  WEBHOOK_ENV,
} from '../../whatsapp/webhooks/test-support.js';
import { foldCampaignCounts } from './count-fold-repository.js';

const t = useTestApp(WEBHOOK_ENV);
let number: SeededNumber;
let campaignId: string;

beforeAll(async () => {
  number = await seedNumber(t, {
    tenantId: 'cmpstates',
    phoneNumberId: EXAMPLE_PHONE_NUMBER_ID,
    wabaId: EXAMPLE_WABA_ID,
  });
  const { rows } = await t.pool.query(
    `insert into campaign (tenant_id, kind, name, status, audience, content, purpose, run_no)
     values ($1, 'mass', 'States', 'running', '{}', '{}', 'marketing', 1) returning id::text`,
    [number.tenantId],
  );
  campaignId = rows[0].id;
});

/** A recipient whose message Meta accepted (as the dispatcher and the lane leave it); its contact id. */
async function acceptedRecipient(waId: string, metaId: string): Promise<string> {
  const contactId = await seedContact(t.pool, number.tenantId, { waId, numberId: number.numberId, consent: true });
  const { rows } = await t.pool.query(
    `insert into message (tenant_id, number_id, contact_id, direction, type, body, status, meta_message_id, purpose, campaign_id)
     values ($1, $2, $3, 'out', 'template', '{}', 'accepted', $4, 'marketing', $5) returning id, created_at`,
    [number.tenantId, number.numberId, contactId, metaId, campaignId],
  );
  await t.pool.query(
    `insert into campaign_recipient (campaign_id, contact_id, tenant_id, number_id, run_no, state, message_id, message_created_at)
     values ($1, $2, $3, $4, 1, 2, $5, $6)`,
    [campaignId, contactId, number.tenantId, number.numberId, rows[0].id, rows[0].created_at],
  );
  return contactId;
}

const recipient = async (contactId: string) =>
  (
    await t.pool.query(
      'select state, error_code, not_before is not null as deferred from campaign_recipient where campaign_id = $1 and contact_id = $2',
      [campaignId, contactId],
    )
  ).rows[0];

const countsIn = async (relation: 'campaign_tally_live' | 'campaign_tally') =>
  Object.fromEntries(
    (
      await t.pool.query(
        `select state, sum(n)::int as n from ${relation} where campaign_id = $1 group by state having sum(n) <> 0 order by state`,
        [campaignId],
      )
    ).rows.map((row) => [row.state, row.n]),
  );

/** The counts as screens read them (roll-up and deltas); folding the deltas in changes nothing. */
async function tally() {
  const live = await countsIn('campaign_tally_live');
  await foldCampaignCounts(t.pool, campaignId);
  expect(await countsIn('campaign_tally')).toEqual(live);
  const left = await t.pool.query('select 1 from campaign_count_delta where campaign_id = $1', [campaignId]);
  expect(left.rows).toEqual([]);
  return live;
}

describe('recipients follow their messages', () => {
  it('moves a recipient with its status webhooks, then to replied when the contact writes back, and counts it', async () => {
    const contact = await acceptedRecipient('447700800001', 'wamid.states.1');
    const now = Math.floor(Date.now() / 1000);
    await deliver(t, statusesPayload(EXAMPLE_PHONE_NUMBER_ID, [{ id: 'wamid.states.1', status: 'sent', at: now }]));
    expect(await recipient(contact)).toMatchObject({ state: 3 });
    await deliver(
      t,
      statusesPayload(EXAMPLE_PHONE_NUMBER_ID, [
        { id: 'wamid.states.1', status: 'delivered', at: now + 1 },
        { id: 'wamid.states.1', status: 'read', at: now + 2 },
      ]),
    );
    expect(await recipient(contact)).toMatchObject({ state: 5 });
    await deliver(
      t,
      inboundPayload(EXAMPLE_PHONE_NUMBER_ID, '447700800001', [
        { id: 'wamid.states.in.1', timestamp: String(now + 3), type: 'text', text: { body: 'Tell me more' } },
      ]),
    );
    expect(await recipient(contact)).toMatchObject({ state: 6 });
    // A late "read" never takes the reply back.
    await deliver(t, statusesPayload(EXAMPLE_PHONE_NUMBER_ID, [{ id: 'wamid.states.1', status: 'read', at: now + 4 }]));
    expect(await recipient(contact)).toMatchObject({ state: 6 });
    expect(await tally()).toEqual({ 6: 1 });
    const timeline = await t.pool.query(
      'select state, sum(n)::int as n from campaign_timeline where campaign_id = $1 group by state order by state',
      [campaignId],
    );
    expect(timeline.rows).toEqual([
      { state: 3, n: 1 },
      { state: 5, n: 1 },
      { state: 6, n: 1 },
    ]);
  });

  it("defers a recipient Meta's per-user marketing cap (131049) turned away, and fails one it could not deliver", async () => {
    const capped = await acceptedRecipient('447700800002', 'wamid.states.2');
    const failed = await acceptedRecipient('447700800003', 'wamid.states.3');
    const now = Math.floor(Date.now() / 1000);
    await deliver(
      t,
      statusesPayload(EXAMPLE_PHONE_NUMBER_ID, [
        { id: 'wamid.states.2', status: 'failed', at: now, errorCode: 131049 },
        { id: 'wamid.states.3', status: 'failed', at: now, errorCode: 131026 },
      ]),
    );
    expect(await recipient(capped)).toEqual({ state: 10, error_code: 131049, deferred: true });
    expect(await recipient(failed)).toEqual({ state: 7, error_code: 131026, deferred: false });
    expect(await tally()).toEqual({ 6: 1, 7: 1, 10: 1 });
  });

  it('leaves a recipient alone when the status is of an earlier run’s message', async () => {
    const contact = await acceptedRecipient('447700800004', 'wamid.states.4');
    // Resent as run 2: the recipient now links to no message yet.
    await t.pool.query(
      `update campaign_recipient set run_no = 2, state = 0, message_id = null where campaign_id = $1 and contact_id = $2`,
      [campaignId, contact],
    );
    await deliver(
      t,
      statusesPayload(EXAMPLE_PHONE_NUMBER_ID, [
        { id: 'wamid.states.4', status: 'delivered', at: Math.floor(Date.now() / 1000) },
      ]),
    );
    expect(await recipient(contact)).toMatchObject({ state: 0 });
  });
});
