-- Status updates without index writes (decision 0013, "Counting without waiting"). A campaign
-- message is updated about four times after its insert (accepted by the lane, then sent, delivered
-- and read by the status webhooks) and its recipient row as often. PostgreSQL can update a row in
-- place in its page (a HOT update, no new entry in any index) when no indexed column changes and
-- the page has room. Two things prevented it:
-- 1. message_unsettled_idx's predicate named `status`, so every status change wrote a new entry
--    in each of the message's five indexes. The messages a callback may settle (queued or unknown)
--    are exactly the outbound ones Meta has not named yet; the index now says that instead, and
--    the settling query, which also asks for the status, still finds them through it.
-- 2. Full pages: rows written in bulk (a campaign's messages, its snapshot of recipients) fill
--    their pages, leaving no room to update in place. Both keep a share of each page free.
drop index message_unsettled_idx;
create index message_unsettled_idx on message (tenant_id, id) where meta_message_id is null and direction = 'out';

-- New pages of existing partitions, and the partitions made from now on.
do $$
declare
  part regclass;
begin
  for part in select inhrelid::regclass from pg_inherits where inhparent = 'message'::regclass loop
    execute format('alter table %s set (fillfactor = 85)', part);
  end loop;
end $$;

create or replace function ensure_message_partition(month_start date) returns void language plpgsql as $$
declare
  partition_name text := 'message_' || to_char(month_start, 'YYYY_MM');
  lower_bound timestamptz := month_start::timestamp at time zone 'UTC';
  upper_bound timestamptz := (month_start + interval '1 month')::timestamp at time zone 'UTC';
begin
  if to_regclass(partition_name) is not null then
    return;
  end if;
  execute format('create table %I (like message including defaults including constraints) with (fillfactor = 85)',
    partition_name);
  execute format(
    'with moved as (delete from message_default where created_at >= %L and created_at < %L returning *) insert into %I select * from moved',
    lower_bound, upper_bound, partition_name);
  execute format('alter table message attach partition %I for values from (%L) to (%L)',
    partition_name, lower_bound, upper_bound);
end $$;

alter table campaign_recipient set (fillfactor = 80);
