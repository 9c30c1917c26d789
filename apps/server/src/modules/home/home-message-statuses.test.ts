import { beforeAll, describe, expect, it } from 'vitest';
import { useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { seedContact, seedNumber } from '../../test/whatsapp-fixtures.js';
import {
  deliver,
  insertOutbound,
  type StatusSpec,
  statusesPayload,
  WEBHOOK_ENV,
} from '../../whatsapp/webhooks/test-support.js';

/**
 * The dashboard's delivered, read and failed count every outbound message of the tenant, whatever
 * sent it (migration 0050): here an agent's chat messages, an auto-reply and a campaign's message,
 * moved by status webhooks through the intake, as Meta sends them.
 */
const t = useTestApp(WEBHOOK_ENV);
const tenants = useTenants(t, 'homemsg');
const { a: owner, b: other } = tenants;

interface Outcomes {
  day: string;
  delivered: number;
  read: number;
  failed: number;
}

/** The day's outcomes of the tenant as `home/summary` gives them. */
async function outcomesOn(token: string, day: string) {
  const reply = await t.post('/api/home/summary', { token, body: {} });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const found = (reply.body.data.message_days as Outcomes[]).find((row) => row.day === day);
  return { delivered: found?.delivered, read: found?.read, failed: found?.failed };
}

// A minute ago, and the UTC day of that minute (the day a status counts on).
const at = Math.floor(Date.now() / 1000) - 60;
const day = new Date(at * 1000).toISOString().slice(0, 10);

let ours: { tenantId: string; numberId: string; phoneNumberId: string };
let theirs: { tenantId: string; numberId: string; phoneNumberId: string };

beforeAll(async () => {
  ours = { tenantId: owner.tenantId, ...(await seedNumber(t.pool, t.context.whatsapp, owner.tenantId)) };
  theirs = { tenantId: other.tenantId, ...(await seedNumber(t.pool, t.context.whatsapp, other.tenantId)) };
  const contactId = await seedContact(t.pool, owner.tenantId, { waId: '15550142001', numberId: ours.numberId });
  // An agent's chat messages, as the send lane leaves them once Meta accepted them.
  for (const metaId of ['wamid.chat.delivered', 'wamid.chat.read', 'wamid.chat.failed', 'wamid.chat.sent']) {
    await insertOutbound(t.pool, ours, metaId, { contactId });
  }
  await insertOutbound(t.pool, theirs, 'wamid.theirs.delivered');
  // An auto-reply whose send answer was lost: the status settles it by its callback data, through
  // the status statement's second update of message.
  const lost = await insertOutbound(t.pool, ours, null, { contactId, status: 'unknown' });

  // A campaign's message with its recipient: the recipient follows the message (campaign_timeline
  // counts it), and the dashboard counts the message once.
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into campaign (tenant_id, kind, name, status, audience, content, purpose, run_no)
     values ($1, 'mass', 'Dashboard', 'running', '{}', '{}', 'marketing', 1) returning id::text`,
    [owner.tenantId],
  );
  const campaignId = rows[0]?.id as string;
  const recipient = await seedContact(t.pool, owner.tenantId, { waId: '15550142002', numberId: ours.numberId });
  const messageId = await insertOutbound(t.pool, ours, 'wamid.campaign.read', { contactId: recipient, campaignId });
  await t.pool.query(
    `insert into campaign_recipient (campaign_id, contact_id, tenant_id, number_id, run_no, state, message_id, message_created_at)
     select $1, $2, $3, $4, 1, 2, id, created_at from message where tenant_id = $3 and id = $5`,
    [campaignId, recipient, owner.tenantId, ours.numberId, messageId],
  );

  const statuses = (phoneNumberId: string, ...specs: StatusSpec[]) => deliver(t, statusesPayload(phoneNumberId, specs));
  await statuses(
    ours.phoneNumberId,
    { id: 'wamid.chat.delivered', status: 'sent', at },
    { id: 'wamid.chat.delivered', status: 'delivered', at },
    { id: 'wamid.chat.read', status: 'delivered', at },
    { id: 'wamid.chat.failed', status: 'failed', at, errorCode: 131026 },
    { id: 'wamid.chat.sent', status: 'sent', at },
    { id: 'wamid.campaign.read', status: 'delivered', at },
    { id: 'wamid.lost.answer', status: 'delivered', at, callbackData: lost },
  );
  // Later requests: a read, and duplicates of what was said already, which count nothing more.
  await statuses(
    ours.phoneNumberId,
    { id: 'wamid.chat.read', status: 'read', at },
    { id: 'wamid.campaign.read', status: 'read', at },
    { id: 'wamid.chat.delivered', status: 'delivered', at },
    { id: 'wamid.chat.failed', status: 'failed', at, errorCode: 131026 },
  );
  await statuses(theirs.phoneNumberId, { id: 'wamid.theirs.delivered', status: 'delivered', at });
});

describe("home/summary's delivered, read and failed", () => {
  it('count every outbound message of the tenant once: chats, auto-replies and campaigns', async () => {
    expect(await outcomesOn(owner.token, day)).toEqual({ delivered: 4, read: 2, failed: 1 });
    const { rows } = await t.pool.query(
      `select state, sum(n)::int as n from campaign_timeline where tenant_id = $1 group by 1 order by 1`,
      [owner.tenantId],
    );
    expect(rows).toEqual([
      { state: 4, n: 1 },
      { state: 5, n: 1 },
    ]);
  });

  it("are the tenant's own", async () => {
    expect(await outcomesOn(other.token, day)).toEqual({ delivered: 1, read: 0, failed: 0 });
  });

  it("equal the tenant's messages' own times, day by day", async () => {
    const { rows } = await t.pool.query(
      `with counted as (
         select day, sum(delivered)::int as delivered, sum(read)::int as read, sum(failed)::int as failed
           from message_day where tenant_id = $1 group by day
       ),
       stored as (
         select day, count(*) filter (where outcome = 'delivered')::int as delivered,
                count(*) filter (where outcome = 'read')::int as read, count(*) filter (where outcome = 'failed')::int as failed
           from (select (delivered_at at time zone 'UTC')::date as day, 'delivered' as outcome
                   from message where tenant_id = $1 and direction = 'out' and delivered_at is not null
                 union all
                 select (read_at at time zone 'UTC')::date, 'read'
                   from message where tenant_id = $1 and direction = 'out' and read_at is not null
                 union all
                 select (coalesce(failed_at, status_at) at time zone 'UTC')::date, 'failed'
                   from message where tenant_id = $1 and direction = 'out' and status = 'failed') m
          group by day
       )
       select * from counted c full join stored s using (day)
        where (coalesce(c.delivered, 0), coalesce(c.read, 0), coalesce(c.failed, 0))
              <> (coalesce(s.delivered, 0), coalesce(s.read, 0), coalesce(s.failed, 0))`,
      [owner.tenantId],
    );
    expect(rows).toEqual([]);
  });
});
