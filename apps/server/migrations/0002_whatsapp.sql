-- The WhatsApp layer: business portfolios, WABAs, numbers, templates, contacts and their
-- conversations, the message history (partitioned by month), the send lanes and their queue,
-- the portfolio's moving 24-hour reach, groups, and raw webhook events.

-- A Meta business portfolio: the messaging limit (unique contacts reached outside the customer
-- service window in a moving 24 h) belongs to it, not to a number. Null means unlimited.
create table wa_portfolio (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  name text not null,
  business_id text,
  messaging_limit integer check (messaging_limit is null or messaging_limit > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

-- A WhatsApp Business Account. Its Meta id is global: webhooks name it as entry.id.
create table wa_business_account (
  tenant_id text not null,
  id bigint generated always as identity,
  portfolio_id bigint not null,
  waba_id text not null,
  name text not null default '',
  review_status text,
  ban_state text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, portfolio_id) references wa_portfolio (tenant_id, id)
);
create unique index wa_business_account_waba_key on wa_business_account (waba_id);

-- A business phone number. The access token is AES-256-GCM encrypted with a key kept outside the
-- database. paused_at is the quality pause: set when quality turns RED or the number is
-- restricted, cleared only by an operator.
create table wa_number (
  tenant_id text not null,
  id bigint generated always as identity,
  waba_ref bigint not null,
  phone text not null,
  phone_number_id text not null,
  verified_name text not null default '',
  access_token_encrypted text not null,
  api_base_url text not null,
  api_version text not null default 'v23.0',
  egress_proxy text,
  quality_rating text not null default 'UNKNOWN' check (quality_rating in ('GREEN', 'YELLOW', 'RED', 'UNKNOWN')),
  throughput_level text not null default 'STANDARD',
  throughput_per_second integer not null default 80 check (throughput_per_second > 0),
  messaging_limit_tier text,
  name_status text,
  status text not null default 'CONNECTED',
  code_verification_status text,
  paused_at timestamptz,
  pause_reason text,
  owner_user_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, waba_ref) references wa_business_account (tenant_id, id)
);
-- Webhooks and sends find a number by Meta's id alone, so a live number belongs to one tenant.
create unique index wa_number_phone_number_id_key on wa_number (phone_number_id) where deleted_at is null;
create index wa_number_waba_idx on wa_number (tenant_id, waba_ref);

create table wa_template (
  tenant_id text not null,
  id bigint generated always as identity,
  waba_ref bigint not null,
  meta_template_id text,
  name text not null,
  language text not null,
  category text not null check (category in ('MARKETING', 'UTILITY', 'AUTHENTICATION')),
  status text not null default 'PENDING',
  components jsonb not null default '[]',
  rejected_reason text,
  quality_score text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, waba_ref) references wa_business_account (tenant_id, id),
  unique (tenant_id, waba_ref, name, language)
);
create index wa_template_meta_idx on wa_template (meta_template_id) where meta_template_id is not null;

-- A person the tenant talks to, once per tenant. Consent is evidence-based: a marketing send
-- needs opted_in_at with its source and evidence, and no later opt-out.
create table contact (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  wa_id text not null,
  name text not null default '',
  number_id bigint,
  owner_user_id bigint,
  opt_in_source text,
  opt_in_evidence text,
  opted_in_at timestamptz,
  opted_out_at timestamptz,
  opt_out_channel text,
  last_inbound_at timestamptz,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (tenant_id, id),
  unique (tenant_id, wa_id)
);
create index contact_number_idx on contact (tenant_id, number_id);

-- One number's thread with one contact. last_inbound_at opens the 24-hour customer service
-- window, which Meta keeps per business number and user.
create table conversation (
  tenant_id text not null,
  number_id bigint not null,
  contact_id bigint not null,
  last_inbound_at timestamptz,
  last_outbound_at timestamptz,
  last_message_at timestamptz not null default now(),
  unread integer not null default 0,
  primary key (tenant_id, number_id, contact_id)
);
create index conversation_contact_idx on conversation (tenant_id, contact_id);

-- Every message in and out. Partitioned by month on created_at (for inbound messages, Meta's
-- timestamp, so a redelivered webhook finds the same row). Rows older than the oldest monthly
-- partition, or beyond the newest, land in message_default and are moved when their month's
-- partition is created.
create sequence message_id_seq;
create table message (
  tenant_id text not null,
  id bigint not null default nextval('message_id_seq'),
  created_at timestamptz not null default now(),
  number_id bigint not null,
  contact_id bigint,
  group_ref bigint,
  direction text not null check (direction in ('in', 'out')),
  type text not null,
  body jsonb not null,
  preview text not null default '',
  purpose text check (purpose in ('marketing', 'utility', 'authentication', 'service')),
  template_id bigint,
  meta_message_id text,
  context_meta_id text,
  status text not null check (
    status in ('queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'refused', 'received', 'deleted')
  ),
  status_at timestamptz not null default now(),
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  failed_at timestamptz,
  error_code integer,
  error_title text,
  campaign_id bigint,
  task_id bigint,
  sent_by bigint,
  primary key (tenant_id, created_at, id)
) partition by range (created_at);
create unique index message_meta_id_key on message (tenant_id, meta_message_id, created_at);
create index message_contact_idx on message (tenant_id, contact_id, created_at desc);
create index message_number_idx on message (tenant_id, number_id, created_at desc);
create table message_default partition of message default;

-- Creates the partition of the month starting at month_start (UTC), moving any rows of that month
-- out of the default partition first. Safe to call repeatedly.
create function ensure_message_partition(month_start date) returns void language plpgsql as $$
declare
  partition_name text := 'message_' || to_char(month_start, 'YYYY_MM');
  lower_bound timestamptz := month_start::timestamp at time zone 'UTC';
  upper_bound timestamptz := (month_start + interval '1 month')::timestamp at time zone 'UTC';
begin
  if to_regclass(partition_name) is not null then
    return;
  end if;
  execute format('create table %I (like message including defaults including constraints)', partition_name);
  execute format(
    'with moved as (delete from message_default where created_at >= %L and created_at < %L returning *) insert into %I select * from moved',
    lower_bound, upper_bound, partition_name);
  execute format('alter table message attach partition %I for values from (%L) to (%L)',
    partition_name, lower_bound, upper_bound);
end $$;

-- Keeps partitions from last month through `months_ahead` months after this one.
create function ensure_message_partitions(months_ahead integer) returns void language plpgsql as $$
declare
  this_month date := date_trunc('month', now() at time zone 'UTC')::date;
begin
  for step in -1..months_ahead loop
    perform ensure_message_partition((this_month + make_interval(months => step))::date);
  end loop;
end $$;

select ensure_message_partitions(3);

-- Outbound work: one row per queued message, drained by the number's send lane in priority
-- order once not_before has passed. Rows leave the queue when the message is sent or refused.
-- claimed_at is set just before the request to Meta: a claimed row found by a lane's next owner
-- was interrupted mid-send, and is failed rather than sent a second time.
create table send_queue (
  tenant_id text not null,
  number_id bigint not null,
  message_id bigint not null,
  message_created_at timestamptz not null,
  priority smallint not null default 1,
  not_before timestamptz not null default now(),
  attempts integer not null default 0,
  claimed_at timestamptz,
  primary key (tenant_id, number_id, message_id)
);
create index send_queue_order_idx on send_queue (tenant_id, number_id, priority, message_id);

-- One row per number with queued work: due_at is when its lane next has something to send, so
-- idle workers find work without scanning the queue.
create table send_lane (
  tenant_id text not null,
  number_id bigint not null,
  due_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, number_id)
);
create index send_lane_due_idx on send_lane (due_at) where due_at is not null;

-- Contacts a portfolio reached outside their window, with the time: the moving 24 h of the
-- messaging limit is the rows newer than a day.
create table portfolio_reach (
  tenant_id text not null,
  portfolio_id bigint not null,
  contact_id bigint not null,
  reached_at timestamptz not null,
  primary key (tenant_id, portfolio_id, contact_id)
);
create index portfolio_reach_time_idx on portfolio_reach (tenant_id, portfolio_id, reached_at);

-- Grants messaging-limit slots to contacts, in the order asked, in one round trip. A contact
-- reached in the last 24 h needs no new slot. Reservations of one portfolio are serialised by
-- locking its row, so lanes of different workers never overdraw the limit together.
-- next_free_at: when the oldest counted reach leaves the moving window.
create function reserve_portfolio_reach(p_tenant text, p_portfolio bigint, p_contacts bigint[])
returns table (contact_id bigint, granted boolean, next_free_at timestamptz) language plpgsql as $$
declare
  day_ago timestamptz := now() - interval '24 hours';
  reach_limit integer;
  used integer;
  oldest timestamptz;
begin
  select messaging_limit into reach_limit from wa_portfolio where tenant_id = p_tenant and id = p_portfolio for update;
  select count(*), min(r.reached_at) into used, oldest
    from portfolio_reach r
    where r.tenant_id = p_tenant and r.portfolio_id = p_portfolio and r.reached_at > day_ago;
  return query
  with asked as (
    select a.contact_id, min(a.position) as position
    from unnest(p_contacts) with ordinality as a (contact_id, position)
    group by a.contact_id
  ),
  marked as (
    select a.contact_id, a.position, exists (
      select 1 from portfolio_reach r
      where r.tenant_id = p_tenant and r.portfolio_id = p_portfolio and r.contact_id = a.contact_id
        and r.reached_at > day_ago
    ) as already
    from asked a
  ),
  ranked as (
    select m.contact_id, m.already,
      m.already or reach_limit is null
        or row_number() over (partition by m.already order by m.position) <= reach_limit - used as granted
    from marked m
  ),
  upserted as (
    insert into portfolio_reach (tenant_id, portfolio_id, contact_id, reached_at)
    select p_tenant, p_portfolio, r.contact_id, now() from ranked r where r.granted and not r.already
    on conflict on constraint portfolio_reach_pkey do update set reached_at = excluded.reached_at
    returning portfolio_reach.contact_id
  )
  select r.contact_id, r.granted, coalesce(oldest, now()) + interval '24 hours' from ranked r;
end $$;

create table wa_group (
  tenant_id text not null,
  id bigint generated always as identity,
  number_id bigint not null,
  group_id text,
  request_id text,
  subject text not null,
  description text not null default '',
  invite_link text,
  join_approval_mode text,
  participant_count integer not null default 0,
  status text not null default 'pending' check (status in ('pending', 'active', 'deleted', 'failed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index wa_group_meta_key on wa_group (group_id) where group_id is not null;
create index wa_group_request_idx on wa_group (request_id) where request_id is not null;

create table wa_group_participant (
  tenant_id text not null,
  group_ref bigint not null,
  wa_id text not null,
  contact_id bigint,
  joined_at timestamptz,
  left_at timestamptz,
  via text,
  primary key (tenant_id, group_ref, wa_id),
  foreign key (tenant_id, group_ref) references wa_group (tenant_id, id)
);

-- Webhook bodies exactly as Meta sent them, stored before the 200 goes back and processed by a
-- job. The tenant is known only after processing; events naming no known number stay here with
-- their outcome for an operator to see.
create table webhook_event (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  payload text not null,
  tenant_id text,
  processed_at timestamptz,
  outcome text check (outcome in ('processed', 'unknown_number', 'failed', 'partial')),
  problem text,
  attempts integer not null default 0
);
create index webhook_event_pending_idx on webhook_event (id) where processed_at is null;
create index webhook_event_outcome_idx on webhook_event (outcome, received_at) where outcome <> 'processed';
