-- Lead-intake orders (issue 18, `/marketingTasks/vermicelliOrder`, decision 0020): a target number of
-- new contacts over a period, split into shares owned by an agent or a number. Each real new
-- conversation that came through a share (its link's attribution, or an operator's manual entry)
-- is an intake record (a detail), once per order and contact. Per-day counts live in a roll-up kept
-- by statement triggers; no screen counts the details.

create table intake_order (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  name text not null,
  total_aim integer not null check (total_aim > 0),
  -- Leads a day the order aims at; null: no daily aim.
  daily_aim integer check (daily_aim is null or daily_aim > 0),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- Days are counted in this zone (the tenant's when created without one).
  time_zone text not null,
  -- The counting period: `resetorder` starts a new one; aims count the current period's details.
  period integer not null default 1,
  period_started_at timestamptz not null default now(),
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  check (ends_at > starts_at)
);
create index intake_order_recent_idx on intake_order (tenant_id, id desc);

-- A share of an order: its owner (an agent, or a number), its own aims and its time window (inside
-- the order's). A removed share keeps its details (they were real leads) but takes no new ones.
-- No foreign key to the number: the recycle bin's purge deletes numbers, and a share's history stays.
create table intake_share (
  tenant_id text not null,
  id bigint generated always as identity,
  order_id bigint not null,
  owner_kind text not null check (owner_kind in ('agent', 'number')),
  owner_user_id bigint,
  number_id bigint,
  aim integer not null check (aim > 0),
  daily_aim integer check (daily_aim is null or daily_aim > 0),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  removed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, order_id) references intake_order (tenant_id, id) on delete cascade,
  foreign key (tenant_id, owner_user_id) references app_user (tenant_id, id),
  check ((owner_kind = 'agent') = (owner_user_id is not null)),
  check ((owner_kind = 'number') = (number_id is not null)),
  check (ends_at > starts_at)
);
create index intake_share_order_idx on intake_share (tenant_id, order_id, id);
create index intake_share_agent_idx on intake_share (tenant_id, owner_user_id) where owner_user_id is not null;

-- The intake records. One per order and contact (the dedup): a contact who comes again, through
-- any share of the order or in a later period, is not a new lead. `day` is the local day of `at`
-- in the order's time zone, fixed when the record is written.
create table intake_detail (
  tenant_id text not null,
  id bigint generated always as identity,
  order_id bigint not null,
  share_id bigint not null,
  contact_id bigint not null,
  conversation_id bigint,
  source text not null check (source in ('link', 'manual')),
  period integer not null,
  at timestamptz not null,
  day date not null,
  note text not null default '',
  created_by bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, order_id, contact_id),
  foreign key (tenant_id, order_id) references intake_order (tenant_id, id) on delete cascade,
  foreign key (tenant_id, share_id) references intake_share (tenant_id, id) on delete cascade,
  foreign key (tenant_id, contact_id) references contact (tenant_id, id) on delete cascade
);
create index intake_detail_order_idx on intake_detail (tenant_id, order_id, period, at desc, id desc);
create index intake_detail_share_idx on intake_detail (tenant_id, share_id, at desc);

-- Leads per order, share, period and local day: every progress figure and chart reads this.
create table intake_day (
  tenant_id text not null,
  order_id bigint not null,
  share_id bigint not null,
  period integer not null,
  day date not null,
  leads integer not null default 0,
  primary key (tenant_id, order_id, period, share_id, day),
  foreign key (tenant_id, order_id) references intake_order (tenant_id, id) on delete cascade
);

create function intake_day_insert() returns trigger language plpgsql as $$
begin
  insert into intake_day as d (tenant_id, order_id, share_id, period, day, leads)
  select tenant_id, order_id, share_id, period, day, count(*)
    from added group by 1, 2, 3, 4, 5 order by 1, 2, 4, 3, 5
  on conflict (tenant_id, order_id, period, share_id, day) do update set leads = d.leads + excluded.leads;
  return null;
end $$;

-- A deleted order's rows go with it (the cascade runs before this trigger): nothing to subtract then.
create function intake_day_delete() returns trigger language plpgsql as $$
begin
  update intake_day d set leads = d.leads - r.leads
    from (select tenant_id, order_id, share_id, period, day, count(*) as leads
            from removed group by 1, 2, 3, 4, 5) r
   where d.tenant_id = r.tenant_id and d.order_id = r.order_id and d.period = r.period
     and d.share_id = r.share_id and d.day = r.day;
  return null;
end $$;

-- Nothing moves a detail today; should something (a share's or a day's correction), the counts follow.
create function intake_day_update() returns trigger language plpgsql as $$
begin
  insert into intake_day as d (tenant_id, order_id, share_id, period, day, leads)
  select tenant_id, order_id, share_id, period, day, sum(delta)
    from (select tenant_id, order_id, share_id, period, day, 1 as delta from after_rows
          union all
          select tenant_id, order_id, share_id, period, day, -1 from before_rows) changes
   group by 1, 2, 3, 4, 5 having sum(delta) <> 0 order by 1, 2, 4, 3, 5
  on conflict (tenant_id, order_id, period, share_id, day) do update set leads = d.leads + excluded.leads;
  return null;
end $$;

create trigger intake_day_insert after insert on intake_detail referencing new table as added
  for each statement execute function intake_day_insert();
create trigger intake_day_update after update on intake_detail
  referencing old table as before_rows new table as after_rows
  for each statement execute function intake_day_update();
create trigger intake_day_delete after delete on intake_detail referencing old table as removed
  for each statement execute function intake_day_delete();

-- The order's history of changes: who did what, with the values before and after.
create table intake_record (
  tenant_id text not null,
  id bigint generated always as identity,
  order_id bigint not null,
  action text not null,
  by_user_id bigint,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, order_id) references intake_order (tenant_id, id) on delete cascade
);
create index intake_record_order_idx on intake_record (tenant_id, order_id, id desc);
