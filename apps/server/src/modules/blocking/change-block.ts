import type { BlockState, BlockTarget, ImportTarget } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import type { FailedBlockUser } from '../../whatsapp/cloud-api/index.js';
import { cloudApiFailure } from '../../whatsapp/numbers/cloud-api-failure.js';
import { targetOfBaseUrl } from '../../whatsapp/numbers/cloud-api-target.js';
import { numberClient } from '../../whatsapp/numbers/number-client.js';
import { publishConversationEvents } from '../inbox/inbox-events.js';
import { type BlockConversation, recordBlock, selectBlockConversation } from './block-repository.js';

const CONVERSATION = { zh: 'conversationId: 会话', en: 'conversationId: Conversation' };
/** Meta allows a block only of a user who wrote to the number within 24 hours. */
const REENGAGEMENT_REQUIRED = 131047;

/** The conversation in the caller's inbox scope, or a 404 naming it (another tenant's or seat's looks missing). */
export async function requireBlockConversation(
  context: AppContext,
  scope: Scope,
  target: BlockTarget,
): Promise<BlockConversation> {
  const conversation = await selectBlockConversation(context.pool, scope, target.conversationId);
  if (!conversation) throw errors.notFound(CONVERSATION);
  return conversation;
}

/** Meta's refusal of this one user, in Meta's words, naming the conversation. */
function refusalOf(failure: FailedBlockUser, target: ImportTarget) {
  const error = failure.errors[0];
  const meta = error
    ? `(#${error.code}) ${error.message ?? error.title ?? ''}${error.error_data?.details ? `: ${error.error_data.details}` : ''}`
    : 'no reason given';
  const who = target === 'sandbox' ? { zh: '沙箱', en: 'the sandbox' } : { zh: 'Meta', en: 'Meta' };
  if (error?.code === REENGAGEMENT_REQUIRED) {
    return errors.conflict({
      zh: `conversationId: 只能拉黑 24 小时内给该号码发过消息的客户（${who.zh}：${meta}）`,
      en: `conversationId: only a customer who wrote to this number in the last 24 hours can be blocked (${who.en}: ${meta})`,
    });
  }
  return errors.conflict({
    zh: `conversationId: ${who.zh}拒绝了该操作（${meta}）`,
    en: `conversationId: ${who.en} refused (${meta})`,
  });
}

/**
 * `inbox/block` and `inbox/unblock`: blocks or unblocks the customer on the number at Meta (or the
 * sandbox) through the number's Cloud API client, then records it on the conversation and tells
 * the conversation's agents (as the inbox's events go). Meta's answer comes first: nothing is recorded that Meta refused.
 */
export async function changeBlock(
  context: AppContext,
  scope: Scope,
  target: BlockTarget,
  blocked: boolean,
): Promise<BlockState> {
  const conversation = await requireBlockConversation(context, scope, target);
  const { number_id: numberId, contact_id: contactId } = conversation.state;
  const connection = await numberClient(context, scope.tenantId, numberId);
  if (!connection || !conversation.user) throw errors.notFound(CONVERSATION);
  const apiTarget = targetOfBaseUrl(context, connection.number.apiBaseUrl);
  const { phoneNumberId } = connection.number;
  let failed: FailedBlockUser | undefined;
  try {
    const result = blocked
      ? await connection.client.blockUsers(phoneNumberId, [conversation.user])
      : await connection.client.unblockUsers(phoneNumberId, [conversation.user]);
    failed = result.failed[0];
  } catch (error) {
    throw cloudApiFailure(error, 'conversationId', 'conversationId', apiTarget);
  }
  if (failed) throw refusalOf(failed, apiTarget);
  await withTransaction(context.pool, async (client) => {
    await recordBlock(client, scope, target.conversationId, blocked);
    await publishConversationEvents(client, scope.tenantId, [
      {
        conversationId: target.conversationId,
        event: {
          type: 'conversation.updated',
          data: {
            number_id: numberId,
            contact_id: contactId,
            unread: conversation.unread,
            last_message_at: conversation.lastMessageAt,
            conversation_id: target.conversationId,
          },
        },
      },
    ]);
  });
  return (await requireBlockConversation(context, scope, target)).state;
}
