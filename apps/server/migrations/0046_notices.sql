-- System notices and the update log (issue 21, decision 0028).
--
-- A notice is the platform's, not a tenant's (no tenant_id: a customer's deletion leaves it): the
-- platform admin publishes it to every customer tenant (all_tenants) or to the tenants listed in
-- notice_tenant, for [starts_at, ends_at). body_html is already sanitised by the server. There are
-- a few hundred notices at most, so reading them with their audience is a small join.
create table notice (
  id bigint generated always as identity primary key,
  title text not null,
  body_html text not null,
  level text not null check (level in ('info', 'warning', 'important')),
  all_tenants boolean not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  created_by bigint not null,
  created_at timestamptz not null default now()
);

-- The chosen customers of a notice addressed to some tenants. Deleted with the notice, and with
-- the tenant (the customer deletion job deletes every table with a tenant_id).
create table notice_tenant (
  notice_id bigint not null references notice (id) on delete cascade,
  tenant_id text not null references tenant (id),
  primary key (tenant_id, notice_id)
);
create index notice_tenant_notice_idx on notice_tenant (notice_id);

-- Who has read which notice: one row per user and notice, written set-based (insert … select,
-- on conflict do nothing). The unread count is the tenant's active notices without a row here.
create table notice_read (
  tenant_id text not null,
  user_id bigint not null,
  notice_id bigint not null references notice (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (tenant_id, user_id, notice_id),
  foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
);
create index notice_read_notice_idx on notice_read (notice_id);

-- The platform's update log (changelog), the same for everyone.
create table update_log (
  id bigint generated always as identity primary key,
  version text not null,
  released_on date not null,
  changes_zh text not null,
  changes_en text not null,
  created_by bigint not null,
  created_at timestamptz not null default now()
);
create unique index update_log_version_key on update_log (lower(version));
create index update_log_release_idx on update_log (released_on desc, id desc);

-- The newest update log entry each user has seen (the "what's new" dot shows while a newer one
-- exists). Server side, so it follows the user across browsers and into the seat client.
create table update_log_seen (
  tenant_id text not null,
  user_id bigint not null,
  update_id bigint not null,
  seen_at timestamptz not null default now(),
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
);
