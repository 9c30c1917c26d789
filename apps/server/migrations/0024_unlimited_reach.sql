-- An unlimited portfolio (messaging_limit null) has no slots to share: its reservations neither
-- lock the portfolio's row nor count its reach in the moving 24 hours. Measured in
-- bench/campaigns.mjs (send, 30 numbers of one unlimited portfolio): every lane's batch waited for
-- that lock (6 sessions on average) and counted a window that grew with every contact reached
-- (264 000 index entries by the end), most of PostgreSQL's CPU. A limited portfolio still locks and
-- counts: the window then never holds more reaches than the limit, so the count stays bounded.
-- The reach is still recorded (warm-up plans and their daily roll-up read it), in contact order so
-- that lanes upserting the same contacts lock them in the same order.
create or replace function reserve_portfolio_reach(p_tenant text, p_portfolio bigint, p_contacts bigint[])
returns table (contact_id bigint, granted boolean, next_free_at timestamptz) language plpgsql as $$
declare
  day_ago timestamptz := now() - interval '24 hours';
  reach_limit integer;
  used integer;
  oldest timestamptz;
begin
  select messaging_limit into reach_limit from wa_portfolio where tenant_id = p_tenant and id = p_portfolio;
  if reach_limit is null then
    -- A contact reached in the last 24 h keeps its reach time: only a new reach moves it.
    insert into portfolio_reach as r (tenant_id, portfolio_id, contact_id, reached_at)
    select p_tenant, p_portfolio, a.contact_id, now()
      from (select distinct a.contact_id from unnest(p_contacts) as a (contact_id)) a
     order by a.contact_id
    on conflict on constraint portfolio_reach_pkey do update set reached_at = excluded.reached_at
     where r.reached_at <= day_ago;
    return query select a.contact_id, true, now() + interval '24 hours' from unnest(p_contacts) as a (contact_id);
    return;
  end if;

  select messaging_limit into reach_limit from wa_portfolio where tenant_id = p_tenant and id = p_portfolio for update;
  select count(*), min(r.reached_at) into used, oldest
    from portfolio_reach r
    where r.tenant_id = p_tenant and r.portfolio_id = p_portfolio and r.reached_at > day_ago;
  return query
  with asked as (
    select a.contact_id, min(a.position) as position
    from unnest(p_contacts) with ordinality as a (contact_id, position)
    group by a.contact_id
  ),
  marked as (
    select a.contact_id, a.position, exists (
      select 1 from portfolio_reach r
      where r.tenant_id = p_tenant and r.portfolio_id = p_portfolio and r.contact_id = a.contact_id
        and r.reached_at > day_ago
    ) as already
    from asked a
  ),
  ranked as (
    select m.contact_id, m.already,
      m.already or reach_limit is null
        or row_number() over (partition by m.already order by m.position) <= reach_limit - used as granted
    from marked m
  ),
  upserted as (
    insert into portfolio_reach (tenant_id, portfolio_id, contact_id, reached_at)
    select p_tenant, p_portfolio, r.contact_id, now() from ranked r where r.granted and not r.already
    on conflict on constraint portfolio_reach_pkey do update set reached_at = excluded.reached_at
    returning portfolio_reach.contact_id
  )
  select r.contact_id, r.granted, coalesce(oldest, now()) + interval '24 hours' from ranked r;
end $$;
