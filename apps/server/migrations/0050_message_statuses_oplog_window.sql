-- The dashboard's delivered, read and failed count every outbound message of the tenant (issue 21,
-- decision 0030), not only campaign recipients: campaigns, agents' chats, auto-replies and API sends
-- alike. They are counted where a message's status moves, from the message's own update, whoever
-- moved it (status webhooks, orphaned statuses applied later, the send lane's failures, a number's
-- purge).
--
-- The old row is already at hand: campaign_errors_take_effect (0021) captures every update of
-- message with its old and new transition tables, so this trigger reads those in memory (a hash
-- join of the statement's own rows) and looks nothing up. Like 0048's campaign outcomes it adds to
-- the rows of bucket 64 + pg_backend_pid() % 16, apart from the send lanes' rows (0 to 63), so the
-- drain's batches and the lanes do not wait on each other's rows.
--
-- A message counts as delivered when its delivered_at is first set (a read message was delivered:
-- read counts among delivered too), as read when its read_at is, as failed when its status becomes
-- failed; each on the UTC day of that time. Duplicate and out-of-order statuses set nothing new, so
-- they count nothing.
--
-- Campaign recipients were counted from campaign_timeline (0048); those triggers go, or campaign
-- messages would count twice.
drop trigger message_day_outcomes_insert on campaign_timeline;
drop trigger message_day_outcomes_update on campaign_timeline;
drop function message_day_outcomes_insert();
drop function message_day_outcomes_update();

-- Joins its transition tables without nested loops (0034).
create function message_day_statuses() returns trigger language plpgsql
set enable_nestloop = off set enable_hashjoin = on as $$
begin
  -- Most statements move no message to one of these (the lanes' acceptances, sent statuses): one
  -- pass over the new rows says so, without the join.
  if not exists (select 1 from after_rows
                  where direction = 'out' and (delivered_at is not null or status = 'failed')) then
    return null;
  end if;
  insert into message_day as d (tenant_id, day, bucket, delivered, read, failed)
  select n.tenant_id, (x.at at time zone 'UTC')::date, (64 + pg_backend_pid() % 16)::smallint,
         count(*) filter (where x.outcome = 'delivered'), count(*) filter (where x.outcome = 'read'),
         count(*) filter (where x.outcome = 'failed')
    from before_rows o
    join after_rows n on n.tenant_id = o.tenant_id and n.created_at = o.created_at and n.id = o.id
   cross join lateral (values
           ('delivered', n.delivered_at, o.delivered_at is null and n.delivered_at is not null),
           ('read', n.read_at, o.read_at is null and n.read_at is not null),
           ('failed', coalesce(n.failed_at, n.status_at), o.status <> 'failed' and n.status = 'failed')
         ) x (outcome, at, moved)
   where n.direction = 'out' and x.moved
   group by 1, 2 order by 1, 2
  on conflict (tenant_id, day, bucket)
  do update set delivered = d.delivered + excluded.delivered, read = d.read + excluded.read,
                failed = d.failed + excluded.failed;
  return null;
end $$;

create trigger message_day_statuses after update on message
  referencing old table as before_rows new table as after_rows
  for each statement execute function message_day_statuses();

-- The last 31 days of messages outside campaigns, which 0048 did not count (campaign recipients'
-- are in already): one pass over those months' partitions, at this migration only.
insert into message_day as d (tenant_id, day, bucket, delivered, read, failed)
select m.tenant_id, (x.at at time zone 'UTC')::date, 0, count(*) filter (where x.outcome = 'delivered'),
       count(*) filter (where x.outcome = 'read'), count(*) filter (where x.outcome = 'failed')
  from message m
 cross join lateral (values
         ('delivered', m.delivered_at), ('read', m.read_at),
         ('failed', case when m.status = 'failed' then coalesce(m.failed_at, m.status_at) end)
       ) x (outcome, at)
 where m.created_at > now() - interval '31 days' and m.direction = 'out' and m.campaign_id is null
   and x.at is not null
 group by 1, 2
on conflict (tenant_id, day, bucket)
do update set delivered = d.delivered + excluded.delivered, read = d.read + excluded.read,
              failed = d.failed + excluded.failed;

-- The operation log's text search (decision 0029) first reads a tenant's newest entries in time
-- order and checks their targets: with the target in the tenant's time index that read is an
-- index-only scan, where it visited a heap page per entry (a small tenant's entries lie one to a
-- page). Measured at 10 000 000 entries: the 10 000 newest of the big tenant 8–12 → 3.5 ms of CPU,
-- of a tenant of 60 000 entries 12 → 3.5 ms; writing an entry cost the same within the noise.
create index operation_log_tenant_time_target_idx on operation_log (tenant_id, created_at desc, id desc)
  include (target);
drop index operation_log_tenant_time_idx;
alter index operation_log_tenant_time_target_idx rename to operation_log_tenant_time_idx;
