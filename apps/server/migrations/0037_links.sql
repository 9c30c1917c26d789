-- Click-to-chat links (issue 18, decision 0019): `/l/{slug}` sends each visitor to one of the
-- link's listed numbers on WhatsApp. Every click is logged (`link_click`, written in batches by the
-- api process), counted per day and target (`link_day`, the roll-up the screens read), and the
-- conversation its reference token opened is attributed to it (`link_attribution`).

create table link (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  -- Unique among live links: the public path names no tenant.
  slug text not null check (slug ~ '^[a-z0-9][a-z0-9-]{2,63}$'),
  name text not null,
  message text not null default '',
  rule text not null check (rule in ('round_robin', 'weight', 'remaining_aim', 'time_window')),
  sticky boolean not null default false,
  enabled boolean not null default true,
  -- The lead-intake order share that owns the link (its table comes later: no foreign key).
  order_share_id bigint,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (tenant_id, id)
);
create unique index link_slug_key on link (slug) where deleted_at is null;
create index link_order_share_idx on link (tenant_id, order_share_id) where order_share_id is not null;

-- A number a link may send visitors to. Working hours in minutes of the tenant's day (an end
-- before the start runs past midnight); daily_aim 0 is no aim.
create table link_target (
  tenant_id text not null,
  id bigint generated always as identity,
  link_id bigint not null,
  number_id bigint not null,
  weight integer not null default 1 check (weight between 1 and 100),
  daily_aim integer not null default 0 check (daily_aim >= 0),
  window_start smallint check (window_start between 0 and 1439),
  window_end smallint check (window_end between 0 and 1439),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, link_id, number_id),
  check ((window_start is null) = (window_end is null)),
  foreign key (tenant_id, link_id) references link (tenant_id, id) on delete cascade,
  foreign key (tenant_id, number_id) references wa_number (tenant_id, id) on delete cascade
);

-- One row per visit of `/l/{slug}`. No address is kept: `address_hash` is an HMAC of it under a
-- key that changes every day. `target_id` null: nobody was open, or a bot got the preview page.
-- `ref` is the reference token put in the pre-filled text (null when no number was given).
create table link_click (
  tenant_id text not null,
  link_id bigint not null,
  id bigint generated always as identity,
  clicked_at timestamptz not null,
  -- The tenant's day of the click (its time zone), the roll-up's day.
  day date not null,
  target_id bigint,
  number_id bigint,
  choice text not null,
  ref text,
  agent_class text not null,
  bot boolean not null,
  address_hash text not null,
  referrer text not null default '',
  utm jsonb not null default '{}',
  primary key (tenant_id, link_id, id)
);
create index link_click_ref_idx on link_click (ref) where ref is not null;

-- Counts per link, day and target (0: no target), kept by the click log's writer and the
-- attribution: the screens never count the log.
create table link_day (
  tenant_id text not null,
  link_id bigint not null,
  day date not null,
  target_id bigint not null default 0,
  human_clicks integer not null default 0,
  bot_clicks integer not null default 0,
  conversations integer not null default 0,
  primary key (tenant_id, link_id, day, target_id)
);

-- A conversation the reference token of a click opened (read from the customer's first message
-- of the conversation that carried one). A click is attributed at most once; a click is not a lead.
create table link_attribution (
  tenant_id text not null,
  link_id bigint not null,
  click_id bigint not null,
  target_id bigint,
  number_id bigint not null,
  conversation_id bigint not null,
  contact_id bigint not null,
  -- The conversation was new: the customer had never written to or been written by this number.
  new_conversation boolean not null,
  clicked_at timestamptz not null,
  attributed_at timestamptz not null default now(),
  primary key (tenant_id, link_id, click_id)
);
create index link_attribution_conversation_idx on link_attribution (tenant_id, conversation_id);
