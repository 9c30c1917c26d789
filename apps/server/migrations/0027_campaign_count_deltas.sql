-- Campaign roll-ups without hot rows (decision 0013, "Counting without waiting"). Every change of
-- a recipient's state used to upsert campaign_tally's (campaign, number, state) row: the
-- dispatcher's step (pending -> queued, for every sender at once), each number's send lane (queued
-- -> accepted) and the webhook drain (accepted -> sent -> delivered -> read) all updated the same
-- rows, each holding them to its commit, so the lanes queued behind the dispatcher's step and the
-- drain's batches (bench/campaigns.mjs send: 2.9 sessions on average waiting on them). Now the
-- triggers only append deltas, which nobody waits for; the dispatcher's step folds its campaign's
-- deltas into the roll-ups (it holds the campaign's row, so one folds at a time per campaign; a
-- concurrent fold elsewhere is still right, as sums commute) and the minute sweep folds the rest
-- (late statuses of finished campaigns). Readers read the *_live views: roll-up plus deltas, in one
-- snapshot, so a count is never seen twice or missed while it moves.
create table campaign_count_delta (
  campaign_id bigint not null,
  number_id bigint not null,
  -- 0: a campaign without a split; else 1 A, 2 B, 3 the rest (0025).
  variant smallint not null,
  state smallint not null,
  tenant_id text not null,
  n bigint not null
);
create index campaign_count_delta_campaign_idx on campaign_count_delta (campaign_id);

create view campaign_tally_live as
select campaign_id, number_id, state, min(tenant_id) as tenant_id, sum(n)::bigint as n
  from (select campaign_id, number_id, state, tenant_id, n from campaign_tally
        union all
        select campaign_id, number_id, state, tenant_id, n from campaign_count_delta) c
 group by campaign_id, number_id, state;

create view campaign_variant_tally_live as
select campaign_id, number_id, variant, state, min(tenant_id) as tenant_id, sum(n)::bigint as n
  from (select campaign_id, number_id, variant, state, tenant_id, n from campaign_variant_tally
        union all
        select campaign_id, number_id, variant, state, tenant_id, n from campaign_count_delta where variant <> 0) c
 group by campaign_id, number_id, variant, state;

-- Moves the deltas of one campaign (or of all, p_campaign null) into the roll-ups.
create function fold_campaign_counts(p_campaign bigint) returns void language sql as $$
  with moved as (
    delete from campaign_count_delta d where p_campaign is null or d.campaign_id = p_campaign
    returning d.campaign_id, d.number_id, d.variant, d.state, d.tenant_id, d.n
  ),
  by_variant as (
    select campaign_id, number_id, variant, state, min(tenant_id) as tenant_id, sum(n) as n
      from moved group by 1, 2, 3, 4
  ),
  tallied as (
    insert into campaign_tally as t (campaign_id, number_id, state, tenant_id, n)
    select campaign_id, number_id, state, min(tenant_id), sum(n) from by_variant
     group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
    on conflict (campaign_id, number_id, state) do update set n = t.n + excluded.n
  )
  insert into campaign_variant_tally as t (campaign_id, number_id, variant, state, tenant_id, n)
  select campaign_id, number_id, variant, state, tenant_id, n from by_variant
   where variant <> 0 and n <> 0 order by 1, 2, 3, 4
  on conflict (campaign_id, number_id, variant, state) do update set n = t.n + excluded.n
$$;

-- The progress chart's rows per number too: the lanes of different numbers no longer take turns
-- on one (campaign, minute, state) row. Readers sum over numbers.
alter table campaign_timeline add column number_id bigint not null default 0;
alter table campaign_timeline drop constraint campaign_timeline_pkey;
alter table campaign_timeline add primary key (campaign_id, minute, state, number_id);

create or replace function campaign_recipient_insert() returns trigger language plpgsql as $$
begin
  insert into campaign_count_delta (campaign_id, number_id, variant, state, tenant_id, n)
  select campaign_id, number_id, variant, state, min(tenant_id), count(*) from added group by 1, 2, 3, 4;
  return null;
end $$;

create or replace function campaign_recipient_update() returns trigger language plpgsql as $$
begin
  insert into campaign_count_delta (campaign_id, number_id, variant, state, tenant_id, n)
  select p.campaign_id, p.number_id, p.variant, p.state, min(p.tenant_id), sum(p.delta)
    from before_rows o
    join after_rows n on n.campaign_id = o.campaign_id and n.contact_id = o.contact_id
   cross join lateral (values
           (o.campaign_id, o.number_id, o.variant, o.state, o.tenant_id, -1),
           (n.campaign_id, n.number_id, n.variant, n.state, n.tenant_id, 1)
         ) p (campaign_id, number_id, variant, state, tenant_id, delta)
   where n.state <> o.state or n.number_id <> o.number_id or n.variant <> o.variant
   group by 1, 2, 3, 4 having sum(p.delta) <> 0;

  insert into campaign_timeline as t (campaign_id, minute, state, number_id, tenant_id, n)
  select n.campaign_id, date_trunc('minute', now()), n.state, n.number_id, min(n.tenant_id), count(*)
    from before_rows o
    join after_rows n on n.campaign_id = o.campaign_id and n.contact_id = o.contact_id
   where n.state <> o.state and n.state >= 2
   group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (campaign_id, minute, state, number_id) do update set n = t.n + excluded.n;
  return null;
end $$;

create or replace function campaign_recipient_delete() returns trigger language plpgsql as $$
begin
  insert into campaign_count_delta (campaign_id, number_id, variant, state, tenant_id, n)
  select campaign_id, number_id, variant, state, min(tenant_id), -count(*) from removed group by 1, 2, 3, 4;
  return null;
end $$;
