-- Statement triggers that join their old and new transition tables (roll-ups, campaign counts,
-- portfolio reach) plan that join once per session, at their first run, when the tables are
-- often a row or two; PL/pgSQL keeps the plan, a nested loop, and a later statement of 2 000 rows
-- compares 4 000 000 pairs (0.5–0.75 s a dispatcher step, 1.5 s a drain batch, seen with
-- auto_explain in the campaigns bench). Without nested loops the join is a hash join at any size,
-- and hash joins stay allowed inside even when the calling statement turned them off (a lane's
-- outcomes plan as index look-ups).
-- Every statement of these functions joins only transition tables (their upserts find the target
-- row by its arbiter index either way). A later `create or replace` of one of them must repeat
-- the setting: platform/db/transition-joins.test.ts checks every such function.
alter function contact_rollup_update() set enable_nestloop = off;
alter function contact_rollup_update() set enable_hashjoin = on;
alter function contact_consent_update() set enable_nestloop = off;
alter function contact_consent_update() set enable_hashjoin = on;
alter function contact_daily_source_update() set enable_nestloop = off;
alter function contact_daily_source_update() set enable_hashjoin = on;
alter function contact_month_number_update() set enable_nestloop = off;
alter function contact_month_number_update() set enable_hashjoin = on;
alter function portfolio_reach_count_update() set enable_nestloop = off;
alter function portfolio_reach_count_update() set enable_hashjoin = on;
alter function campaign_recipient_update() set enable_nestloop = off;
alter function campaign_recipient_update() set enable_hashjoin = on;
