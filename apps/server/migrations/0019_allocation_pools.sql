-- Allocation pools (issue 15, `/api/fansdata/*`): contacts loaded from an audience list, or those
-- with a contact tag, shared out to sender numbers and agents. A contact's owner number and agent
-- stay on the contact (contact.number_id, contact.owner_user_id); a pool keeps the shares and the
-- counts its last run made, so the screen reads no contacts.
create table fans_pool (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  name text not null,
  list_id bigint,
  tag_id bigint,
  mode text not null default 'weight' check (mode in ('count', 'weight')),
  status text not null default 'allocating' check (status in ('idle', 'allocating', 'failed')),
  error text,
  -- Each run (shares set, or a count) has its number: a job of an earlier one stops at once.
  run_no integer not null default 1,
  -- The run's cursor: the list's row number, or the tag's contact id, of the last member handled.
  run_cursor bigint not null default 0,
  total bigint not null default 0,
  with_number bigint not null default 0,
  with_agent bigint not null default 0,
  counted_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (tenant_id, id),
  check ((list_id is null) <> (tag_id is null))
);
create index fans_pool_recent_idx on fans_pool (tenant_id, id desc) where deleted_at is null;

-- A number's or an agent's share of a pool. `given` is what the current run gave the target (the
-- quotas follow it, so a resumed run goes on where it stopped); `allocated` is what the target
-- holds of the pool, as last counted.
create table fans_share (
  tenant_id text not null,
  pool_id bigint not null,
  target text not null check (target in ('number', 'agent')),
  target_id bigint not null,
  position integer not null,
  amount bigint not null check (amount >= 0),
  given bigint not null default 0,
  allocated bigint not null default 0,
  primary key (tenant_id, pool_id, target, target_id),
  foreign key (tenant_id, pool_id) references fans_pool (tenant_id, id) on delete cascade
);
