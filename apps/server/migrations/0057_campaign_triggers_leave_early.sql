-- The campaign triggers on message ran for every statement that wrote messages, campaigns' or not
-- (the drain's inbound messages, the queueing of a reply, a lane's outcomes, each batch of
-- statuses): each ran its update of campaign_recipient, and an update of no row still fires
-- campaign_recipient's statement trigger, whose two inserts then read empty transition tables.
-- Each now leaves first when nothing can concern a campaign: no outbound campaign message among the
-- new rows (the statuses), no inbound message (the replies a campaign counts), no recipient changed.
create or replace function campaign_follow_messages() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from after_rows where campaign_id is not null and direction = 'out') then
    return null;
  end if;
  update campaign_recipient r
     set state = s.state,
         error_code = case when s.state in (7, 8, 10) then n.error_code end,
         error_title = case when s.state in (7, 8, 10) then n.error_title end,
         not_before = case when s.state = 10 then now() + interval '24 hours' end,
         updated_at = now()
    from after_rows n
   cross join lateral (select campaign_state_of(n.status, n.error_code) as state) s
   where n.campaign_id is not null and n.direction = 'out'
     and r.campaign_id = n.campaign_id and r.contact_id = n.contact_id and r.message_id = n.id
     and s.state is not null and r.state <> s.state and r.state <> 6;
  return null;
end $$;

create or replace function campaign_mark_replies() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from added where direction = 'in' and contact_id is not null) then
    return null;
  end if;
  update campaign_recipient r
     set state = 6, updated_at = now()
    from (select distinct m.campaign_id, m.id, m.contact_id
            from added a
           cross join lateral (
                 select o.campaign_id, o.id, o.contact_id from message o
                  where o.tenant_id = a.tenant_id and o.contact_id = a.contact_id
                    and o.created_at <= a.created_at and o.created_at > a.created_at - interval '72 hours'
                    and o.direction = 'out' and o.campaign_id is not null
                  order by o.created_at desc limit 1) m
           where a.direction = 'in' and a.contact_id is not null) m
   where r.campaign_id = m.campaign_id and r.contact_id = m.contact_id and r.message_id = m.id
     and r.state in (2, 3, 4, 5, 9);
  return null;
end $$;

-- Its settings (0034) are repeated: `create or replace` drops them.
create or replace function campaign_recipient_update() returns trigger language plpgsql
  set enable_nestloop = off set enable_hashjoin = on as $$
begin
  if not exists (select 1 from after_rows) then
    return null;
  end if;
  insert into campaign_count_delta (campaign_id, number_id, variant, state, tenant_id, n)
  select p.campaign_id, p.number_id, p.variant, p.state, min(p.tenant_id), sum(p.delta)
    from before_rows o
    join after_rows n on n.campaign_id = o.campaign_id and n.contact_id = o.contact_id
   cross join lateral (values
           (o.campaign_id, o.number_id, o.variant, o.state, o.tenant_id, -1),
           (n.campaign_id, n.number_id, n.variant, n.state, n.tenant_id, 1)
         ) p (campaign_id, number_id, variant, state, tenant_id, delta)
   where n.state <> o.state or n.number_id <> o.number_id or n.variant <> o.variant
   group by 1, 2, 3, 4 having sum(p.delta) <> 0;

  insert into campaign_timeline as t (campaign_id, minute, state, number_id, tenant_id, n)
  select n.campaign_id, date_trunc('minute', now()), n.state, n.number_id, min(n.tenant_id), count(*)
    from before_rows o
    join after_rows n on n.campaign_id = o.campaign_id and n.contact_id = o.contact_id
   where n.state <> o.state and n.state >= 2
   group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (campaign_id, minute, state, number_id) do update set n = t.n + excluded.n;
  return null;
end $$;
