-- The operation log as a screen (issue 21, decision 0029): every list's first page comes from an
-- index that already holds the rows in the order shown (newest first), so it reads a page's worth
-- of entries whatever the table's size; old entries are archived to gzip CSV files under DATA_DIR
-- by a daily job and deleted here, after a retention the platform admin sets.

-- The client address as an address, so a filter can ask for a network (10.1.0.0/16) through a
-- btree range. Anything that was not an address becomes null (this rewrites the table once).
alter table operation_log
  alter column address type inet
  using case when pg_input_is_valid(address, 'inet') then address::inet end;

-- Each filter's index leads with the tenant and ends with the time, so a filtered first page is a
-- short index scan. Across tenants (the platform admin) the time index alone serves the newest rows
-- and the retention job's oldest ones.
drop index operation_log_time_idx;
create index operation_log_tenant_time_idx on operation_log (tenant_id, created_at desc, id desc);
create index operation_log_time_idx on operation_log (created_at desc, id desc);
-- The name itself is included so that counting a user's entries reads the index alone (an
-- expression index cannot answer an index-only scan without the column it is made of).
create index operation_log_user_idx on operation_log (tenant_id, lower(username), created_at desc) include (username);
create index operation_log_action_idx on operation_log (tenant_id, action, created_at desc);
create index operation_log_address_idx on operation_log (tenant_id, address, created_at desc);
-- Substring search of the target (ILIKE '%…%'): trigrams, GIN with its pending list so a write
-- appends to a list rather than updating dozens of posting trees (pg_trgm: migration 0004).
create index operation_log_target_trgm_idx on operation_log using gin (target gin_trgm_ops);

-- The platform's retention (one row) and the archive job's progress: the cursor (the last
-- archived entry), how many entries it archived, and the last file it wrote. Every chunk saves
-- these with its deletion under this row's lock, so two runs never archive the same rows.
create table operation_log_retention (
  id boolean primary key default true check (id),
  days integer not null default 180 check (days between 7 and 3650),
  cursor_created_at timestamptz,
  cursor_id bigint,
  archived bigint not null default 0,
  last_file text,
  last_run_at timestamptz,
  updated_at timestamptz not null default now(),
  updated_by bigint
);
insert into operation_log_retention default values;
