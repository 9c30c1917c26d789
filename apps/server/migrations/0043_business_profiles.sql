-- Business profiles in bulk (issue 19, decision 0025): profile sets, and runs that apply a set to
-- many numbers with a result per number. A run keeps the fields it started with, so editing the
-- set later changes only later runs. The results are the run's cursor: a chunk's results and the
-- run's counters are saved in one transaction, and `generation` (raised by a retry) stops an
-- older job at its next chunk.

create table profile_set (
  tenant_id text not null,
  id bigint generated always as identity,
  name text not null,
  about text not null default '',
  description text not null default '',
  address text not null default '',
  email text not null default '',
  websites jsonb not null default '[]',
  vertical text not null default '',
  picture_upload_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, picture_upload_id) references upload (tenant_id, id)
);
create unique index profile_set_name_key on profile_set (tenant_id, lower(name));
create index profile_set_list_idx on profile_set (tenant_id, id desc);

create table profile_run (
  tenant_id text not null,
  id bigint generated always as identity,
  set_id bigint not null,
  -- The set's fields when the run started: what every number of the run is given.
  fields jsonb not null,
  picture_upload_id bigint,
  status text not null default 'running' check (status in ('running', 'done')),
  generation integer not null default 1,
  total integer not null,
  applied integer not null default 0,
  failed integer not null default 0,
  skipped integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, set_id) references profile_set (tenant_id, id) on delete cascade,
  foreign key (tenant_id, picture_upload_id) references upload (tenant_id, id)
);
create index profile_run_list_idx on profile_run (tenant_id, set_id, id desc);

create table profile_result (
  tenant_id text not null,
  run_id bigint not null,
  number_id bigint not null,
  status text not null default 'pending' check (status in ('pending', 'applied', 'failed', 'skipped')),
  attempts integer not null default 0,
  error_code integer,
  error_message text not null default '',
  -- A number waiting out Meta's rate limit (80007) is tried again from this time.
  not_before timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, run_id, number_id),
  foreign key (tenant_id, run_id) references profile_run (tenant_id, id) on delete cascade
);
create index profile_result_pending_idx on profile_result (tenant_id, run_id, not_before) where status = 'pending';
