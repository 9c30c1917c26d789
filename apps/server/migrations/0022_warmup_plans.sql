-- Warm-up plans (issue 16, `/api/keep/*`, decision 0014): a daily ramp of unique users reached
-- outside the window, per business portfolio and split over its numbers, toward a target tier.
-- The campaign dispatcher reads each number's cap for today (modules/warmup/daily-caps.ts).

create table warmup_plan (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  name text not null,
  portfolio_id bigint not null,
  target_tier text not null check (target_tier in ('TIER_2K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED')),
  pace text not null check (pace in ('gentle', 'normal', 'fast')),
  status text not null default 'active' check (status in ('active', 'paused', 'done')),
  prefer_engaged boolean not null default true,
  start_date date not null,
  -- The day the stored schedule was computed from, and the portfolio limit it started at (null:
  -- unlimited). The daily job plans again from today when Meta's limit differs from the plan's.
  planned_from date not null,
  planned_limit integer,
  milestones jsonb not null default '[]',
  needs_verification boolean not null default false,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, portfolio_id) references wa_portfolio (tenant_id, id)
);
create index warmup_plan_recent_idx on warmup_plan (tenant_id, id desc) where deleted_at is null;
-- A portfolio has one live plan: its numbers' caps come from one schedule.
create unique index warmup_plan_live_key on warmup_plan (tenant_id, portfolio_id)
  where deleted_at is null and status <> 'done';

-- The numbers taking part; a number is in at most one live plan, as its portfolio is.
create table warmup_plan_number (
  tenant_id text not null,
  plan_id bigint not null,
  number_id bigint not null,
  primary key (tenant_id, plan_id, number_id),
  foreign key (tenant_id, plan_id) references warmup_plan (tenant_id, id) on delete cascade
);
create index warmup_plan_number_idx on warmup_plan_number (tenant_id, number_id);

-- The schedule: the portfolio's target for each UTC day and the tier it assumes.
create table warmup_plan_day (
  tenant_id text not null,
  plan_id bigint not null,
  day date not null,
  tier text not null,
  tier_limit integer,
  target integer not null check (target >= 0),
  primary key (tenant_id, plan_id, day),
  foreign key (tenant_id, plan_id) references warmup_plan (tenant_id, id) on delete cascade
);

-- Each number's share, quality, tier and throughput per day, as the hourly snapshot last saw them
-- (what the numbers table only holds for now). What it sent is read from number_daily_count.
create table warmup_number_day (
  tenant_id text not null,
  plan_id bigint not null,
  day date not null,
  number_id bigint not null,
  share integer not null,
  quality_rating text not null,
  messaging_limit_tier text,
  throughput_per_second integer not null,
  paused boolean not null,
  primary key (tenant_id, plan_id, day, number_id),
  foreign key (tenant_id, plan_id) references warmup_plan (tenant_id, id) on delete cascade
);

-- Unique users each portfolio reached outside the window per UTC day (decision 0007's roll-ups):
-- portfolio_reach keeps one row per contact with its latest reach, so the history is counted as it
-- is written. reserve_portfolio_reach inserts a contact's first reach and moves reached_at only
-- for a new reach (the old one older than 24 h): each inserted or moved row is one reach.
create table portfolio_daily_reach (
  tenant_id text not null,
  portfolio_id bigint not null,
  day date not null,
  reached integer not null default 0,
  primary key (tenant_id, portfolio_id, day)
);

create function portfolio_reach_count_insert() returns trigger language plpgsql as $$
begin
  insert into portfolio_daily_reach as d (tenant_id, portfolio_id, day, reached)
  select tenant_id, portfolio_id, (reached_at at time zone 'UTC')::date, count(*) from added group by 1, 2, 3
  on conflict (tenant_id, portfolio_id, day) do update set reached = d.reached + excluded.reached;
  return null;
end $$;
create trigger portfolio_reach_count_insert after insert on portfolio_reach referencing new table as added
  for each statement execute function portfolio_reach_count_insert();

create function portfolio_reach_count_update() returns trigger language plpgsql as $$
begin
  insert into portfolio_daily_reach as d (tenant_id, portfolio_id, day, reached)
  select a.tenant_id, a.portfolio_id, (a.reached_at at time zone 'UTC')::date, count(*)
    from after_rows a
    join before_rows b on b.tenant_id = a.tenant_id and b.portfolio_id = a.portfolio_id and b.contact_id = a.contact_id
   where a.reached_at > b.reached_at
   group by 1, 2, 3
  on conflict (tenant_id, portfolio_id, day) do update set reached = d.reached + excluded.reached;
  return null;
end $$;
create trigger portfolio_reach_count_update after update on portfolio_reach
  referencing old table as before_rows new table as after_rows
  for each statement execute function portfolio_reach_count_update();

-- What is known of the past: each contact's latest reach.
insert into portfolio_daily_reach (tenant_id, portfolio_id, day, reached)
select tenant_id, portfolio_id, (reached_at at time zone 'UTC')::date, count(*) from portfolio_reach group by 1, 2, 3;
