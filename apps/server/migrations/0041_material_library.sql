-- The material library (issue 19, decision 0023): the tenant's reusable content in eight types,
-- grouped by tags, optionally bound to the agents or numbers that may use it. Files are `upload`
-- rows, stored once per tenant and content hash; a file's Cloud API media id is kept per number
-- until it expires.

create table material_tag (
  tenant_id text not null,
  id bigint generated always as identity,
  name text not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create unique index material_tag_name_key on material_tag (tenant_id, lower(name));

create table material (
  tenant_id text not null,
  id bigint generated always as identity,
  tp text not null check (tp in ('text', 'img', 'audio', 'video', 'card', 'word', 'auto', 'imgtext')),
  title text not null,
  -- A text's reply, a file's caption, an image-and-text's body.
  body text not null default '',
  upload_id bigint,
  -- A contact card's fields (`card`), reply buttons (`imgtext`).
  card jsonb,
  buttons jsonb not null default '[]',
  tag_id bigint,
  owner_user_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, upload_id) references upload (tenant_id, id),
  check ((upload_id is not null) = (tp in ('img', 'audio', 'video', 'word', 'imgtext')))
);
create index material_list_idx on material (tenant_id, tp, id desc);
create index material_tag_idx on material (tenant_id, tag_id) where tag_id is not null;
create index material_owner_idx on material (tenant_id, owner_user_id, tp, id desc);
-- A text material is a quick reply: its title is the shortcut, unique per tenant ignoring case.
create unique index material_shortcut_key on material (tenant_id, lower(title)) where tp = 'text';

-- An automatic reply's steps: other materials, sent in order with delays. A material a step
-- names cannot be deleted (the restricting key says so).
create table material_step (
  tenant_id text not null,
  auto_id bigint not null,
  position smallint not null,
  material_id bigint not null,
  delay_seconds integer not null check (delay_seconds between 0 and 3600),
  primary key (tenant_id, auto_id, position),
  foreign key (tenant_id, auto_id) references material (tenant_id, id) on delete cascade,
  foreign key (tenant_id, material_id) references material (tenant_id, id) on delete restrict
);
create index material_step_material_idx on material_step (tenant_id, material_id);

-- Who may use a material: none bound, every agent; otherwise the bound users and the agents
-- serving a bound number.
create table material_binding (
  tenant_id text not null,
  id bigint generated always as identity,
  material_id bigint not null,
  user_id bigint,
  number_id bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, material_id) references material (tenant_id, id) on delete cascade,
  foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade,
  foreign key (tenant_id, number_id) references wa_number (tenant_id, id) on delete cascade,
  check ((user_id is null) <> (number_id is null))
);
create unique index material_binding_user_key on material_binding (tenant_id, material_id, user_id) where user_id is not null;
create unique index material_binding_number_key on material_binding (tenant_id, material_id, number_id) where number_id is not null;
create index material_binding_user_idx on material_binding (tenant_id, user_id) where user_id is not null;

-- Files are stored once per tenant and content: an upload of the same bytes answers the stored one.
create index upload_sha256_idx on upload (tenant_id, sha256);
-- An image's thumbnail (a small JPEG beside it under DATA_DIR/uploads).
alter table upload add column thumbnail_path text;

-- A file handed to a number's Cloud API media store: its id is reused until Meta forgets it (30 days).
create table upload_media (
  tenant_id text not null,
  upload_id bigint not null,
  number_id bigint not null,
  media_id text not null,
  expires_at timestamptz not null,
  primary key (tenant_id, upload_id, number_id),
  foreign key (tenant_id, upload_id) references upload (tenant_id, id) on delete cascade
);

-- The quick replies become text materials; the seat client's picker reads the library.
insert into material (tenant_id, tp, title, body, owner_user_id, created_at, updated_at)
select tenant_id, 'text', shortcut, text, created_by, created_at, updated_at from quick_reply order by tenant_id, id;
drop table quick_reply;
