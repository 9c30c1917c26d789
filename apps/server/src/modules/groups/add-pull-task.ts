import type { NewPullTask, PullTask } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { checkAudience, checkedTemplate } from '../campaigns/add-campaign.js';
import { selectSenders } from '../campaigns/sender-repository.js';
import { checkHosts, HOST_REFUSAL_TEXTS } from './host-check.js';
import { presentPullTask } from './pull-presenter.js';
import { insertPullTask, selectPullTask } from './pull-task-repository.js';

/** The placeholder the template check sees for the invite variable (the link is known only later). */
const LINK_PLACEHOLDER = 'https://chat.whatsapp.com/invite';

/**
 * `group/pulladd`: every host may host groups (the first that cannot is named with the reason),
 * the template is approved in each host's WABA with every variable but the invite's mapped, the
 * audience is the tenant's and holds contacts. The task is a draft until started.
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
  const withLink = {
    ...content,
    variables: { ...content.variables, [inviteVariable]: { source: 'constant' as const, value: LINK_PLACEHOLDER } },
  };
  const template = await checkedTemplate(context, scope, withLink, 'content', senders);
  if (!template) throw errors.invalid('content.templateId', '需要模板', 'a template is required');
  await checkAudience(context, scope, input);
  const pattern = input.subjectPattern.includes('{n}') ? input.subjectPattern : `${input.subjectPattern} {n}`;
  const id = await insertPullTask(context.pool, scope, input, template.id, pattern);
  return presentPullTask(
    (await selectPullTask(context.pool, scope, id)) as NonNullable<Awaited<ReturnType<typeof selectPullTask>>>,
  );
}
