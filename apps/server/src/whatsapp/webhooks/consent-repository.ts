/**
 * Marketing consent as webhooks record it on contacts (the rules are in opt-out.ts): opt-outs,
 * set-based and announced on `wa_contact_opt_out`, and resumes. A contact is created when missing.
 */
import type { OptOutChannel } from '@ws/contract';
import { type Db, prepared } from '../../platform/db/pool.js';
import type { ConsentAct } from './opt-out.js';

/** The conflict target of a contact found by wa_id, or by BSUID. */
const BY_WA_ID = '(tenant_id, wa_id)';
const BY_USER_ID = '(tenant_id, user_portfolio_id, user_id) where user_id is not null';

// The contact is created when missing: a stop from someone we never wrote to must still hold
// when they are imported later.
const optOutSql = (key: string) => `
  with asked as (
    select * from unnest($1::text[], $2::bigint[], $3::text[], $4::timestamptz[], $6::text[], $7::bigint[])
      as a (tenant_id, number_id, wa_id, at, user_id, user_portfolio_id)
  ),
  opted as (
    insert into contact as c (tenant_id, wa_id, user_id, user_portfolio_id, number_id, opted_out_at, opt_out_channel)
    select tenant_id, wa_id, user_id, user_portfolio_id, number_id, at, $5 from asked
    on conflict ${key} do update
       set opted_out_at = excluded.opted_out_at, opt_out_channel = excluded.opt_out_channel, updated_at = now()
     where c.opted_out_at is null and (c.opt_resumed_at is null or c.opt_resumed_at <= excluded.opted_out_at)
    returning c.tenant_id, c.id
  )
  select pg_notify('wa_contact_opt_out', json_build_object('tenantId', tenant_id, 'contactId', id::text)::text)
    from opted`;

const OPT_OUT_BY_WA_ID = optOutSql(BY_WA_ID);
const OPT_OUT_BY_USER_ID = optOutSql(BY_USER_ID);

/**
 * Opts out the contacts of `acts` (one act per contact), found by wa_id or by BSUID; returns how
 * many changed.
 */
export async function optOutContacts(
  db: Db,
  by: 'waId' | 'userId',
  acts: readonly ConsentAct[],
  channel: OptOutChannel,
): Promise<number> {
  const { rowCount } = await db.query(
    prepared(by === 'waId' ? OPT_OUT_BY_WA_ID : OPT_OUT_BY_USER_ID, [
      acts.map((act) => act.tenantId),
      acts.map((act) => act.numberId),
      acts.map((act) => act.waId),
      acts.map((act) => act.at),
      channel,
      acts.map((act) => (act.waId === null ? (act.user?.userId ?? null) : null)),
      acts.map((act) => (act.waId === null ? (act.user?.portfolioId ?? null) : null)),
    ]),
  );
  return rowCount ?? 0;
}

/**
 * Records a resume of the contact of the act's wa_id or, without one, of `user`'s BSUID, and
 * clears the opt-out it may clear (any when `clears` is null); whether an opt-out was cleared.
 */
export async function recordResume(
  db: Db,
  act: ConsentAct,
  user: { portfolioId: string; userId: string } | null,
  clears: OptOutChannel[] | null,
): Promise<boolean> {
  const { rows } = await db.query<{ cleared: boolean }>(
    prepared(
      `with before as (select opted_out_at from contact
                        where tenant_id = $1 and (wa_id = $3 or (user_portfolio_id = $7 and user_id = $6)))
       insert into contact as c (tenant_id, wa_id, user_id, user_portfolio_id, number_id, opt_resumed_at)
       values ($1, $3, $6, $7, $2, $4)
       on conflict ${user ? BY_USER_ID : BY_WA_ID} do update
          set opted_out_at = null, opt_out_channel = null,
              opt_resumed_at = greatest(c.opt_resumed_at, excluded.opt_resumed_at), updated_at = now()
        where c.opted_out_at is null
           or (c.opted_out_at <= excluded.opt_resumed_at and ($5::text[] is null or c.opt_out_channel = any($5::text[])))
       returning (select opted_out_at from before) is not null as cleared`,
      [act.tenantId, act.numberId, act.waId, act.at, clears, user?.userId ?? null, user?.portfolioId ?? null],
    ),
  );
  return rows[0]?.cleared ?? false;
}
