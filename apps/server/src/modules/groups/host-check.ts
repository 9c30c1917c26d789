import type { HostCheck } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { numberRefusal } from '../../whatsapp/governor/rules.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import { selectSenders } from '../campaigns/sender-repository.js';
import { saveOfficialFlags } from './pull-task-repository.js';

/** What Meta says of a number: is it an Official Business Account? undefined when it could not be asked. */
async function isOfficial(context: AppContext, tenantId: string, numberId: string): Promise<boolean | undefined> {
  try {
    const found = await numberClient(context, tenantId, numberId);
    if (!found) return undefined;
    const info = await found.client.getPhoneNumber(found.number.phoneNumberId, ['is_official_business_account']);
    return info.is_official_business_account === true;
  } catch {
    return undefined;
  }
}

/**
 * Whether each number may host groups: connected and not paused, not RED, and (asked of Meta now,
 * the answer kept on the number) an Official Business Account. Another tenant's number is a 404.
 */
export async function checkHosts(
  context: AppContext,
  scope: Scope,
  numberIds: readonly string[],
): Promise<HostCheck[]> {
  const found = await selectSenders(context.pool, scope, [...numberIds], []);
  if (found.unknownNumbers.length > 0) throw errors.notFound({ zh: 'numberIds: 号码', en: 'numberIds: Number' });
  const official = await Promise.all(found.senders.map((sender) => isOfficial(context, scope.tenantId, sender.id)));
  await saveOfficialFlags(
    context.pool,
    scope.tenantId,
    found.senders.flatMap((sender, index) =>
      official[index] === undefined ? [] : [{ numberId: sender.id, official: official[index] as boolean }],
    ),
  );
  return found.senders.map((sender, index) => {
    const reason =
      numberRefusal(sender) !== null
        ? 'not_connected'
        : sender.quality === 'RED'
          ? 'quality_red'
          : official[index] === undefined
            ? 'check_failed'
            : official[index]
              ? null
              : 'not_official';
    return { number_id: sender.id, phone: sender.phone, eligible: reason === null, reason };
  });
}

export const HOST_REFUSAL_TEXTS = {
  not_official: {
    zh: '不是官方商业账号（OBA），不能使用群组 API',
    en: 'not an Official Business Account: the Groups API is not open to it',
  },
  not_connected: { zh: '号码未连接或已暂停', en: 'not connected, or paused' },
  quality_red: { zh: '号码质量为红色', en: 'its quality rating is RED' },
  other_waba: { zh: '号码所在 WABA 没有该模板', en: 'its WABA lacks the template' },
  check_failed: { zh: '无法向 Meta 确认号码资格', en: 'Meta could not be asked whether it is eligible' },
} as const;
