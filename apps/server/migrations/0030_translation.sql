-- Machine translation (issue 17, decision 0015): a tenant's consent and default agent language,
-- a cache so the same text is translated once, and the characters each tenant used per day and
-- target language, which the billing issue charges.

-- One row per tenant that changed a setting. `allowed` is the tenant's choice for the provider
-- named in `allowed_provider`; with no choice, or a choice made for another provider than the one
-- configured now, the product's default applies (on for the embedded simulated provider, whose
-- text never leaves the machine; off for a real provider, which receives customer text).
create table translation_setting (
  tenant_id text primary key references tenant (id),
  allowed boolean,
  allowed_provider text,
  agent_language text not null default 'zh' check (agent_language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  updated_at timestamptz not null default now(),
  updated_by bigint
);

-- A translation already paid for: `key` is the SHA-256 of provider, source (or auto), target and
-- text, so the same text into the same language by the same provider is asked once per tenant
-- (per tenant, as customer text is tenant data: deleting a tenant's rows deletes its texts).
-- Kept TRANSLATION_CACHE_DAYS from `created_at`, then deleted by the translation_cache_prune job.
create table translation_cache (
  tenant_id text not null references tenant (id),
  key bytea not null,
  translated_text text not null,
  detected_source text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, key)
);
create index translation_cache_created_at on translation_cache (created_at);

-- Characters per tenant, UTC day, target language and provider, as that provider bills them
-- (`characters`, zero for texts answered from the cache), with the texts translated and those the
-- cache answered. Upserted once per call, set-based; the simulated provider is metered too, under
-- its own name, so the whole path runs in every installation.
create table translation_usage (
  tenant_id text not null references tenant (id),
  day date not null,
  target_language text not null,
  provider text not null,
  characters bigint not null default 0 check (characters >= 0),
  texts bigint not null default 0 check (texts >= 0),
  cached_texts bigint not null default 0 check (cached_texts >= 0),
  primary key (tenant_id, day, target_language, provider)
);
