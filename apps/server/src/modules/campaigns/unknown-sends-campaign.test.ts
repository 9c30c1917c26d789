/**
 * A campaign's send whose fate is unknown goes again (as the same message) only while its campaign
 * runs or has completed and its recipient still points to it: never for a paused or cancelled
 * campaign, nor for a recipient a resend gave a new message.
 */
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/pool.js';
import { useTestApp } from '../../test/test-app.js';
import { createTenant, seedContact, seedNumber, seedTemplate } from '../../test/whatsapp-fixtures.js';
import { queueMessages } from '../../whatsapp/governor/queue-messages.js';
import { settleUnknownSends } from '../../whatsapp/governor/unknown-sends-job.js';
import { seedRunningCampaign, templateContent } from './test-support.js';

const t = useTestApp();

/** A campaign of one recipient whose message was marked unknown ten minutes ago, after which the number sent another. */
async function unknownCampaignSend(status: string, pointsToMessage = true) {
  const tenantId = await createTenant(t.pool);
  const { numberId } = await seedNumber(t.pool, t.context.whatsapp, tenantId);
  const templateId = await seedTemplate(t.pool, tenantId, numberId, { name: 'promo' });
  const contactId = await seedContact(t.pool, tenantId, {
    waId: `44860${Math.floor(Math.random() * 1e6)}`,
    consent: true,
  });
  const campaignId = await seedRunningCampaign(t.pool, tenantId, {
    numberIds: [numberId],
    templateId,
    contactIds: [contactId],
  });
  const intent = {
    numberId,
    contactId,
    campaignId,
    type: 'template',
    templateId,
    content: templateContent(templateId),
  };
  const [message, later] = await withTransaction(t.pool, (client) => queueMessages(client, tenantId, [intent, intent]));
  await t.pool.query(
    `update campaign_recipient set message_id = $2, message_created_at = $3, state = 9 where campaign_id = $1`,
    [campaignId, pointsToMessage ? message?.id : later?.id, message?.createdAt],
  );
  await t.pool.query(`delete from send_queue where tenant_id = $1`, [tenantId]);
  await t.pool.query(
    `update message set status = case when id = $2 then 'unknown' else 'sent' end,
                        sent_at = case when id = $3 then now() end, meta_message_id = case when id = $3 then 'wamid.later' end
      where tenant_id = $1`,
    [tenantId, message?.id, later?.id],
  );
  await t.pool.query(
    `insert into unknown_send (tenant_id, message_id, message_created_at, number_id, since)
     values ($1, $2, $3, $4, now() - interval '10 minutes')`,
    [tenantId, message?.id, message?.createdAt, numberId],
  );
  await t.pool.query('update campaign set status = $2 where id = $1', [campaignId, status]);
  return { tenantId, campaignId, messageId: message?.id as string };
}

async function fate(tenantId: string, messageId: string) {
  const { rows } = await t.pool.query(
    `select m.status, q.message_id is not null as queued, u.message_id is not null as watched
       from message m
       left join send_queue q on q.tenant_id = m.tenant_id and q.message_id = m.id
       left join unknown_send u on u.tenant_id = m.tenant_id and u.message_id = m.id
      where m.tenant_id = $1 and m.id = $2`,
    [tenantId, messageId],
  );
  return rows[0];
}

describe('an unknown campaign send', () => {
  it('goes again for a running or completed campaign, and its recipient follows', async () => {
    for (const status of ['running', 'completed']) {
      const { tenantId, campaignId, messageId } = await unknownCampaignSend(status);
      await settleUnknownSends(t.pool);
      expect(await fate(tenantId, messageId)).toEqual({ status: 'queued', queued: true, watched: false });
      const { rows } = await t.pool.query('select state from campaign_recipient where campaign_id = $1', [campaignId]);
      expect(rows).toEqual([{ state: 1 }]);
    }
  });

  it('stays unknown, and watched, while its campaign is paused, held or cancelled', async () => {
    for (const status of ['paused', 'held', 'cancelled']) {
      const { tenantId, messageId } = await unknownCampaignSend(status);
      await settleUnknownSends(t.pool);
      expect(await fate(tenantId, messageId)).toEqual({ status: 'unknown', queued: false, watched: true });
    }
  });

  it('stays unknown when a resend gave its recipient another message', async () => {
    const { tenantId, messageId } = await unknownCampaignSend('running', false);
    await settleUnknownSends(t.pool);
    expect(await fate(tenantId, messageId)).toEqual({ status: 'unknown', queued: false, watched: true });
  });
});
