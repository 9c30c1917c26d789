-- Foundation: tenants, departments, roles, users, sessions, captchas, throttling, seat batches,
-- uploads and the operation log. Every tenant-owned table leads its primary key with tenant_id.

create table app_secret (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table tenant (
  id text primary key,
  name text not null,
  created_at timestamptz not null default now()
);
-- Customer tenants get six-digit ids from here; the platform's own tenant is 000000.
create sequence tenant_number_seq start 100001;

create table role (
  id bigint primary key,
  code text not null unique,
  name_zh text not null,
  name_en text not null
);
insert into role (id, code, name_zh, name_en) values
  (1, 'admin', '平台管理员', 'Platform admin'),
  (2, 'operator', '运营', 'Operator'),
  (3, 'seat', '客服坐席', 'Customer-service seat');

create table dept (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  name text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

create table app_user (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  username text not null,
  password_hash text not null,
  nickname text not null,
  dept_id bigint not null,
  role_id bigint not null references role (id),
  mass smallint not null default 1,
  is_owner boolean not null default false,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, dept_id) references dept (tenant_id, id)
);
-- Sign-in names are global and case-insensitive: sign-in does not ask for a tenant.
create unique index app_user_username_key on app_user (lower(username));

create table user_dept (
  tenant_id text not null,
  user_id bigint not null,
  dept_id bigint not null,
  primary key (tenant_id, user_id, dept_id),
  foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade,
  foreign key (tenant_id, dept_id) references dept (tenant_id, id)
);

create table user_role (
  tenant_id text not null,
  user_id bigint not null,
  role_id bigint not null references role (id),
  primary key (tenant_id, user_id, role_id),
  foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
);

-- One row per sign-in: the family of every token pair rotated from it.
create table auth_session (
  tenant_id text not null,
  id uuid not null,
  user_id bigint not null,
  dept_id bigint not null,
  role_id bigint not null references role (id),
  address text,
  user_agent text,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_reason text,
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
);
create index auth_session_user_idx on auth_session (tenant_id, user_id) where revoked_at is null;

create table refresh_token (
  tenant_id text not null,
  token_hash bytea not null,
  session_id uuid not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, token_hash),
  foreign key (tenant_id, session_id) references auth_session (tenant_id, id) on delete cascade
);
create unique index refresh_token_hash_key on refresh_token (token_hash);

create table captcha (
  id uuid primary key,
  answer text not null,
  expires_at timestamptz not null
);
create index captcha_expires_idx on captcha (expires_at);

-- Hits per key in a fixed window: failed sign-ins per user name ('login-user:<name>') and per
-- address ('login-addr:<ip>'), captchas issued per address ('captcha-addr:<ip>').
create table throttle_counter (
  key text primary key,
  hits integer not null,
  window_started_at timestamptz not null,
  window_seconds integer not null
);

create table seat_batch (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  prefix text not null,
  total integer not null,
  password_hash text not null,
  dept_id bigint not null,
  -- The job's cursor: seats 1..next_index-1 are handled, so a restarted job resumes here.
  next_index integer not null default 1,
  created text[] not null default '{}',
  skipped text[] not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  error text,
  created_by bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

create table upload (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  user_id bigint not null,
  storage_path text not null,
  original_name text not null,
  size integer not null,
  content_type text not null,
  sha256 text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

create table operation_log (
  tenant_id text not null,
  id bigint generated always as identity,
  user_id bigint,
  username text,
  action text not null,
  target text,
  address text,
  request_id text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index operation_log_time_idx on operation_log (tenant_id, created_at desc);
