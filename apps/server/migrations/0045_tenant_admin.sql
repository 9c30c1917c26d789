-- Platform administration of customers (issue 20, decision 0027): each tenant's plan, expiry,
-- limits and the settings the platform enforces on it, and the state of its deletion.
--   plan            a label the platform sells (limits are set per tenant, not derived from it);
--   expires_at      null: never; past it the tenant's users may read but not change anything;
--   contact_limit   null: no limit; imports stop at it (contact_tally holds the live count);
--   mass_allowed    off: campaigns (btmsg, power) cannot be added or started;
--   force_translate on: every conversation translates (new ones by the trigger below) and
--                   agents cannot turn it off;
--   read_receipts   off: an agent opening a conversation sends no read receipt;
--   disabled_at     set by deletecus: sign-in and every session refused; the data is deleted by
--                   the customer_delete job at delete_after (export first when export_requested),
--                   all but the wallet ledger, which is append-only and kept for the accounts.
alter table tenant
  add column plan text not null default 'standard'
    check (plan in ('trial', 'standard', 'professional', 'enterprise')),
  add column expires_at timestamptz,
  add column contact_limit bigint check (contact_limit is null or contact_limit >= 0),
  add column mass_allowed boolean not null default true,
  add column force_translate boolean not null default false,
  add column read_receipts boolean not null default true,
  add column disabled_at timestamptz,
  add column delete_after timestamptz,
  add column deleting boolean not null default false,
  add column export_requested boolean not null default false,
  add column export_path text,
  -- Set when the deletion is over but the tenant row stays because the append-only wallet ledger
  -- (0044) still refers to it: its money history is kept, everything else is gone.
  add column deleted_at timestamptz;

-- A tenant with forced translation gets new conversations translating from their first message.
-- One primary-key lookup per new conversation (not per message).
create function conversation_forced_translation() returns trigger language plpgsql as $$
begin
  if not new.translate and exists (select 1 from tenant t where t.id = new.tenant_id and t.force_translate) then
    new.translate := true;
  end if;
  return new;
end $$;
create trigger conversation_forced_translation before insert on conversation
  for each row execute function conversation_forced_translation();

-- A tenant's message purge (auth/clearmsg): one row per tenant, the newest purge. The job deletes
-- messages created before `before` in chunks in (created_at, id) order, saving the cursor and the
-- count with each chunk under this row's lock; a newer purge bumps run_no so an older job stops.
create table message_purge (
  tenant_id text primary key references tenant (id),
  before timestamptz not null,
  run_no integer not null default 1,
  status text not null check (status in ('running', 'done')),
  cursor_created_at timestamptz,
  cursor_id bigint,
  deleted bigint not null default 0,
  started_at timestamptz not null default now(),
  started_by bigint,
  finished_at timestamptz
);
