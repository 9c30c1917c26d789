-- Group invites (issue 18, decision 0021): pull-group tasks create groups through the Groups API,
-- send their invite links by template through the governor and approve join requests while seats
-- remain; a full group rotates to the next.

-- Whether Meta says the number is an Official Business Account (only those may use the Groups
-- API); null until asked.
alter table wa_number add column official_business_account boolean;
alter table wa_number add column official_checked_at timestamptz;

create table pull_group_task (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  name text not null,
  subject_pattern text not null,
  description text not null default '',
  status text not null check (status in ('draft', 'running', 'paused', 'stopped', 'completed')),
  number_ids bigint[] not null,
  audience jsonb not null,
  content jsonb not null,
  template_id bigint not null,
  invites_per_group integer not null,
  -- The audience walk: the last contact id invited, saved with each chunk of invitations.
  cursor_contact_id bigint not null default 0,
  -- Bumped by every start or resume: a job of an older run stops at its next chunk.
  run_no integer not null default 0,
  -- The next group's number in the task ({n} of the subject) and which host makes it.
  next_group_no integer not null default 1,
  -- Roll-ups the screens read, kept in the transactions that change them.
  invited integer not null default 0,
  joined integer not null default 0,
  declined integer not null default 0,
  group_count integer not null default 0,
  last_error text,
  created_by bigint,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  deleted_at timestamptz,
  primary key (tenant_id, id)
);
create index pull_group_task_list_idx on pull_group_task (tenant_id, id desc) where deleted_at is null;

-- A task's groups are wa_group rows (the webhooks keep them): the task, the group's number in it,
-- its role in the rotation and the invitations it took.
alter table wa_group add column task_id bigint;
alter table wa_group add column task_group_no integer;
alter table wa_group add column role text
  check (role in ('creating', 'spare', 'current', 'rotated', 'full', 'failed', 'deleted'));
alter table wa_group add column invited integer not null default 0;
create index wa_group_task_idx on wa_group (tenant_id, task_id, task_group_no) where task_id is not null;
create index wa_group_list_idx on wa_group (tenant_id, id desc);

-- Join requests as group_participants_update reports them, with the product's decision.
create table wa_group_join_request (
  tenant_id text not null,
  group_ref bigint not null,
  join_request_id text not null,
  wa_id text not null,
  requested_at timestamptz not null,
  decision text check (decision in ('approved', 'rejected')),
  decided_at timestamptz,
  primary key (tenant_id, group_ref, join_request_id),
  foreign key (tenant_id, group_ref) references wa_group (tenant_id, id)
);
create index wa_group_join_request_pending_idx on wa_group_join_request (tenant_id, group_ref)
  where decision is null;

-- One invitation per contact and task: the group whose link it carried, its message, what came of it.
-- A contact declined by a full group is invited once more, to the next group (attempts 2).
create table pull_group_invite (
  tenant_id text not null,
  task_id bigint not null,
  contact_id bigint not null,
  group_ref bigint not null,
  message_id bigint,
  message_created_at timestamptz,
  state text not null default 'invited' check (state in ('invited', 'requested', 'joined', 'declined')),
  attempts smallint not null default 1,
  invited_at timestamptz not null default now(),
  joined_at timestamptz,
  primary key (tenant_id, task_id, contact_id),
  foreign key (tenant_id, task_id) references pull_group_task (tenant_id, id)
);
create index pull_group_invite_group_idx on pull_group_invite (tenant_id, group_ref, contact_id);
