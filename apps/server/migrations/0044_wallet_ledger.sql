-- The tenant wallet (issue 20, decision 0026): a double-entry ledger. Every change of a balance is
-- a ledger_transaction whose ledger_entry rows sum to zero per unit; an account's balance is the
-- sum of its entries, kept by the trigger below in the same statement that inserts them (nothing
-- else updates it), and the entries are never updated or deleted. Amounts are integers: money in
-- micro-units of USD (1 USD = 1 000 000), translation in characters, group invites in invites.

-- A tenant's accounts (tenant_id set) and the platform's counter-accounts (tenant_id null; their
-- `balance` stays 0: it is the sum of their entries, see the trigger).
--   wallet       the tenant's available money (a prepaid tenant's never goes below zero)
--   held         money set aside by holds of sends not yet settled (balance = wallet + held)
--   translation  translation characters credited minus used
--   invites      group-invite quota credited minus used
--   platform: funding (credits granted), meta_cost (message costs), port_sales, translation_usage,
--             invite_usage, adjustment
create table ledger_account (
  id bigint generated always as identity primary key,
  tenant_id text references tenant (id),
  purpose text not null check (purpose ~ '^[a-z_]+$'),
  unit text not null check (unit in ('usd_micros', 'chars', 'invites')),
  balance bigint not null default 0,
  -- Set on a prepaid tenant's wallet: a posting the tenant chose (a hold, a purchase, usage) may not
  -- take it below zero. What Meta already charged (message cost, capture) is posted whatever it leaves.
  floor_zero boolean not null default false,
  created_at timestamptz not null default now(),
  unique nulls not distinct (tenant_id, purpose)
);

insert into ledger_account (tenant_id, purpose, unit) values
  (null, 'funding', 'usd_micros'),
  (null, 'meta_cost', 'usd_micros'),
  (null, 'port_sales', 'usd_micros'),
  (null, 'adjustment', 'usd_micros'),
  (null, 'translation_funding', 'chars'),
  (null, 'translation_usage', 'chars'),
  (null, 'invite_funding', 'invites'),
  (null, 'invite_usage', 'invites');

-- One balance change. The idempotency key makes a retried request or a redelivered webhook a
-- no-op: a posting whose key exists is skipped. The descriptive columns feed the usage screens.
create table ledger_transaction (
  id bigint generated always as identity primary key,
  tenant_id text not null references tenant (id),
  kind text not null check (kind in ('top_up', 'translation_usage', 'message_cost', 'port_purchase', 'refund',
                                     'adjustment', 'hold', 'capture', 'void', 'invite_credit', 'invite_usage')),
  idempotency_key text not null check (idempotency_key <> ''),
  -- The tenant-side amount (positive: credited to the tenant; negative: charged), in `unit`.
  amount bigint not null,
  unit text not null check (unit in ('usd_micros', 'chars', 'invites')),
  -- What was used: characters translated, messages priced, slots bought.
  quantity bigint not null default 0,
  category text,
  country text,
  number_id bigint,
  message_id bigint,
  memo text not null default '',
  created_by bigint,
  created_at timestamptz not null default now(),
  unique (tenant_id, idempotency_key)
);
create index ledger_transaction_list_idx on ledger_transaction (tenant_id, kind, created_at desc, id desc);

create table ledger_entry (
  transaction_id bigint not null references ledger_transaction (id),
  account_id bigint not null references ledger_account (id),
  amount bigint not null check (amount <> 0),
  primary key (transaction_id, account_id)
);
create index ledger_entry_account_idx on ledger_entry (account_id);

-- Entries are written once per statement: each statement's transactions must balance per unit,
-- and the accounts' balances move by exactly what was entered. The row lock of that update
-- serialises concurrent postings on one wallet, so the floor check after it sees the final balance.
create function ledger_entries_posted() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from new_entries e join ledger_account a on a.id = e.account_id
     group by e.transaction_id, a.unit having sum(e.amount) <> 0
  ) then
    raise exception 'ledger entries of a transaction must sum to zero' using errcode = '23514';
  end if;
  -- Tenant accounts only: every posting also moves a platform counter-account, which kept here
  -- would be one row every tenant's postings wait on; its balance is the sum of its entries,
  -- read when a platform report needs it. The rows are locked in id order first, so concurrent
  -- batches over several tenants never deadlock (no key update: the entries' foreign keys hold
  -- key-share locks on them, which a plain `for update` would wait on).
  perform 1 from ledger_account a
   where a.id in (select account_id from new_entries) and a.tenant_id is not null
   order by a.id for no key update;
  update ledger_account a set balance = a.balance + d.delta
    from (select account_id, sum(amount) as delta from new_entries group by account_id) d
   where a.id = d.account_id and a.tenant_id is not null;
  if exists (
    select 1 from ledger_account a
      join (select e.account_id, sum(e.amount) as delta from new_entries e
              join ledger_transaction t on t.id = e.transaction_id
             where t.kind not in ('message_cost', 'capture', 'void', 'refund', 'top_up')
             group by e.account_id) d on d.account_id = a.id
     where a.floor_zero and a.balance < 0 and d.delta < 0
  ) then
    raise exception 'insufficient balance' using errcode = '23514', constraint = 'ledger_account_floor';
  end if;
  return null;
end $$;
create trigger ledger_entries_posted after insert on ledger_entry
  referencing new table as new_entries for each statement execute function ledger_entries_posted();

create function ledger_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the ledger is append-only: post a correcting transaction instead' using errcode = '23514';
end $$;
create trigger ledger_entry_append_only before update or delete on ledger_entry
  for each row execute function ledger_is_append_only();
create trigger ledger_transaction_append_only before update or delete on ledger_transaction
  for each row execute function ledger_is_append_only();

-- Usage by day, category, country and number (the screens read this, never the transactions).
create table ledger_daily (
  tenant_id text not null references tenant (id),
  day date not null,
  kind text not null,
  unit text not null,
  category text not null default '',
  country text not null default '',
  number_id bigint not null default 0,
  transactions bigint not null default 0,
  quantity bigint not null default 0,
  amount bigint not null default 0,
  primary key (tenant_id, day, kind, unit, category, country, number_id)
);

-- The tenant's billing settings: prepaid (sends take holds, the wallet never goes negative) and the
-- available balance under which a low-balance notice appears.
create table tenant_wallet (
  tenant_id text primary key references tenant (id),
  prepaid boolean not null default false,
  low_balance_micros bigint not null default 0 check (low_balance_micros >= 0),
  low_balance_notified_at timestamptz,
  updated_at timestamptz not null default now()
);

-- Money set aside for one message of a prepaid tenant until its status settles it: delivered
-- (sent, read) captures the price Meta reports, failed or expired voids it.
create table ledger_hold (
  tenant_id text not null references tenant (id),
  message_id bigint not null,
  amount bigint not null check (amount >= 0),
  category text not null,
  country text not null,
  number_id bigint,
  state text not null default 'open' check (state in ('open', 'captured', 'voided')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  primary key (tenant_id, message_id)
);
create index ledger_hold_open_idx on ledger_hold (expires_at) where state = 'open';

-- Number and seat slots ("ports") a tenant bought.
create table port_purchase (
  tenant_id text not null references tenant (id),
  id bigint generated always as identity,
  kind text not null check (kind in ('number', 'seat')),
  slots int not null check (slots > 0),
  amount_micros bigint not null check (amount_micros >= 0),
  days int not null default 30 check (days > 0),
  transaction_id bigint references ledger_transaction (id),
  remark text not null default '',
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (tenant_id, id)
);
