/**
 * The data set a tenant's deletion exports first (decision 0032): contacts, conversations and
 * messages (metadata, never content), campaigns with each recipient's state, and the ledger, each
 * a CSV written by COPY into DATA_DIR; only the tenant's rows; past its bound it fails and leaves
 * nothing behind.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addNumber, useTenants } from '../../test/tenants.js';
import { useTestApp } from '../../test/test-app.js';
import { approvedTemplate, consentingContacts, seedRunningCampaign } from '../campaigns/test-support.js';
import { postTransaction } from '../wallet/post-transaction.js';
import { exportCustomerData } from './customer-export.js';

const t = useTestApp();
const { a, b } = useTenants(t, 'export');
const SECRET = 'never exported: message content';

async function seedTenant(tenantId: string, campaignName: string) {
  const numberId = await addNumber(t, tenantId);
  const templateId = await approvedTemplate(t, tenantId, numberId);
  const contactIds = await consentingContacts(t.pool, tenantId, 3);
  const campaignId = await seedRunningCampaign(t.pool, tenantId, { numberIds: [numberId], templateId, contactIds });
  await t.pool.query(`update campaign set name = $2 where id = $1`, [campaignId, campaignName]);
  await t.pool.query(`update campaign_recipient set state = 4 where campaign_id = $1 and contact_id = $2`, [
    campaignId,
    contactIds[0],
  ]);
  await t.pool.query(
    `insert into message (tenant_id, number_id, contact_id, direction, type, body, preview, status)
     values ($1, $2, $3, 'in', 'text', $4, $5, 'received')`,
    [tenantId, numberId, contactIds[0], JSON.stringify({ text: { body: SECRET } }), SECRET],
  );
  await t.pool.query(
    `insert into conversation (tenant_id, number_id, contact_id, last_inbound_at) values ($1, $2, $3, now())`,
    [tenantId, numberId, contactIds[0]],
  );
  await postTransaction(t.pool, tenantId, {
    kind: 'top_up',
    idempotencyKey: `export-${tenantId}`,
    unit: 'usd_micros',
    memo: `top-up of ${tenantId}`,
    entries: [
      { tenant: 'wallet', amount: 7_000_000n },
      { platform: 'funding', amount: -7_000_000n },
    ],
  });
  return { campaignId };
}

let campaignOfA: string;
beforeAll(async () => {
  campaignOfA = (await seedTenant(a.tenantId, 'Export A')).campaignId;
  await seedTenant(b.tenantId, 'Export B');
});

const lines = (folder: string, name: string) =>
  readFileSync(path.join(t.context.config.dataDir, folder, `${name}.csv`), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

describe('the export before a tenant’s deletion', () => {
  it('writes the tenant’s contacts, conversations, messages, campaigns with recipients and ledger, and only its own', async () => {
    const folder = await exportCustomerData(t.context, a.tenantId);
    expect(lines(folder, 'contacts')).toHaveLength(4);
    expect(lines(folder, 'conversations')).toHaveLength(2);
    const messages = lines(folder, 'messages');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^id,created_utc,number_id,contact_id,/);
    expect(messages.join('\n')).not.toContain(SECRET);
    const campaigns = lines(folder, 'campaigns');
    expect(campaigns).toHaveLength(2);
    expect(campaigns[1]).toContain('Export A');
    const recipients = lines(folder, 'campaign_recipients');
    expect(recipients).toHaveLength(4);
    expect(recipients.filter((line) => line.startsWith(`${campaignOfA},`))).toHaveLength(3);
    expect(recipients.map((line) => line.split(',')[5]).sort()).toEqual(['delivered', 'pending', 'pending', 'state']);
    const ledger = lines(folder, 'ledger');
    expect(ledger).toHaveLength(2);
    expect(ledger[1]).toContain(`top-up of ${a.tenantId}`);
    const everything = ['contacts', 'conversations', 'messages', 'campaigns', 'campaign_recipients', 'ledger']
      .flatMap((name) => lines(folder, name))
      .join('\n');
    expect(everything).not.toContain('Export B');
    expect(everything).not.toContain(`top-up of ${b.tenantId}`);
  });

  it('fails past its bound and leaves no folder behind', async () => {
    const root = path.join(t.context.config.dataDir, 'customer-exports');
    const folders = () =>
      existsSync(root) ? readdirSync(root).filter((name) => name.startsWith(`${b.tenantId}-`)) : [];
    expect(folders()).toEqual([]);
    await expect(exportCustomerData(t.context, b.tenantId, 200)).rejects.toThrow(/bound of 200 bytes/);
    expect(folders()).toEqual([]);
  });

  it('removes an export a killed worker left half written', async () => {
    const root = path.join(t.context.config.dataDir, 'customer-exports');
    const stale = path.join(root, `${b.tenantId}-20260101-000000.partial`);
    mkdirSync(stale, { recursive: true });
    writeFileSync(path.join(stale, 'contacts.csv'), 'half');
    const folder = await exportCustomerData(t.context, b.tenantId);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith(`${b.tenantId}-`) && name.endsWith('.partial'))).toEqual(
      [],
    );
    expect(existsSync(path.join(t.context.config.dataDir, folder, 'ledger.csv'))).toBe(true);
  });
});
