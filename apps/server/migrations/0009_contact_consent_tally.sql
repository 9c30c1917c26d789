-- The contact statistics screen's consent breakdown (opted in, opted out, neither) without counting
-- contacts: counting over contact_consent_idx reads every live contact of the tenant (10 million
-- index entries for a big tenant), and contact_daily_stat cannot give it (it records opt-out
-- events, which a resume or a deletion does not take back). So live contacts per owner number and
-- consent state are kept here, like contact_tally, by statement triggers of their own (the 0004
-- roll-up functions stay untouched): one grouped upsert per statement, however many rows it wrote.
create table contact_consent_tally (
  tenant_id text not null,
  number_id bigint not null,
  consent text not null,
  contacts bigint not null default 0,
  primary key (tenant_id, number_id, consent)
);

-- Rows are upserted in key order, so concurrent statements lock shared rows in the same order.
create function contact_consent_insert() returns trigger language plpgsql as $$
begin
  insert into contact_consent_tally as t (tenant_id, number_id, consent, contacts)
  select tenant_id, coalesce(number_id, 0), consent, count(*) from added where deleted_at is null
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (tenant_id, number_id, consent) do update set contacts = t.contacts + excluded.contacts;
  return null;
end $$;

-- Opt-ins, opt-outs, resumes, moves between numbers, deletions and restorations: minus the old
-- place, plus the new; rows whose place did not change (most updates) add nothing.
create function contact_consent_update() returns trigger language plpgsql as $$
begin
  insert into contact_consent_tally as t (tenant_id, number_id, consent, contacts)
  select p.tenant_id, p.number_id, p.consent, sum(p.delta)
    from before_rows o
    join after_rows n on n.tenant_id = o.tenant_id and n.id = o.id
   cross join lateral (values
           (o.tenant_id, coalesce(o.number_id, 0), o.consent, -1, o.deleted_at is null),
           (n.tenant_id, coalesce(n.number_id, 0), n.consent, 1, n.deleted_at is null)
         ) p (tenant_id, number_id, consent, delta, live)
   where p.live
     and ((o.deleted_at is null) <> (n.deleted_at is null) or n.number_id is distinct from o.number_id
          or n.consent <> o.consent)
   group by 1, 2, 3 having sum(p.delta) <> 0 order by 1, 2, 3
  on conflict (tenant_id, number_id, consent) do update set contacts = t.contacts + excluded.contacts;
  return null;
end $$;

create function contact_consent_delete() returns trigger language plpgsql as $$
begin
  insert into contact_consent_tally as t (tenant_id, number_id, consent, contacts)
  select tenant_id, coalesce(number_id, 0), consent, -count(*) from removed where deleted_at is null
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (tenant_id, number_id, consent) do update set contacts = t.contacts + excluded.contacts;
  return null;
end $$;

create trigger contact_consent_insert after insert on contact referencing new table as added
  for each statement execute function contact_consent_insert();
create trigger contact_consent_update after update on contact referencing old table as before_rows new table as after_rows
  for each statement execute function contact_consent_update();
create trigger contact_consent_delete after delete on contact referencing old table as removed
  for each statement execute function contact_consent_delete();

-- Contacts that existed before this migration.
insert into contact_consent_tally (tenant_id, number_id, consent, contacts)
select tenant_id, coalesce(number_id, 0), consent, count(*) from contact where deleted_at is null group by 1, 2, 3;

-- One number's new contacts and opt-outs over a range (the screen's number filter): the primary
-- key leads with the day, so without this a filtered range would read every number's rows.
create index contact_daily_stat_number_idx on contact_daily_stat (tenant_id, number_id, day);
