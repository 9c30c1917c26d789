import {
  type InboxTemplate,
  type OutgoingContent,
  type QueuedReply,
  REPLY_MEDIA_KINDS,
  type ReplyMediaKind,
  type SendRequest,
  type TemplateSendRequest,
} from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { type MessageIntent, PRIORITY, queueMessages } from '../../whatsapp/governor/queue-messages.js';
import type { Purpose } from '../../whatsapp/governor/rules.js';
import type { ConversationState } from './conversation-repository.js';
import { inboxErrors, requireConversation, requireOwnConversation, windowOpen } from './inbox-access.js';
import { publishConversationEvents } from './inbox-events.js';
import { mediaIdOfUpload, type StoredReplyFile } from './reply-media.js';
import {
  conversationHasMessage,
  selectApprovedTemplates,
  selectNumberTemplate,
  selectQueuedTime,
} from './send-repository.js';
import { keepOriginal, type OutgoingTranslation, translateOutgoing } from './translation/outgoing-translation.js';

type MediaContent = Extract<OutgoingContent, { type: ReplyMediaKind }>;
const isMedia = (content: OutgoingContent): content is MediaContent =>
  (REPLY_MEDIA_KINDS as readonly string[]).includes(content.type);

/** A media message's object (by its Cloud API media id) and its line in lists. */
function mediaMessage(content: MediaContent, file: StoredReplyFile) {
  const caption = 'caption' in content ? content.caption : undefined;
  const filename = content.type === 'document' ? (content.filename ?? file.originalName) : undefined;
  const media = { id: file.mediaId, ...(caption ? { caption } : {}), ...(filename ? { filename } : {}) };
  return {
    type: content.type,
    content: { [content.type]: media },
    preview: caption || (filename ? `[${content.type}] ${filename}` : `[${content.type}]`),
  };
}

/** Meta's message object for free-form content, and its line in lists; media by its Cloud API media id. */
function freeForm(
  content: OutgoingContent,
  file: StoredReplyFile | undefined,
): { type: string; content: Record<string, unknown>; preview: string } {
  if (content.type === 'text')
    return { type: 'text', content: { text: { body: content.text } }, preview: content.text };
  if (isMedia(content)) {
    if (!file) throw new Error('a media reply needs its stored file');
    return mediaMessage(content, file);
  }
  const { latitude, longitude, name, address } = content;
  return {
    type: 'location',
    content: { location: { latitude, longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) } },
    preview: name || address || `${latitude}, ${longitude}`,
  };
}

/** The checks of every free-form reply: the caller's own conversation, inside the window. */
function mayReplyFreely(scope: Scope, state: ConversationState): void {
  requireOwnConversation(scope, state);
  if (!windowOpen(state)) throw inboxErrors.windowClosed();
}

/**
 * Hands one message of the agent to the send governor in the conversation's transaction (the
 * governor decides when it goes: pair rate, throughput, opt-outs) and tells the conversation's
 * agents. Interactive priority: it goes before the number's bulk sends.
 */
async function queueReply(
  client: pg.PoolClient,
  scope: Scope,
  state: ConversationState,
  message: { type: string; content: Record<string, unknown>; preview: string; purpose: Purpose; templateId?: string },
): Promise<QueuedReply> {
  const intent: MessageIntent = {
    numberId: state.numberId,
    contactId: state.contactId,
    type: message.type,
    content: message.content,
    preview: message.preview,
    purpose: message.purpose,
    sentBy: scope.userId,
    priority: PRIORITY.interactive,
    ...(message.templateId ? { templateId: message.templateId } : {}),
  };
  const [queued] = await queueMessages(client, scope.tenantId, [intent]);
  if (!queued) throw new Error('queueMessages answered no message');
  const createdAt = await selectQueuedTime(client, scope.tenantId, queued.id, queued.createdAt);
  await publishConversationEvents(client, scope.tenantId, [
    {
      conversationId: state.id,
      event: {
        type: 'message.created',
        data: {
          message_id: queued.id,
          number_id: state.numberId,
          contact_id: state.contactId,
          direction: 'out',
          message_type: message.type,
          preview: message.preview,
          created_at: createdAt,
        },
      },
    },
  ]);
  return { message_id: queued.id, created_at: createdAt, status: 'queued' };
}

/**
 * A free-form reply (text, an uploaded image, audio, video or document, or a location, optionally quoting a message): only
 * inside the 24-hour window, as a service message; outside it the agent is told that templates
 * are required.
 */
export async function sendReply(context: AppContext, scope: Scope, request: SendRequest): Promise<QueuedReply> {
  const { content } = request;
  // A file goes to Meta's media store first, and a text of a conversation that translates to the
  // provider (network waits, outside the transaction).
  let file: StoredReplyFile | undefined;
  let translation: OutgoingTranslation | undefined;
  if (isMedia(content) || (content.type === 'text' && !request.sendOriginal)) {
    const state = await requireConversation(context.pool, scope, request.conversationId);
    mayReplyFreely(scope, state);
    if (isMedia(content)) file = await mediaIdOfUpload(context, scope, state, content.type, content.upload);
    else if (content.type === 'text')
      translation = await translateOutgoing(context, scope.tenantId, state, content.text);
  }
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, request.conversationId, { lock: true });
    mayReplyFreely(scope, state);
    const message = freeForm(
      translation && content.type === 'text' ? { ...content, text: translation.text } : content,
      file,
    );
    if (request.replyTo !== undefined) {
      if (!(await conversationHasMessage(client, scope.tenantId, state, request.replyTo))) {
        throw errors.notFound({ zh: 'replyTo: 消息', en: 'replyTo: Message' });
      }
      message.content = { ...message.content, context: { message_id: request.replyTo } };
    }
    const queued = await queueReply(client, scope, state, { ...message, purpose: 'service' });
    if (!translation) return queued;
    await keepOriginal(client, scope.tenantId, state.id, queued, translation);
    const { original, text, language, provider, simulated } = translation;
    return { ...queued, translation: { original, text, language, provider, simulated } };
  });
}

const variableCount = (body: string) => new Set(body.match(/\{\{\s*\d+\s*\}\}/g) ?? []).size;

/** The approved templates of the conversation's number: what may be sent when the window is closed. */
export async function conversationTemplates(
  context: AppContext,
  scope: Scope,
  conversationId: string,
): Promise<InboxTemplate[]> {
  const state = await requireConversation(context.pool, scope, conversationId);
  const rows = await selectApprovedTemplates(context.pool, scope.tenantId, state.numberId);
  return rows.map(({ components: _components, ...row }) => ({ ...row, variables: variableCount(row.body) }));
}

/** An approved template of the number's WABA, its body's variables filled in order; allowed with the window closed. */
export function sendTemplate(context: AppContext, scope: Scope, request: TemplateSendRequest) {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, request.conversationId, { lock: true });
    requireOwnConversation(scope, state);
    const template = await selectNumberTemplate(client, scope.tenantId, state.numberId, request.templateId);
    if (!template) throw errors.notFound({ zh: 'templateId: 模板', en: 'templateId: Template' });
    if (template.status !== 'APPROVED') {
      throw new AppError('conflict', {
        zh: `templateId: 模板未通过审核（${template.status}），不能发送`,
        en: `templateId: the template is not approved (${template.status}) and cannot be sent`,
      });
    }
    const expected = variableCount(template.body);
    if (request.variables.length !== expected) {
      throw errors.invalid('variables', `模板需要 ${expected} 个变量`, `the template takes ${expected} variables`);
    }
    const content = {
      template: {
        name: template.name,
        language: { code: template.language },
        ...(expected > 0
          ? { components: [{ type: 'body', parameters: request.variables.map((text) => ({ type: 'text', text })) }] }
          : {}),
      },
    };
    const preview = request.variables.reduce(
      (text, value, index) => text.replaceAll(`{{${index + 1}}}`, value),
      template.body || template.name,
    );
    return queueReply(client, scope, state, {
      type: 'template',
      content,
      preview,
      purpose: template.category.toLowerCase() as Purpose,
      templateId: template.id,
    });
  });
}
