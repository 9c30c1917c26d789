-- Numbers and contacts as the console manages them: tags, egress proxies (IPs) and their groups,
-- the recycle bin and standby flag of numbers, number imports, and the roll-ups that keep the
-- screens' counts fast (contacts per number, contacts per tag, new contacts and opt-outs per day,
-- messages per number per day).

-- Substring search of names and phone numbers. Trusted since PostgreSQL 13: a database owner may
-- create it.
create extension if not exists pg_trgm;

-- A tag of numbers or of contacts (the two lists are separate, as on the screens). item_count is
-- kept by the triggers below, so tag lists and tag filters never count rows.
create table tag (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  kind text not null check (kind in ('number', 'contact')),
  name text not null check (length(name) between 1 and 64),
  color text not null default '',
  remark text not null default '',
  item_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index tag_name_key on tag (tenant_id, kind, lower(name));

create table number_tag (
  tenant_id text not null,
  number_id bigint not null,
  tag_id bigint not null,
  primary key (tenant_id, number_id, tag_id),
  foreign key (tenant_id, tag_id) references tag (tenant_id, id) on delete cascade
);
create index number_tag_tag_idx on number_tag (tenant_id, tag_id, number_id);

create table contact_tag (
  tenant_id text not null,
  contact_id bigint not null,
  tag_id bigint not null,
  primary key (tenant_id, contact_id, tag_id),
  foreign key (tenant_id, tag_id) references tag (tenant_id, id) on delete cascade
);
create index contact_tag_tag_idx on contact_tag (tenant_id, tag_id, contact_id);

-- Keeps tag.item_count: one update per tag a statement touched, from its transition table.
create function tag_count_added() returns trigger language plpgsql as $$
begin
  update tag t set item_count = t.item_count + d.n
    from (select tenant_id, tag_id, count(*)::int as n from added group by 1, 2) d
   where t.tenant_id = d.tenant_id and t.id = d.tag_id;
  return null;
end $$;
create function tag_count_removed() returns trigger language plpgsql as $$
begin
  update tag t set item_count = greatest(t.item_count - d.n, 0)
    from (select tenant_id, tag_id, count(*)::int as n from removed group by 1, 2) d
   where t.tenant_id = d.tenant_id and t.id = d.tag_id;
  return null;
end $$;
create trigger number_tag_added after insert on number_tag referencing new table as added
  for each statement execute function tag_count_added();
create trigger number_tag_removed after delete on number_tag referencing old table as removed
  for each statement execute function tag_count_removed();
create trigger contact_tag_added after insert on contact_tag referencing new table as added
  for each statement execute function tag_count_added();
create trigger contact_tag_removed after delete on contact_tag referencing old table as removed
  for each statement execute function tag_count_removed();

-- Egress proxies through which the server reaches the Cloud API, for networks that cannot reach
-- it directly. System IPs belong to the platform tenant (000000) and any tenant may use them; own
-- IPs belong to one tenant. The proxy password is sealed like access tokens.
create table egress_ip_group (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  name text not null check (length(name) between 1 and 64),
  remark text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index egress_ip_group_name_key on egress_ip_group (tenant_id, lower(name));

create table egress_ip (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity unique,
  group_id bigint,
  protocol text not null default 'http' check (protocol in ('http', 'https')),
  host text not null,
  port integer not null check (port between 1 and 65535),
  username text not null default '',
  password_encrypted text,
  remark text not null default '',
  enabled boolean not null default true,
  checked_at timestamptz,
  check_ok boolean,
  check_ms integer,
  check_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, group_id) references egress_ip_group (tenant_id, id) on delete set null (group_id)
);
create unique index egress_ip_address_key on egress_ip (tenant_id, host, port, username);
create index egress_ip_group_idx on egress_ip (tenant_id, group_id, id);

-- Numbers: the standby flag (a spare number kept ready, listed apart), the egress IP, the last
-- channel check, who moved it to the recycle bin. deleted_at (0002) is the recycle bin: purged
-- 30 days later.
alter table wa_number
  add column standby boolean not null default false,
  add column egress_ip_id bigint references egress_ip (id) on delete set null,
  add column remark text not null default '',
  add column checked_at timestamptz,
  add column check_error text,
  add column deleted_by bigint;
create index wa_number_list_idx on wa_number (tenant_id, standby, id desc) where deleted_at is null;
create index wa_number_status_idx on wa_number (tenant_id, status, id desc) where deleted_at is null;
create index wa_number_quality_idx on wa_number (tenant_id, quality_rating, id desc) where deleted_at is null;
create index wa_number_owner_idx on wa_number (tenant_id, owner_user_id, id desc) where deleted_at is null;
create index wa_number_ip_idx on wa_number (egress_ip_id) where egress_ip_id is not null;
create index wa_number_phone_trgm_idx on wa_number using gin (phone gin_trgm_ops) where deleted_at is null;
create index wa_number_recycle_idx on wa_number (tenant_id, deleted_at desc, id desc) where deleted_at is not null;

-- Messages a number sent (accepted by the Cloud API) and received, per UTC day: the numbers list
-- shows today's counts without counting messages.
create table number_daily_count (
  tenant_id text not null,
  number_id bigint not null,
  day date not null,
  sent integer not null default 0,
  received integer not null default 0,
  primary key (tenant_id, number_id, day)
);

-- Received messages are counted as they are stored (a statement trigger, so a batch is one upsert);
-- sent ones when the send lane records the Cloud API's acceptance (lane-repository.ts).
create function message_count_received() returns trigger language plpgsql as $$
begin
  insert into number_daily_count as c (tenant_id, number_id, day, received)
  select tenant_id, number_id, (created_at at time zone 'UTC')::date, count(*)
    from added where direction = 'in' group by 1, 2, 3
  on conflict (tenant_id, number_id, day) do update set received = c.received + excluded.received;
  return null;
end $$;
create trigger message_count_received after insert on message referencing new table as added
  for each statement execute function message_count_received();

-- Contacts: consent state as a column (for the filter and its index), and the list's indexes.
-- Lists page newest first (id desc), so each filter has an index that ends in id.
alter table contact
  add column consent text generated always as (
    case when opted_out_at is not null then 'opted_out' when opted_in_at is not null then 'opted_in' else 'none' end
  ) stored;
drop index contact_number_idx;
create index contact_number_idx on contact (tenant_id, number_id, id desc) where deleted_at is null;
create index contact_list_idx on contact (tenant_id, id desc) where deleted_at is null;
create index contact_consent_idx on contact (tenant_id, consent, id desc) where deleted_at is null;
create index contact_owner_idx on contact (tenant_id, owner_user_id, id desc) where deleted_at is null;
create index contact_inbound_idx on contact (tenant_id, last_inbound_at desc) where deleted_at is null and last_inbound_at is not null;
create index contact_wa_id_trgm_idx on contact using gin (wa_id gin_trgm_ops) where deleted_at is null;
create index contact_name_trgm_idx on contact using gin (name gin_trgm_ops) where deleted_at is null;
create index contact_deleted_idx on contact (tenant_id, deleted_at) where deleted_at is not null;

-- Live contacts per owner number (0 for none): the unfiltered and per-number totals of the
-- contact list, and each number's contact count, without counting contacts.
create table contact_tally (
  tenant_id text not null,
  number_id bigint not null,
  contacts bigint not null default 0,
  primary key (tenant_id, number_id)
);

-- New contacts and opt-outs per UTC day, owner number and source: the contact statistics screen.
create table contact_daily_stat (
  tenant_id text not null,
  day date not null,
  number_id bigint not null,
  source text not null,
  created integer not null default 0,
  opted_out integer not null default 0,
  primary key (tenant_id, day, number_id, source)
);

-- Statement-level roll-ups: one grouped upsert per statement however many rows it wrote, so bulk
-- imports and moves stay set-based. A live contact counts in contact_tally under its number.
create function contact_rollup_insert() returns trigger language plpgsql as $$
begin
  insert into contact_tally as t (tenant_id, number_id, contacts)
  select tenant_id, coalesce(number_id, 0), count(*) from added where deleted_at is null group by 1, 2
  on conflict (tenant_id, number_id) do update set contacts = t.contacts + excluded.contacts;
  -- Created on its creation day; an opt-out imported with the contact on the day it happened.
  insert into contact_daily_stat as s (tenant_id, day, number_id, source, created, opted_out)
  select tenant_id, day, number_id, source, sum(created), sum(opted_out) from (
    select tenant_id, (created_at at time zone 'UTC')::date as day, coalesce(number_id, 0) as number_id,
           coalesce(opt_in_source, 'inbound') as source, 1 as created, 0 as opted_out
      from added
    union all
    select tenant_id, (opted_out_at at time zone 'UTC')::date, coalesce(number_id, 0), coalesce(opt_in_source, 'inbound'), 0, 1
      from added where opted_out_at is not null
  ) d group by 1, 2, 3, 4
  on conflict (tenant_id, day, number_id, source)
  do update set created = s.created + excluded.created, opted_out = s.opted_out + excluded.opted_out;
  return null;
end $$;

create function contact_rollup_update() returns trigger language plpgsql as $$
begin
  -- Moves between numbers, deletions and restorations: minus the old place, plus the new.
  insert into contact_tally as t (tenant_id, number_id, contacts)
  select tenant_id, number_id, sum(delta) from (
    select o.tenant_id, coalesce(o.number_id, 0) as number_id, -1 as delta
      from before_rows o join after_rows n on n.tenant_id = o.tenant_id and n.id = o.id
     where o.deleted_at is null and (n.deleted_at is not null or n.number_id is distinct from o.number_id)
    union all
    select n.tenant_id, coalesce(n.number_id, 0), 1
      from before_rows o join after_rows n on n.tenant_id = o.tenant_id and n.id = o.id
     where n.deleted_at is null and (o.deleted_at is not null or n.number_id is distinct from o.number_id)
  ) d group by 1, 2 having sum(delta) <> 0
  on conflict (tenant_id, number_id) do update set contacts = t.contacts + excluded.contacts;
  -- An opt-out counts on the day it happened.
  insert into contact_daily_stat as s (tenant_id, day, number_id, source, opted_out)
  select n.tenant_id, (n.opted_out_at at time zone 'UTC')::date, coalesce(n.number_id, 0),
         coalesce(n.opt_in_source, 'inbound'), count(*)
    from before_rows o join after_rows n on n.tenant_id = o.tenant_id and n.id = o.id
   where o.opted_out_at is null and n.opted_out_at is not null
   group by 1, 2, 3, 4
  on conflict (tenant_id, day, number_id, source) do update set opted_out = s.opted_out + excluded.opted_out;
  return null;
end $$;

create function contact_rollup_delete() returns trigger language plpgsql as $$
begin
  insert into contact_tally as t (tenant_id, number_id, contacts)
  select tenant_id, coalesce(number_id, 0), -count(*) from removed where deleted_at is null group by 1, 2
  on conflict (tenant_id, number_id) do update set contacts = t.contacts + excluded.contacts;
  return null;
end $$;

create trigger contact_rollup_insert after insert on contact referencing new table as added
  for each statement execute function contact_rollup_insert();
create trigger contact_rollup_update after update on contact referencing old table as before_rows new table as after_rows
  for each statement execute function contact_rollup_update();
create trigger contact_rollup_delete after delete on contact referencing old table as removed
  for each statement execute function contact_rollup_delete();

-- Contacts that existed before this migration.
insert into contact_tally (tenant_id, number_id, contacts)
select tenant_id, coalesce(number_id, 0), count(*) from contact where deleted_at is null group by 1, 2;
insert into contact_daily_stat (tenant_id, day, number_id, source, created, opted_out)
select tenant_id, day, number_id, source, sum(created), sum(opted_out) from (
  select tenant_id, (created_at at time zone 'UTC')::date as day, coalesce(number_id, 0) as number_id,
         coalesce(opt_in_source, 'inbound') as source, 1 as created, 0 as opted_out
    from contact
  union all
  select tenant_id, (opted_out_at at time zone 'UTC')::date, coalesce(number_id, 0), coalesce(opt_in_source, 'inbound'), 0, 1
    from contact where opted_out_at is not null
) d group by 1, 2, 3, 4;
insert into number_daily_count (tenant_id, number_id, day, sent, received)
select tenant_id, number_id, (created_at at time zone 'UTC')::date,
       count(*) filter (where direction = 'out' and status in ('accepted', 'sent', 'delivered', 'read')),
       count(*) filter (where direction = 'in')
  from message group by 1, 2, 3;

-- A number import (the warehousing screen): the uploaded rows, checked one by one against the
-- Cloud API by a job that saves its progress with each chunk.
create table number_import (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  user_id bigint not null,
  file_name text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  total_rows integer not null default 0,
  processed_rows integer not null default 0,
  imported integer not null default 0,
  skipped integer not null default 0,
  failed integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (tenant_id, id)
);

create table number_import_row (
  tenant_id text not null,
  import_id bigint not null,
  row_no integer not null,
  phone text not null,
  phone_number_id text not null,
  waba_id text not null,
  access_token_encrypted text not null,
  tags text[] not null default '{}',
  outcome text check (outcome in ('imported', 'skipped', 'failed')),
  field text,
  message text,
  number_id bigint,
  primary key (tenant_id, import_id, row_no),
  foreign key (tenant_id, import_id) references number_import (tenant_id, id) on delete cascade
);
