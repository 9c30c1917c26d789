-- Audience lists (issue 15): customer lists people agreed to be on, uploaded as a file, checked
-- row by row (E.164, type, repeats, existing and opted-out contacts) and loaded into the contact
-- book. The file stays under DATA_DIR/audiences; its rows and what the check found live here.

-- What the lists bring into the contact book besides name and consent: the customer's language
-- (the seat client translates into it) and custom fields (campaign templates' variables).
alter table contact add column language text;
alter table contact add column fields jsonb not null default '{}';

create table audience_list (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  name text not null,
  consent_source text not null,
  evidence_text text,
  evidence_url text,
  -- An uploaded proof of consent (a PDF of the form, a photo of the sign-up sheet), kept beside
  -- the list's file as <file_path>.evidence.
  evidence_file_name text,
  evidence_file_type text,
  evidence_file_size bigint,
  default_country text,
  file_name text not null,
  file_kind text not null check (file_kind in ('csv', 'xlsx', 'lines')),
  -- Relative to DATA_DIR/audiences.
  file_path text not null,
  file_size bigint not null,
  has_header boolean not null,
  -- The CSV's separator, found from its first line.
  csv_separator text not null default ',',
  columns text[] not null default '{}',
  preview jsonb not null default '[]',
  mapping jsonb,
  status text not null check (status in ('draft', 'queued', 'running', 'ready', 'failed', 'loading', 'loaded')),
  error text,
  -- Each check or load of the list has its own number: a job of an earlier one stops at once.
  run_no integer not null default 0,
  -- The check's cursor, saved with each chunk of rows: where the next chunk starts in the file
  -- (bytes, for CSV) and how many data rows are stored.
  read_bytes bigint not null default 0,
  read_rows bigint not null default 0,
  -- The list's roll-up of what the check found, kept by each chunk's transaction.
  counts jsonb not null default '{}',
  -- The load's cursor: rows up to this row number are in the contact book.
  load_cursor bigint not null default 0,
  load_number_id bigint,
  load_owner_user_id bigint,
  load_tag_ids bigint[] not null default '{}',
  loaded_rows bigint not null default 0,
  created_contacts bigint not null default 0,
  updated_contacts bigint not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  checked_at timestamptz,
  loaded_at timestamptz,
  -- Deleted lists vanish at once; a job then removes their rows in chunks, and the list and file last.
  deleted_at timestamptz,
  primary key (tenant_id, id)
);
create index audience_list_recent_idx on audience_list (tenant_id, id desc) where deleted_at is null;

-- One row of a list's file as the check read it. row_no is the row's line in the file (the header
-- is row 1). wa_id is the number's digits (E.164 without +), as contacts keep it.
create table audience_row (
  tenant_id text not null,
  list_id bigint not null,
  row_no bigint not null,
  phone text not null,
  wa_id text,
  country text,
  phone_type text,
  name text not null default '',
  outcome text not null,
  reason text,
  opted_in_at timestamptz,
  language text,
  tags text[] not null default '{}',
  fields jsonb,
  primary key (tenant_id, list_id, row_no),
  foreign key (tenant_id, list_id) references audience_list (tenant_id, id) on delete cascade
);
-- Repeats within the list are found per chunk through this index (the first row of a number wins).
create index audience_row_wa_id_idx on audience_row (tenant_id, list_id, wa_id) where wa_id is not null;
-- Row details filtered by outcome, in file order. Most rows are new, and a filter on them reads the
-- primary key (they are most of any stretch of it), so they stay out of this index: every check
-- writes each row's index entries, and this one would cost as much as the rest.
create index audience_row_outcome_idx on audience_row (tenant_id, list_id, outcome, row_no) where outcome <> 'new';
