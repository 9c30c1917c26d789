-- New contacts and opt-outs per UTC day and source for the whole tenant: the contact statistics
-- screen without a number filter. contact_daily_stat keeps a row per day, owner number and source,
-- and with many numbers it condenses almost nothing: 9.9 million rows for 10 million contacts on
-- the big tenant of bench/README.md, so a year's chart read 5 million rows (13-20 s).
--
-- One row per day and source would be one hot row for every new contact of the tenant that day,
-- serialising the statements of all its numbers; so the rows are split by the owner number's
-- bucket (number_id % 16): a number always writes the same bucket, a screen sums 16 rows a day and
-- source (a year of six sources: 35 000 rows at most).
create table contact_daily_source (
  tenant_id text not null,
  day date not null,
  source text not null,
  bucket smallint not null,
  created integer not null default 0,
  opted_out integer not null default 0,
  primary key (tenant_id, day, source, bucket)
);

-- Kept from contact_daily_stat's own changes (it only ever grows: rows are upserted, never
-- deleted), so whatever writes that roll-up writes this one, in the same statement.
create function contact_daily_source_insert() returns trigger language plpgsql as $$
begin
  insert into contact_daily_source as s (tenant_id, day, source, bucket, created, opted_out)
  select tenant_id, day, source, (number_id % 16)::smallint, sum(created), sum(opted_out)
    from added group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (tenant_id, day, source, bucket)
  do update set created = s.created + excluded.created, opted_out = s.opted_out + excluded.opted_out;
  return null;
end $$;

create function contact_daily_source_update() returns trigger language plpgsql as $$
begin
  insert into contact_daily_source as s (tenant_id, day, source, bucket, created, opted_out)
  select n.tenant_id, n.day, n.source, (n.number_id % 16)::smallint,
         sum(n.created - o.created), sum(n.opted_out - o.opted_out)
    from before_rows o
    join after_rows n on n.tenant_id = o.tenant_id and n.day = o.day and n.number_id = o.number_id and n.source = o.source
   group by 1, 2, 3, 4 having sum(n.created - o.created) <> 0 or sum(n.opted_out - o.opted_out) <> 0
   order by 1, 2, 3, 4
  on conflict (tenant_id, day, source, bucket)
  do update set created = s.created + excluded.created, opted_out = s.opted_out + excluded.opted_out;
  return null;
end $$;

create function contact_daily_source_delete() returns trigger language plpgsql as $$
begin
  insert into contact_daily_source as s (tenant_id, day, source, bucket, created, opted_out)
  select tenant_id, day, source, (number_id % 16)::smallint, -sum(created), -sum(opted_out)
    from removed group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (tenant_id, day, source, bucket)
  do update set created = s.created + excluded.created, opted_out = s.opted_out + excluded.opted_out;
  return null;
end $$;

create trigger contact_daily_source_insert after insert on contact_daily_stat referencing new table as added
  for each statement execute function contact_daily_source_insert();
create trigger contact_daily_source_update after update on contact_daily_stat
  referencing old table as before_rows new table as after_rows
  for each statement execute function contact_daily_source_update();
create trigger contact_daily_source_delete after delete on contact_daily_stat referencing old table as removed
  for each statement execute function contact_daily_source_delete();

insert into contact_daily_source (tenant_id, day, source, bucket, created, opted_out)
select tenant_id, day, source, (number_id % 16)::smallint, sum(created), sum(opted_out)
  from contact_daily_stat group by 1, 2, 3, 4;
