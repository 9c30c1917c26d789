-- A/B split of a campaign (issue 16, decision 0013 "A/B split"). The snapshot gives each recipient
-- its variant: 1 A and 2 B (the sample, half each), 3 the rest (waiting for the winner); 0 is a
-- campaign without a split. The decision reads a per-variant roll-up, never the recipients.

alter table campaign
  -- The request's split (variant B's content, sample percent, metric, delay); null: no split.
  add column split jsonb,
  add column split_template_id bigint,
  -- When every sample recipient had been handed to the send queue; the decision is due
  -- split.decideAfterMinutes later.
  add column split_sample_sent_at timestamptz,
  -- 1 A or 2 B, and the rates it was decided on; the rest get the winner's content.
  add column split_winner smallint check (split_winner in (1, 2)),
  add column split_decided_at timestamptz,
  add column split_decision jsonb;

-- Constant default: a catalogue change only, no rewrite of the recipients.
alter table campaign_recipient add column variant smallint not null default 0;

-- Recipients of split campaigns per campaign, number, variant and state. Keyed by number like
-- campaign_tally, so the lanes of different numbers never queue on the same row.
create table campaign_variant_tally (
  campaign_id bigint not null,
  number_id bigint not null,
  variant smallint not null,
  state smallint not null,
  tenant_id text not null,
  n bigint not null default 0,
  primary key (campaign_id, number_id, variant, state)
);

-- 0020's roll-up triggers, now also keeping campaign_variant_tally for rows of a split (variant
-- above 0); a campaign without a split costs one scan of the statement's rows to find none.
-- Same order everywhere: campaign_tally's rows, then campaign_variant_tally's, each in key order.
create or replace function campaign_recipient_insert() returns trigger language plpgsql as $$
begin
  insert into campaign_tally as t (campaign_id, number_id, state, tenant_id, n)
  select campaign_id, number_id, state, min(tenant_id), count(*) from added
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_id, number_id, state) do update set n = t.n + excluded.n;
  if exists (select 1 from added where variant <> 0) then
    insert into campaign_variant_tally as t (campaign_id, number_id, variant, state, tenant_id, n)
    select campaign_id, number_id, variant, state, min(tenant_id), count(*) from added where variant <> 0
     group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (campaign_id, number_id, variant, state) do update set n = t.n + excluded.n;
  end if;
  return null;
end $$;

create or replace function campaign_recipient_update() returns trigger language plpgsql as $$
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

  if exists (select 1 from after_rows where variant <> 0) then
    insert into campaign_variant_tally as t (campaign_id, number_id, variant, state, tenant_id, n)
    select p.campaign_id, p.number_id, p.variant, p.state, min(p.tenant_id), sum(p.delta)
      from before_rows o
      join after_rows n on n.campaign_id = o.campaign_id and n.contact_id = o.contact_id
     cross join lateral (values
             (o.campaign_id, o.number_id, o.variant, o.state, o.tenant_id, -1),
             (n.campaign_id, n.number_id, n.variant, n.state, n.tenant_id, 1)
           ) p (campaign_id, number_id, variant, state, tenant_id, delta)
     where (n.state <> o.state or n.number_id <> o.number_id or n.variant <> o.variant) and p.variant <> 0
     group by 1, 2, 3, 4 having sum(p.delta) <> 0 order by 1, 2, 3, 4
    on conflict (campaign_id, number_id, variant, state) do update set n = t.n + excluded.n;
  end if;

  insert into campaign_timeline as t (campaign_id, minute, state, tenant_id, n)
  select n.campaign_id, date_trunc('minute', now()), n.state, min(n.tenant_id), count(*)
    from before_rows o
    join after_rows n on n.campaign_id = o.campaign_id and n.contact_id = o.contact_id
   where n.state <> o.state and n.state >= 2
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_id, minute, state) do update set n = t.n + excluded.n;
  return null;
end $$;

create or replace function campaign_recipient_delete() returns trigger language plpgsql as $$
begin
  insert into campaign_tally as t (campaign_id, number_id, state, tenant_id, n)
  select campaign_id, number_id, state, min(tenant_id), -count(*) from removed
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (campaign_id, number_id, state) do update set n = t.n + excluded.n;
  if exists (select 1 from removed where variant <> 0) then
    insert into campaign_variant_tally as t (campaign_id, number_id, variant, state, tenant_id, n)
    select campaign_id, number_id, variant, state, min(tenant_id), -count(*) from removed where variant <> 0
     group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (campaign_id, number_id, variant, state) do update set n = t.n + excluded.n;
  end if;
  return null;
end $$;
