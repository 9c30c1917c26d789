/** Campaigns' test world: tenants A and B with numbers, a contact tag, an approved template and contacts. */
import type { TestApp } from '../../test/test-app.js';
import { seedContact, seedTemplate } from '../../test/whatsapp-fixtures.js';

/** A campaign request with everything valid; tests change one part. */
export function newCampaign(numberId: string, tagId: string, templateId: string, change: Record<string, unknown> = {}) {
  return {
    name: 'Spring sale',
    numberIds: [numberId],
    audience: { tagIds: [tagId] },
    content: {
      kind: 'template',
      templateId,
      variables: { 'body.1': { source: 'field', field: 'name', fallback: 'friend' } },
    },
    ...change,
  };
}

/** An approved marketing template "Hello {{1}}" on the number's WABA. */
export function approvedTemplate(t: TestApp, tenantId: string, numberId: string, name = 'spring_sale') {
  return seedTemplate(t.pool, tenantId, numberId, { name });
}

let phones = 0;

/** Contacts of the tenant carrying the tag: consenting unless told otherwise; their ids. */
export async function taggedContacts(
  t: TestApp,
  tenantId: string,
  tagId: string,
  count: number,
  seed: { numberId?: string; consent?: boolean; optedOut?: { at: Date; channel: string } } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    phones += 1;
    const waId = `4477009${process.pid % 1000}${String(phones).padStart(5, '0')}`;
    ids.push(await seedContact(t.pool, tenantId, { waId, consent: seed.consent ?? true, ...seed }));
  }
  await t.pool.query('insert into contact_tag (tenant_id, contact_id, tag_id) select $1, unnest($2::bigint[]), $3', [
    tenantId,
    ids,
    tagId,
  ]);
  return ids;
}
