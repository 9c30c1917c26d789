import type { TokenPair } from '@ws/contract';
import { hashPassword } from '../../platform/auth/password.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { TestApp } from '../../test/test-app.js';
import { seedContact, seedNumber } from '../../test/whatsapp-fixtures.js';
import { insertUser, roleIdOf } from '../users/user-repository.js';

/** Test data of the contact list: a tenant's operator, numbers, tags and contacts straight in the database. */

export interface TenantFixture {
  operator: TokenPair;
  tenantId: string;
  token: string;
}

export async function operatorTenant(t: TestApp, username?: string): Promise<TenantFixture> {
  const operator = await t.registerOperator(username);
  return { operator, tenantId: operator.user_info.tenant_id, token: operator.access_token };
}

/** A seat (agent) of the tenant, signed in: seats may not manage contacts. */
export async function seatOf(t: TestApp, fixture: TenantFixture, username: string): Promise<TokenPair> {
  const passwordHash = await hashPassword('seat-pass-123');
  await withTransaction(t.pool, async (client) =>
    insertUser(client, {
      tenantId: fixture.tenantId,
      username,
      passwordHash,
      nickname: username,
      deptId: fixture.operator.user_info.dept_id,
      roleId: await roleIdOf(client, 'seat'),
      mass: 0,
      isOwner: false,
      createdBy: fixture.operator.user_info.user_id,
    }),
  );
  return t.signIn(username, 'seat-pass-123');
}

export async function numberOf(t: TestApp, tenantId: string): Promise<string> {
  return (await seedNumber(t.pool, t.context.whatsapp, tenantId)).numberId;
}

export async function contactTagOf(t: TestApp, tenantId: string, name: string, kind = 'contact'): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into tag (tenant_id, kind, name, color) values ($1, $2, $3, '#296EFF') returning id`,
    [tenantId, kind, name],
  );
  return rows[0]?.id as string;
}

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

export async function liveContactCount(t: TestApp, tenantId: string): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'select count(*)::int as n from contact where tenant_id = $1 and deleted_at is null',
    [tenantId],
  );
  return rows[0]?.n ?? 0;
}
