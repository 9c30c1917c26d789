-- Sends that may have gone, and Meta's campaign errors (issue 16, decision 0013 points 5 and 6).

-- unknown: the request may have reached Meta but no answer says so (a timeout after the request
-- was written, a reset mid-request, a 5xx, an unreadable reply, a claim interrupted by a crash).
-- The Cloud API has no idempotency key, so such a message is never sent again; a status webhook
-- settles it (matched by biz_opaque_callback_data when its Meta id was never learned).
-- cancelled: withdrawn from the queue before it went (a cancelled campaign).
alter table message drop constraint message_status_check;
alter table message add constraint message_status_check check (
  status in ('queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'refused', 'received', 'deleted',
             'unknown', 'cancelled')
);

-- 0003's order, with unknown beside queued and accepted (any status webhook moves it forward) and
-- cancelled final like refused.
create or replace function wa_message_status_rank(status text) returns integer language sql immutable parallel safe as $$
  select case status
    when 'queued' then 0 when 'accepted' then 0 when 'unknown' then 0 when 'sent' then 1 when 'failed' then 2
    when 'delivered' then 3 when 'read' then 4 else 9 end
$$;

-- The messages a status webhook may settle by its callback data (the message id): those still
-- queued (a send in flight) or unknown. Small, as messages leave these states within seconds or
-- are settled; the primary key starts with created_at and cannot find a message by id alone.
create index message_unsettled_idx on message (tenant_id, id) where status in ('queued', 'unknown');

-- What a failure means beyond its message, whoever records it (the send lane at send time, a
-- status webhook, an orphaned status applied later), set-based in the recording statement:
--   131048 (spam rate limit; Meta also uses it past the portfolio's messaging limit): the number
--          is paused, and its lane told (wa_number_state), as the lane does at send time;
--   132015 / 132016 (template paused / disabled): the template's status says so, and a running
--          campaign that sent the message is held with the reason.
-- Only a newly recorded code counts (its error_code changed), so a repeated webhook cannot hold a
-- campaign an operator has resumed since. 131049 (per-user marketing cap) and 131050 (opt-out)
-- are not here: the recipient's deferral follows in campaign_follow_messages, the opt-out in the
-- intake (by recipient, whether or not the message is found).
create function campaign_errors_take_effect() returns trigger language plpgsql as $$
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
    returning c.id
  )
  -- The updates run whether or not they are read; the notices are this select.
  select count(*) into told
    from (select pg_notify('wa_number_state', json_build_object('tenantId', tenant_id, 'numberId', id::text)::text)
            from paused) notices;
  return null;
end $$;

-- Triggers of one event fire in name order: this one before campaign_follow_messages, so a
-- statement locks a campaign row before its tallies, the order the dispatcher takes them in.
create trigger campaign_errors_take_effect after update on message
  referencing old table as before_rows new table as after_rows
  for each statement execute function campaign_errors_take_effect();
