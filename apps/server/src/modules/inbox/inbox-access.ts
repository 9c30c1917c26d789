import type { Scope } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/pool.js';
import { AppError, errors } from '../../platform/http/errors.js';
import { type ConversationState, selectConversationState } from './conversation-repository.js';

export const CONVERSATION_NOT_FOUND = { zh: 'conversationId: 会话', en: 'conversationId: Conversation' };

/**
 * Whether the caller's inbox holds the conversation: admins and operators see the tenant's; a seat
 * the conversations assigned to it and those waiting unassigned on the numbers it serves (the same
 * rule as `scopeWhere`'s `inboxConversation`).
 */
export function inInbox(scope: Scope, state: ConversationState): boolean {
  if (scope.assignee === undefined) return true;
  if (state.assigneeUserId === scope.assignee) return true;
  return state.assigneeUserId === null && state.status === 'open' && state.callerServes;
}

/** The conversation when it is in the caller's inbox (locked with `lock`), else a 404 naming the field. */
export async function requireConversation(
  db: Db,
  scope: Scope,
  conversationId: string,
  options: { lock: boolean } = { lock: false },
): Promise<ConversationState> {
  const state = await selectConversationState(db, scope, conversationId, options);
  if (!state || !inInbox(scope, state)) throw errors.notFound(CONVERSATION_NOT_FOUND);
  return state;
}

/**
 * What a seat may do only with a conversation of its own (reply, transfer): one waiting in the
 * queue must be taken first. Admins and operators may act on any conversation of the tenant.
 */
export function requireOwnConversation(scope: Scope, state: ConversationState): void {
  if (scope.assignee === undefined || state.assigneeUserId === scope.assignee) return;
  throw new AppError('conflict', {
    zh: 'conversationId: 请先接入该会话，再进行此操作',
    en: 'conversationId: take this conversation before acting on it',
  });
}

const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether the customer's 24-hour window is open: free-form replies may go. */
export const windowOpen = (state: ConversationState): boolean =>
  state.lastInboundAt !== null && state.lastInboundAt.getTime() + WINDOW_MS > Date.now();

export const inboxErrors = {
  taken: () =>
    new AppError('conflict', {
      zh: 'conversationId: 该会话已被其他坐席接入',
      en: 'conversationId: another agent has already taken this conversation',
    }),
  notServed: () =>
    new AppError('forbidden', {
      zh: 'conversationId: 你不负责该会话所在的号码，无法接入',
      en: "conversationId: you do not serve this conversation's number, so you cannot take it",
    }),
  capReached: (field: string, maxOpen: number) =>
    new AppError('conflict', {
      zh: `${field}: 该坐席已达到同时接待上限（${maxOpen} 个未解决会话）`,
      en: `${field}: the agent already holds its maximum of ${maxOpen} unresolved conversations`,
    }),
  windowClosed: () =>
    new AppError('conflict', {
      zh: 'conversationId: 24 小时客服窗口已关闭，只能发送已批准的模板消息',
      en: 'conversationId: the 24-hour customer service window is closed; only approved templates may be sent',
    }),
  notSnoozable: () =>
    new AppError('conflict', {
      zh: 'conversationId: 已解决的会话不能暂缓',
      en: 'conversationId: a resolved conversation cannot be snoozed',
    }),
  alreadyOpen: () =>
    new AppError('conflict', {
      zh: 'conversationId: 该会话已在处理中',
      en: 'conversationId: this conversation is already open',
    }),
};
