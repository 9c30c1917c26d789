-- The wallet's floor check (0044) ran on every posting, holding the tenant's balance rows: it
-- joined the statement's entries to ledger_transaction for their kinds, and with the entries a
-- transition table of unknown size the plan read the whole transaction table (about 1 000 buffers
-- a posting at 88 000 messages, growing with the ledger) while every send lane of a prepaid tenant
-- waited for the wallet row. A floor can only be broken where a floored balance is now below
-- zero, which the rows just updated tell at once; the kinds are looked up only then.
create or replace function ledger_entries_posted() returns trigger language plpgsql as $$
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
     where a.id in (select account_id from new_entries) and a.floor_zero and a.balance < 0
  ) then
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
  end if;
  return null;
end $$;
