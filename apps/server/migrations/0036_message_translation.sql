-- Two-way translation of conversations (issue 17, decision 0018): each message's text in a
-- reader's language, translated once and kept. An inbound message gets a row per language agents
-- read it in (eagerly in the tenant's agent language when the conversation translates, on demand
-- in another); a reply sent translated gets a row holding the agent's own words (`original`) in
-- the agent's language, while the message holds the translation the customer got.
--
-- `status`: ok (`text` is the translation), failed (`error` says why, zh and en; a retry replaces
-- the row), same (already in that language: nothing to translate, asked no more). An ok row is
-- never replaced: a message is translated once. No foreign key to `message` (a partitioned table
-- whose old partitions may be dropped); rows of a deleted tenant go with it.
create table message_translation (
  tenant_id text not null references tenant (id),
  message_id bigint not null,
  message_created_at timestamptz not null,
  conversation_id bigint not null,
  language text not null check (language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  status text not null check (status in ('ok', 'failed', 'same')),
  text text check ((status = 'ok') = (text is not null)),
  original boolean not null default false,
  source_language text,
  provider text not null,
  simulated boolean not null default false,
  error jsonb check ((status = 'failed') = (error is not null)),
  created_at timestamptz not null default now(),
  primary key (tenant_id, message_id, language)
);
-- A conversation's translations (what the eager job has done, newest first).
create index message_translation_conversation_idx
  on message_translation (tenant_id, conversation_id, message_created_at desc);
