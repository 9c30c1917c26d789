-- Campaigns (issue 16, decision 0013): mass and burst sends on one engine. A campaign is a row; its
-- audience is snapshotted at start into campaign_recipient, one row per eligible contact, keyed
-- (campaign_id, contact_id) so the snapshot writes one index and the dispatcher walks it in contact
-- order from a saved cursor. Recipient states follow their messages by a trigger on message, and
-- the screens' counters are roll-ups kept by statement triggers (decision 0007).

create table campaign (
  tenant_id text not null references tenant (id),
  -- Global, so recipients are keyed without the tenant (decision 0013's measurements).
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('mass', 'burst')),
  name text not null,
  status text not null check (status in ('scheduled', 'starting', 'running', 'paused', 'held', 'completed', 'cancelled')),
  hold_reason_zh text,
  hold_reason_en text,
  -- The request as given: senders (ids and number tags), audience, content, schedule, options.
  number_ids bigint[] not null default '{}',
  number_tag_ids bigint[] not null default '{}',
  audience jsonb not null,
  content jsonb not null,
  template_id bigint,
  -- marketing, utility or authentication for a template (its category), service for free text.
  purpose text not null check (purpose in ('marketing', 'utility', 'authentication', 'service')),
  schedule jsonb not null default '{}',
  options jsonb not null default '{}',
  starts_at timestamptz,
  -- A run is one pass over the recipients; resending to failed ones starts the next.
  run_no integer not null default 0,
  -- The dispatcher's checkpoint: the last contact id of this run it queued (or passed).
  dispatch_cursor bigint not null default 0,
  recipients bigint not null default 0,
  skipped jsonb not null default '{}',
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  deleted_at timestamptz,
  unique (tenant_id, id)
);
create index campaign_list_idx on campaign (tenant_id, kind, id desc) where deleted_at is null;
-- The scheduler's and dispatcher's view: campaigns with work to do.
create index campaign_active_idx on campaign (status, starts_at) where status in ('scheduled', 'starting', 'running');

-- The numbers a campaign sends from, resolved at start. active: false once the number is paused,
-- RED or restricted (a burst moves its pending recipients to the active ones).
create table campaign_sender (
  campaign_id bigint not null references campaign (id) on delete cascade,
  number_id bigint not null,
  tenant_id text not null,
  active boolean not null default true,
  primary key (campaign_id, number_id)
);

-- One row per eligible contact. state is the position in RECIPIENT_STATES
-- (packages/contract/src/campaigns.ts): 0 pending, 1 queued, 2 accepted, 3 sent, 4 delivered,
-- 5 read, 6 replied, 7 failed, 8 refused, 9 unknown, 10 deferred, 11 cancelled, 12 skipped.
-- message_id links the row to the message of its current run; not_before holds a deferral.
create table campaign_recipient (
  campaign_id bigint not null,
  contact_id bigint not null,
  tenant_id text not null,
  number_id bigint not null,
  run_no integer not null,
  state smallint not null default 0,
  message_id bigint,
  message_created_at timestamptz,
  not_before timestamptz,
  error_code integer,
  error_title text,
  updated_at timestamptz not null default now(),
  primary key (campaign_id, contact_id)
);

-- Recipients per campaign, number and state; the screens' counts. Keyed by number so the lanes of
-- different numbers never queue on the same row.
create table campaign_tally (
  campaign_id bigint not null,
  number_id bigint not null,
  state smallint not null,
  tenant_id text not null,
  n bigint not null default 0,
  primary key (campaign_id, number_id, state)
);

-- Recipients reaching each state per minute: the progress chart.
create table campaign_timeline (
  campaign_id bigint not null,
  minute timestamptz not null,
  state smallint not null,
  tenant_id text not null,
  n bigint not null default 0,
  primary key (campaign_id, minute, state)
);

-- Rows are upserted in key order, so concurrent statements lock shared rows in the same order.
create function campaign_recipient_insert() returns trigger language plpgsql as $$
begin
  insert into campaign_tally as t (campaign_id, number_id, state, tenant_id, n)
  select campaign_id, number_id, state, min(tenant_id), count(*) from added
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_id, number_id, state) do update set n = t.n + excluded.n;
  return null;
end $$;

create function campaign_recipient_update() returns trigger language plpgsql as $$
begin
  insert into campaign_tally as t (campaign_id, number_id, state, tenant_id, n)
  select p.campaign_id, p.number_id, p.state, min(p.tenant_id), sum(p.delta)
    from before_rows o
    join after_rows n on n.campaign_id = o.campaign_id and n.contact_id = o.contact_id
   cross join lateral (values
           (o.campaign_id, o.number_id, o.state, o.tenant_id, -1),
           (n.campaign_id, n.number_id, n.state, n.tenant_id, 1)
         ) p (campaign_id, number_id, state, tenant_id, delta)
   where n.state <> o.state or n.number_id <> o.number_id
   group by 1, 2, 3 having sum(p.delta) <> 0 order by 1, 2, 3
  on conflict (campaign_id, number_id, state) do update set n = t.n + excluded.n;

  insert into campaign_timeline as t (campaign_id, minute, state, tenant_id, n)
  select n.campaign_id, date_trunc('minute', now()), n.state, min(n.tenant_id), count(*)
    from before_rows o
    join after_rows n on n.campaign_id = o.campaign_id and n.contact_id = o.contact_id
   where n.state <> o.state and n.state >= 2
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_id, minute, state) do update set n = t.n + excluded.n;
  return null;
end $$;

create function campaign_recipient_delete() returns trigger language plpgsql as $$
begin
  insert into campaign_tally as t (campaign_id, number_id, state, tenant_id, n)
  select campaign_id, number_id, state, min(tenant_id), -count(*) from removed
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_id, number_id, state) do update set n = t.n + excluded.n;
  return null;
end $$;

create trigger campaign_recipient_insert after insert on campaign_recipient referencing new table as added
  for each statement execute function campaign_recipient_insert();
create trigger campaign_recipient_update after update on campaign_recipient
  referencing old table as before_rows new table as after_rows
  for each statement execute function campaign_recipient_update();
create trigger campaign_recipient_delete after delete on campaign_recipient referencing old table as removed
  for each statement execute function campaign_recipient_delete();

-- A recipient's state from its message's status (null: no state of its own, e.g. received).
-- Meta's 131049 (its per-user marketing cap) is neither a failure nor an opt-out: the recipient
-- is deferred and tried again a day later.
create function campaign_state_of(status text, error_code integer) returns smallint
language sql immutable parallel safe as $$
  select (case status
    when 'queued' then 1 when 'accepted' then 2 when 'sent' then 3 when 'delivered' then 4 when 'read' then 5
    when 'failed' then case when error_code = 131049 then 10 else 7 end
    when 'refused' then 8 when 'unknown' then 9 when 'cancelled' then 11 end)::smallint
$$;

-- Recipients follow their messages, whoever moved them (the send lane's outcomes, status
-- webhooks, orphaned statuses applied later). Only the row whose message_id is this message
-- moves, so a late status of an earlier run never overwrites the current one; a reply is kept.
create function campaign_follow_messages() returns trigger language plpgsql as $$
begin
  update campaign_recipient r
     set state = s.state,
         error_code = case when s.state in (7, 8, 10) then n.error_code end,
         error_title = case when s.state in (7, 8, 10) then n.error_title end,
         not_before = case when s.state = 10 then now() + interval '24 hours' end,
         updated_at = now()
    from after_rows n
   cross join lateral (select campaign_state_of(n.status, n.error_code) as state) s
   where n.campaign_id is not null and n.direction = 'out'
     and r.campaign_id = n.campaign_id and r.contact_id = n.contact_id and r.message_id = n.id
     and s.state is not null and r.state <> s.state and r.state <> 6;
  return null;
end $$;

create trigger campaign_follow_messages after update on message referencing new table as after_rows
  for each statement execute function campaign_follow_messages();

-- A contact who writes back within 72 hours of a campaign message replied to it: the latest such
-- message of theirs is found through message_contact_idx.
create function campaign_mark_replies() returns trigger language plpgsql as $$
begin
  update campaign_recipient r
     set state = 6, updated_at = now()
    from (select distinct m.campaign_id, m.id, m.contact_id
            from added a
           cross join lateral (
                 select o.campaign_id, o.id, o.contact_id from message o
                  where o.tenant_id = a.tenant_id and o.contact_id = a.contact_id
                    and o.created_at <= a.created_at and o.created_at > a.created_at - interval '72 hours'
                    and o.direction = 'out' and o.campaign_id is not null
                  order by o.created_at desc limit 1) m
           where a.direction = 'in' and a.contact_id is not null) m
   where r.campaign_id = m.campaign_id and r.contact_id = m.contact_id and r.message_id = m.id
     and r.state in (2, 3, 4, 5, 9);
  return null;
end $$;

create trigger campaign_mark_replies after insert on message referencing new table as added
  for each statement execute function campaign_mark_replies();

-- When each contact last got a marketing message: the cross-campaign frequency cap. The
-- snapshot leaves out contacts touched within the cap; the dispatcher claims the touch with
-- its queueing (an upsert that only moves it past the cap), so two campaigns never both send.
create table contact_touch (
  tenant_id text not null,
  contact_id bigint not null,
  last_marketing_at timestamptz not null,
  primary key (tenant_id, contact_id)
);
create index contact_touch_recent_idx on contact_touch (tenant_id, last_marketing_at);

-- Pause and cancel reach a campaign's queued messages without scanning every lane's queue.
alter table send_queue add column campaign_id bigint;
create index send_queue_campaign_idx on send_queue (campaign_id) where campaign_id is not null;

-- The tenant's time zone: campaigns' daily send windows (and later the lead-intake orders' days)
-- are in it. The console is a Chinese product first, so new tenants start in China's time.
alter table tenant add column time_zone text not null default 'Asia/Shanghai';
