-- Keyword replies and the first-contact greeting (issue 19, decision 0024). Each answers with one
-- material of the library, or an `auto` material's steps sent with their delays.

create table keyword_rule (
  tenant_id text not null,
  id bigint generated always as identity,
  name text not null,
  -- The words or patterns (a JSON array of strings); any one matching is enough.
  keywords jsonb not null,
  match_mode text not null check (match_mode in ('exact', 'contains', 'prefix', 'regex')),
  -- The numbers the rule answers on; empty: every number.
  number_ids bigint[] not null default '{}',
  material_id bigint not null,
  -- Active between these local times (tenant.time_zone), may wrap past midnight; null: always.
  active_from text,
  active_to text,
  priority integer not null default 0,
  cooldown_seconds integer not null default 0 check (cooldown_seconds >= 0),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  -- A material a rule answers with cannot be deleted.
  foreign key (tenant_id, material_id) references material (tenant_id, id) on delete restrict
);
create index keyword_rule_list_idx on keyword_rule (tenant_id, priority desc, id desc);

-- The greeting of a number (number_id), or of every number without its own (number_id null).
create table greeting (
  tenant_id text not null,
  id bigint generated always as identity,
  number_id bigint,
  material_id bigint not null,
  -- Sent instead outside the active hours; null: nothing is sent then.
  outside_material_id bigint,
  active_from text,
  active_to text,
  -- 0: only a contact's first message to the number; N: also after N days without one.
  silence_days integer not null default 0 check (silence_days between 0 and 365),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, number_id) references wa_number (tenant_id, id) on delete cascade,
  foreign key (tenant_id, material_id) references material (tenant_id, id) on delete restrict,
  foreign key (tenant_id, outside_material_id) references material (tenant_id, id) on delete restrict
);
create unique index greeting_number_key on greeting (tenant_id, coalesce(number_id, 0));

-- Bumped by every change of a tenant's rules or greetings (and of a material they send): each
-- process keeps its compiled matcher while the version it read holds.
create table auto_reply_version (
  tenant_id text primary key,
  version bigint not null default 1
);

-- One automatic reply per inbound message (the unique key): a webhook delivered twice, or a
-- drain batch run again, finds it and sends nothing more. next_step is the cursor of an `auto`
-- sequence, moved in the transaction that queues the step.
create table auto_reply (
  tenant_id text not null,
  id bigint generated always as identity,
  inbound_message_id bigint not null,
  number_id bigint not null,
  contact_id bigint not null,
  kind text not null check (kind in ('keyword', 'greeting')),
  rule_id bigint,
  greeting_id bigint,
  material_id bigint not null,
  next_step smallint not null default 0,
  steps smallint not null,
  next_at timestamptz,
  status text not null default 'pending' check (status in ('pending', 'done', 'stopped')),
  stop_reason text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, inbound_message_id)
);
create index auto_reply_cooldown_idx on auto_reply (tenant_id, rule_id, contact_id, created_at desc) where rule_id is not null;
create index auto_reply_due_idx on auto_reply (next_at) where status = 'pending';
-- The sweep forgets finished replies after 8 days (the longest cooldown and Meta's retries), oldest first.
create index auto_reply_age_idx on auto_reply (created_at);
