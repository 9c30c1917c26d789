import type { TestApp } from '../../test/test-app.js';
import { seedContact } from '../../test/whatsapp-fixtures.js';

/** Test data of the contact list: contacts and their tags straight in the database. */

export async function tagContact(t: TestApp, tenantId: string, contactId: string, tagId: string): Promise<void> {
  await t.pool.query('insert into contact_tag (tenant_id, contact_id, tag_id) values ($1, $2, $3)', [
    tenantId,
    contactId,
    tagId,
  ]);
}

export interface ContactDetails {
  waId: string;
  name?: string;
  numberId?: string;
  ownerUserId?: string;
  source?: string;
  optedIn?: boolean;
  optedOut?: boolean;
  /** Hours since the contact last wrote. */
  wroteHoursAgo?: number;
}

export async function contactOf(t: TestApp, tenantId: string, details: ContactDetails): Promise<string> {
  const id = await seedContact(t.pool, tenantId, {
    waId: details.waId,
    ...(details.numberId ? { numberId: details.numberId } : {}),
    ...(details.optedIn ? { consent: true } : {}),
    ...(details.optedOut ? { optedOut: { at: new Date(Date.now() - 3_600_000), channel: 'stop_keyword' } } : {}),
    ...(details.wroteHoursAgo === undefined
      ? {}
      : { lastInboundAt: new Date(Date.now() - details.wroteHoursAgo * 3_600_000) }),
  });
  await t.pool.query(
    `update contact set name = $3, owner_user_id = $4, opt_in_source = coalesce($5, opt_in_source),
            last_message_at = last_inbound_at
      where tenant_id = $1 and id = $2`,
    [tenantId, id, details.name ?? '', details.ownerUserId ?? null, details.source ?? null],
  );
  return id;
}

/** Many plain contacts at once, for counts past the cap and streaming; wa_ids start at `firstWaId`. */
export async function manyContacts(
  t: TestApp,
  tenantId: string,
  count: number,
  options: { numberId?: string; firstWaId?: number } = {},
): Promise<void> {
  await t.pool.query(
    `insert into contact (tenant_id, wa_id, name, number_id)
     select $1, ($3::bigint + g)::text, 'Bulk ' || g, $4 from generate_series(1, $2::int) g`,
    [tenantId, count, options.firstWaId ?? 4_400_000_000_000, options.numberId ?? null],
  );
}
