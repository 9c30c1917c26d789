-- New contacts and opt-outs per calendar month (UTC) and owner number: ranking the busiest numbers
-- of a long range on the contact statistics screen. contact_daily_stat has a row per number and
-- day, nearly one per contact on a tenant of many numbers (9.9 million for 10 million contacts
-- on the big tenant of bench/README.md), so a year's ranking read millions of rows; whole months
-- now come from here, and only the partial months at either end from the daily rows.
create table contact_month_number (
  tenant_id text not null,
  month date not null, -- the month's first day
  number_id bigint not null,
  created integer not null default 0,
  opted_out integer not null default 0,
  primary key (tenant_id, month, number_id)
);

-- Kept from contact_daily_stat's changes, as contact_daily_source is (0012), so whatever writes
-- that roll-up writes this one in the same statement. Inserted rows count up, deleted rows down,
-- an update by its difference.
create function contact_month_number_insert() returns trigger language plpgsql as $$
begin
  insert into contact_month_number as m (tenant_id, month, number_id, created, opted_out)
  select tenant_id, date_trunc('month', day)::date, number_id, sum(created), sum(opted_out)
    from added group by 1, 2, 3 order by 1, 2, 3
  on conflict (tenant_id, month, number_id)
  do update set created = m.created + excluded.created, opted_out = m.opted_out + excluded.opted_out;
  return null;
end $$;

create function contact_month_number_update() returns trigger language plpgsql as $$
begin
  insert into contact_month_number as m (tenant_id, month, number_id, created, opted_out)
  select n.tenant_id, date_trunc('month', n.day)::date, n.number_id,
         sum(n.created - o.created), sum(n.opted_out - o.opted_out)
    from before_rows o
    join after_rows n on n.tenant_id = o.tenant_id and n.day = o.day and n.number_id = o.number_id and n.source = o.source
   group by 1, 2, 3 having sum(n.created - o.created) <> 0 or sum(n.opted_out - o.opted_out) <> 0
   order by 1, 2, 3
  on conflict (tenant_id, month, number_id)
  do update set created = m.created + excluded.created, opted_out = m.opted_out + excluded.opted_out;
  return null;
end $$;

create function contact_month_number_delete() returns trigger language plpgsql as $$
begin
  insert into contact_month_number as m (tenant_id, month, number_id, created, opted_out)
  select tenant_id, date_trunc('month', day)::date, number_id, -sum(created), -sum(opted_out)
    from removed group by 1, 2, 3 order by 1, 2, 3
  on conflict (tenant_id, month, number_id)
  do update set created = m.created + excluded.created, opted_out = m.opted_out + excluded.opted_out;
  return null;
end $$;

create trigger contact_month_number_insert after insert on contact_daily_stat referencing new table as added
  for each statement execute function contact_month_number_insert();
create trigger contact_month_number_update after update on contact_daily_stat
  referencing old table as before_rows new table as after_rows
  for each statement execute function contact_month_number_update();
create trigger contact_month_number_delete after delete on contact_daily_stat referencing old table as removed
  for each statement execute function contact_month_number_delete();

insert into contact_month_number (tenant_id, month, number_id, created, opted_out)
select tenant_id, date_trunc('month', day)::date, number_id, sum(created), sum(opted_out)
  from contact_daily_stat group by 1, 2, 3;
