-- A campaign Meta's template errors hold (132015 paused, 132016 disabled; 0021) also holds its
-- queued messages, as a pause does, so none goes out under a template Meta stopped; and the
-- screens are told at once through the realtime channel, as for every other status change.
create or replace function campaign_errors_take_effect() returns trigger language plpgsql as $$
declare
  told bigint;
begin
  -- Nearly every statement has none of these codes: one pass over its new rows says so.
  if not exists (select 1 from after_rows where error_code in (131048, 132015, 132016)) then
    return null;
  end if;
  with hit as (
    select n.tenant_id, n.number_id, n.campaign_id, n.template_id, n.error_code
      from after_rows n
      join before_rows o on o.tenant_id = n.tenant_id and o.created_at = n.created_at and o.id = n.id
     where n.error_code in (131048, 132015, 132016) and n.direction = 'out'
       and o.error_code is distinct from n.error_code
  ),
  paused as (
    update wa_number w set paused_at = now(), pause_reason = 'spam_rate_limit', updated_at = now()
      from (select distinct tenant_id, number_id from hit where error_code = 131048) h
     where w.tenant_id = h.tenant_id and w.id = h.number_id and w.paused_at is null
    returning w.tenant_id, w.id
  ),
  templates as (
    update wa_template t
       set status = h.status, updated_at = now()
      from (select tenant_id, template_id, case when max(error_code) = 132016 then 'DISABLED' else 'PAUSED' end as status
              from hit where error_code in (132015, 132016) and template_id is not null
             group by 1, 2) h
     where t.tenant_id = h.tenant_id and t.id = h.template_id and t.status <> h.status and t.status <> 'DISABLED'
    returning t.id
  ),
  held as (
    update campaign c
       set status = 'held', updated_at = now(),
           hold_reason_zh = case when h.code = 132016 then '模板已被 Meta 停用（132016）' else '模板已被 Meta 暂停（132015）' end,
           hold_reason_en = case when h.code = 132016 then 'The template was disabled by Meta (132016)'
                                 else 'The template was paused by Meta (132015)' end
      from (select tenant_id, campaign_id, max(error_code) as code
              from hit where error_code in (132015, 132016) and campaign_id is not null
             group by 1, 2) h
     where c.id = h.campaign_id and c.tenant_id = h.tenant_id and c.status = 'running'
    returning c.id, c.tenant_id, c.kind, c.run_no
  ),
  -- A held campaign's queued messages wait, as a paused one's do (resume releases them).
  holding as (
    update send_queue q set not_before = 'infinity'
      from held h
     where q.campaign_id = h.id and q.tenant_id = h.tenant_id and q.claimed_at is null
  ),
  -- The screens hear of it like any other status change (platform/realtime/publish.ts).
  announced as (
    insert into realtime_event (tenant_id, type, payload, roles)
    select h.tenant_id, 'campaign.updated',
           jsonb_build_object('campaign_id', h.id::text, 'kind', h.kind, 'status', 'held', 'run_no', h.run_no),
           array['admin', 'operator']
      from held h
    returning 1
  )
  -- The updates run whether or not they are read; the notices are this select.
  select count(*) into told
    from (select pg_notify('wa_number_state', json_build_object('tenantId', tenant_id, 'numberId', id::text)::text)
            from paused
          union all
          select pg_notify('realtime_event', '') from (select 1 from announced limit 1) a) notices;
  return null;
end $$;
