import { groupInviteVariables, type NewPullTask, type PullTask } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { checkAudience, checkedTemplate, StoredComponents } from '../campaigns/add-campaign.js';
import { selectSenders } from '../campaigns/sender-repository.js';
import { selectTemplate } from '../templates/template-repository.js';
import { checkHosts, HOST_REFUSAL_TEXTS } from './host-check.js';
import { presentPullTask } from './pull-presenter.js';
import { insertPullTask, selectPullTask } from './pull-task-repository.js';

/** The placeholder the template check sees for the invite variable (the group is known only later). */
const GROUP_PLACEHOLDER = 'group_id';

/**
 * `group/pulladd`: every host may host groups (the first that cannot is named with the reason),
 * the template is approved in each host's WABA, the invite variable is one of its body's (Meta
 * takes the group, `group_id`, there) and every other variable is mapped, the audience is the
 * tenant's and holds contacts. The task is a draft until started.
 */
export async function addPullTask(context: AppContext, scope: Scope, input: NewPullTask): Promise<PullTask> {
  const hosts = await checkHosts(context, scope, input.numberIds);
  const refused = hosts.find((host) => !host.eligible);
  if (refused?.reason) {
    const text = HOST_REFUSAL_TEXTS[refused.reason];
    throw errors.invalid(
      'numberIds',
      `号码 ${refused.phone} ${text.zh}`,
      `${refused.phone} cannot host groups: ${text.en}`,
    );
  }
  const { senders } = await selectSenders(context.pool, scope, [...input.numberIds], []);
  const { inviteVariable, ...content } = input.content;
  if (content.variables[inviteVariable]) {
    throw errors.invalid(
      `content.variables.${inviteVariable}`,
      '这个变量放邀请链接，不能另设值',
      'this variable carries the invite link; it takes no other value',
    );
  }
  // A template of another tenant is left to checkedTemplate's 404.
  const stored = await selectTemplate(context.pool, scope, content.templateId);
  if (stored && !groupInviteVariables(StoredComponents.parse(stored.components)).includes(inviteVariable)) {
    throw errors.invalid(
      'content.inviteVariable',
      '模板正文没有这个变量：群邀请（Meta 的 group_id 参数）要放在模板正文的变量里',
      "the template's body has no such variable: the group invite (Meta's group_id parameter) goes into a body variable",
    );
  }
  const withGroup = {
    ...content,
    variables: { ...content.variables, [inviteVariable]: { source: 'constant' as const, value: GROUP_PLACEHOLDER } },
  };
  const template = await checkedTemplate(context, scope, withGroup, 'content', senders);
  if (!template) throw errors.invalid('content.templateId', '需要模板', 'a template is required');
  await checkAudience(context, scope, input);
  const pattern = input.subjectPattern.includes('{n}') ? input.subjectPattern : `${input.subjectPattern} {n}`;
  const id = await insertPullTask(context.pool, scope, input, template.id, pattern);
  return presentPullTask(
    (await selectPullTask(context.pool, scope, id)) as NonNullable<Awaited<ReturnType<typeof selectPullTask>>>,
  );
}
