-- One group row per create request of a number. The pull-group job records the group it asked Meta
-- for while the group webhook records the group Meta made, each finding the other's row by the
-- request id; when both ran at once, neither saw the other's uncommitted row and each inserted
-- one: the task's row stayed "creating" without its group, the group's row belonged to no task.
-- With the request as a key, the later insert waits for the earlier one and takes its row instead.

-- Pairs that race left: the group Meta made takes the task's place, and the task's row goes (a
-- row without Meta's group id has no members, join requests or invitations).
update wa_group g
   set task_id = t.task_id, task_group_no = t.task_group_no,
       role = case when g.status = 'active' and g.invite_link is not null then 'spare' else 'creating' end
  from wa_group t
 where t.tenant_id = g.tenant_id and t.number_id = g.number_id and t.request_id = g.request_id
   and t.task_id is not null and t.group_id is null and t.role = 'creating'
   and g.task_id is null and g.group_id is not null;

delete from wa_group t
 using wa_group g
 where g.tenant_id = t.tenant_id and g.number_id = t.number_id and g.request_id = t.request_id and g.id <> t.id
   and t.group_id is null and t.role = 'creating'
   and g.group_id is not null and g.task_id = t.task_id and g.task_group_no = t.task_group_no;

-- Anything else sharing a request keeps it on its first row only; an empty request id is none.
update wa_group set request_id = null where request_id = '';
update wa_group w set request_id = null
 where w.request_id is not null
   and exists (select 1 from wa_group o where o.tenant_id = w.tenant_id and o.number_id = w.number_id
                                          and o.request_id = w.request_id and o.id < w.id);

drop index wa_group_request_idx;
create unique index wa_group_request_key on wa_group (tenant_id, number_id, request_id) where request_id is not null;
