-- Group invites (issue 18, decision 0021) go as Meta's group-invite template: a body variable takes
-- the group's id (the `group_id` parameter) and WhatsApp shows the recipient that group's invite.
-- Tasks made when a URL button's variable could take the invite link's code cannot send that way:
-- they are stopped with the reason (their groups keep approving joins while seats remain, as any
-- stopped task's do); the operator makes a new task with a body variable.
update pull_group_task
   set status = 'stopped',
       finished_at = coalesce(finished_at, now()),
       last_error = '邀请现在按 Meta 的群邀请模板发送（群放在模板正文变量的 group_id 参数里），链接按钮的变量不再适用：请用正文变量新建任务 / Invites now go as Meta''s group-invite template (the group in a body variable''s group_id parameter); a link button''s variable no longer fits: make a new task with a body variable'
 where content ->> 'inviteVariable' not like 'body.%'
   and status in ('draft', 'running', 'paused');
