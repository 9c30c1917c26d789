-- Tenant-level roll-ups for the dashboard (issue 21, decision 0030): messages per day
-- (message_day), live numbers by status, quality and tier (number_tally) and live contacts by
-- consent (contact_consent_total), each a few rows per tenant where the roll-ups they follow keep
-- one per number.
--
-- The dashboard's messages per UTC day for the whole tenant (issue 21, decision 0030): sent and
-- received as number_daily_count (0004) counts them, and the campaign recipients that reached
-- delivered, read or failed that day as campaign_timeline (0020, 0027) counts them. Both source
-- roll-ups keep a row per number (and per campaign and minute): on the big tenant of bench/ a month
-- of number_daily_count is hundreds of thousands of rows, so the dashboard reads this one instead,
-- at most 16 rows a day.
--
-- Rows are split in buckets so that writers of one tenant add to their own rows instead of taking
-- turns on one (decision 0013): a number's sent and received by number_id % 64 (a send lane is one
-- number, so lanes rarely share a row), the campaign outcomes by 64 + pg_backend_pid() % 16 (as
-- portfolio reach does in 0035), apart from the lanes' rows. Measured: 1 259 → 1 440 msg/s.
--
-- History, like its sources' other readers (message purge keeps the daily counters): rows are only
-- ever added to. A number purged from the recycle bin or a campaign deleted takes its rows of the
-- source roll-ups with it, but what was sent, delivered or read stays counted here.
create table message_day (
  tenant_id text not null,
  day date not null,
  bucket smallint not null,
  sent bigint not null default 0,
  received bigint not null default 0,
  delivered bigint not null default 0,
  read bigint not null default 0,
  failed bigint not null default 0,
  primary key (tenant_id, day, bucket)
);

create function message_day_counts_insert() returns trigger language plpgsql as $$
begin
  insert into message_day as d (tenant_id, day, bucket, sent, received)
  select tenant_id, day, (number_id % 64)::smallint, sum(sent), sum(received)
    from added group by 1, 2, 3 having sum(sent) <> 0 or sum(received) <> 0 order by 1, 2, 3
  on conflict (tenant_id, day, bucket)
  do update set sent = d.sent + excluded.sent, received = d.received + excluded.received;
  return null;
end $$;

-- Joins its transition tables without nested loops (0034).
create function message_day_counts_update() returns trigger language plpgsql
set enable_nestloop = off set enable_hashjoin = on as $$
begin
  insert into message_day as d (tenant_id, day, bucket, sent, received)
  select n.tenant_id, n.day, (n.number_id % 64)::smallint, sum(n.sent - o.sent), sum(n.received - o.received)
    from before_rows o
    join after_rows n on n.tenant_id = o.tenant_id and n.number_id = o.number_id and n.day = o.day
   group by 1, 2, 3 having sum(n.sent - o.sent) <> 0 or sum(n.received - o.received) <> 0 order by 1, 2, 3
  on conflict (tenant_id, day, bucket)
  do update set sent = d.sent + excluded.sent, received = d.received + excluded.received;
  return null;
end $$;

create trigger message_day_counts_insert after insert on number_daily_count referencing new table as added
  for each statement execute function message_day_counts_insert();
create trigger message_day_counts_update after update on number_daily_count
  referencing old table as before_rows new table as after_rows
  for each statement execute function message_day_counts_update();

-- campaign_timeline's states (the positions of RECIPIENT_STATES): 4 delivered, 5 read, 7 failed.
create function message_day_outcomes_insert() returns trigger language plpgsql as $$
begin
  insert into message_day as d (tenant_id, day, bucket, delivered, read, failed)
  select tenant_id, (minute at time zone 'UTC')::date, (64 + pg_backend_pid() % 16)::smallint,
         coalesce(sum(n) filter (where state = 4), 0), coalesce(sum(n) filter (where state = 5), 0),
         coalesce(sum(n) filter (where state = 7), 0)
    from added where state in (4, 5, 7) group by 1, 2 order by 1, 2
  on conflict (tenant_id, day, bucket)
  do update set delivered = d.delivered + excluded.delivered, read = d.read + excluded.read,
                failed = d.failed + excluded.failed;
  return null;
end $$;

create function message_day_outcomes_update() returns trigger language plpgsql
set enable_nestloop = off set enable_hashjoin = on as $$
begin
  insert into message_day as d (tenant_id, day, bucket, delivered, read, failed)
  select n.tenant_id, (n.minute at time zone 'UTC')::date, (64 + pg_backend_pid() % 16)::smallint,
         coalesce(sum(n.n - o.n) filter (where n.state = 4), 0), coalesce(sum(n.n - o.n) filter (where n.state = 5), 0),
         coalesce(sum(n.n - o.n) filter (where n.state = 7), 0)
    from before_rows o
    join after_rows n on n.campaign_id = o.campaign_id and n.minute = o.minute and n.state = o.state
                     and n.number_id = o.number_id
   where n.state in (4, 5, 7)
   group by 1, 2 order by 1, 2
  on conflict (tenant_id, day, bucket)
  do update set delivered = d.delivered + excluded.delivered, read = d.read + excluded.read,
                failed = d.failed + excluded.failed;
  return null;
end $$;

create trigger message_day_outcomes_insert after insert on campaign_timeline referencing new table as added
  for each statement execute function message_day_outcomes_insert();
create trigger message_day_outcomes_update after update on campaign_timeline
  referencing old table as before_rows new table as after_rows
  for each statement execute function message_day_outcomes_update();

-- What the source roll-ups hold already, in bucket 0.
insert into message_day (tenant_id, day, bucket, sent, received, delivered, read, failed)
select tenant_id, day, 0, sum(sent), sum(received), sum(delivered), sum(read), sum(failed)
  from (select tenant_id, day, sent::bigint, received::bigint, 0::bigint as delivered, 0::bigint as read,
               0::bigint as failed
          from number_daily_count
        union all
        select tenant_id, (minute at time zone 'UTC')::date, 0, 0, n * (state = 4)::int, n * (state = 5)::int,
               n * (state = 7)::int
          from campaign_timeline where state in (4, 5, 7)) c
 group by 1, 2;

-- The dashboard's numbers by status, quality and tier: live numbers (not in the recycle bin) per
-- tenant and the three, kept by statement triggers on wa_number. A group by over the big tenant's
-- 100 000 numbers took 330 ms on a loaded machine; this is a few dozen rows. Numbers change
-- rarely (imports, Meta's account updates, operators), and never on the send path.
create table number_tally (
  tenant_id text not null,
  status text not null,
  quality_rating text not null,
  -- '' for a tier not known yet (a primary key column cannot be null).
  tier text not null,
  numbers bigint not null default 0,
  primary key (tenant_id, status, quality_rating, tier)
);

-- Old rows count minus one and new rows plus one, where live; no join, so no nested loop (0034).
create function number_tally_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into number_tally as t (tenant_id, status, quality_rating, tier, numbers)
    select tenant_id, status, quality_rating, coalesce(messaging_limit_tier, ''), -count(*)
      from before_rows where deleted_at is null group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (tenant_id, status, quality_rating, tier) do update set numbers = t.numbers + excluded.numbers;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into number_tally as t (tenant_id, status, quality_rating, tier, numbers)
    select tenant_id, status, quality_rating, coalesce(messaging_limit_tier, ''), count(*)
      from after_rows where deleted_at is null group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (tenant_id, status, quality_rating, tier) do update set numbers = t.numbers + excluded.numbers;
  end if;
  return null;
end $$;

create trigger number_tally_insert after insert on wa_number referencing new table as after_rows
  for each statement execute function number_tally_change();
create trigger number_tally_update after update on wa_number referencing old table as before_rows new table as after_rows
  for each statement execute function number_tally_change();
create trigger number_tally_delete after delete on wa_number referencing old table as before_rows
  for each statement execute function number_tally_change();

insert into number_tally (tenant_id, status, quality_rating, tier, numbers)
select tenant_id, status, quality_rating, coalesce(messaging_limit_tier, ''), count(*)
  from wa_number where deleted_at is null group by 1, 2, 3, 4;

-- Live contacts per tenant and consent state: contact_consent_tally (0009) keeps a row per number
-- and state, 300 000 rows to sum for the big tenant's total. Kept from that roll-up's own changes,
-- in buckets of the writing backend (as message_day), so whatever writes it writes this.
create table contact_consent_total (
  tenant_id text not null,
  consent text not null,
  bucket smallint not null,
  contacts bigint not null default 0,
  primary key (tenant_id, consent, bucket)
);

create function contact_consent_total_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into contact_consent_total as t (tenant_id, consent, bucket, contacts)
    select tenant_id, consent, (pg_backend_pid() % 16)::smallint, -sum(contacts)
      from before_rows group by 1, 2 having sum(contacts) <> 0 order by 1, 2
    on conflict (tenant_id, consent, bucket) do update set contacts = t.contacts + excluded.contacts;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into contact_consent_total as t (tenant_id, consent, bucket, contacts)
    select tenant_id, consent, (pg_backend_pid() % 16)::smallint, sum(contacts)
      from after_rows group by 1, 2 having sum(contacts) <> 0 order by 1, 2
    on conflict (tenant_id, consent, bucket) do update set contacts = t.contacts + excluded.contacts;
  end if;
  return null;
end $$;

create trigger contact_consent_total_insert after insert on contact_consent_tally referencing new table as after_rows
  for each statement execute function contact_consent_total_change();
create trigger contact_consent_total_update after update on contact_consent_tally
  referencing old table as before_rows new table as after_rows
  for each statement execute function contact_consent_total_change();
create trigger contact_consent_total_delete after delete on contact_consent_tally referencing old table as before_rows
  for each statement execute function contact_consent_total_change();

insert into contact_consent_total (tenant_id, consent, bucket, contacts)
select tenant_id, consent, 0, sum(contacts) from contact_consent_tally group by 1, 2;
