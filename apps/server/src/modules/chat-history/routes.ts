import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { listConversations } from './conversation-list.js';
import { messageHistory } from './message-history.js';
import { messageMedia } from './message-media.js';

/** Chat history: a contact's or number's messages, the conversation picker, and media files. */
export function registerChatHistoryRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.messageHistory, ({ query, scope }) => messageHistory(context, scope, query));
  route(app, context, calls.messageConversations, ({ body, scope }) => listConversations(context, scope, body));
  fileRoute(app, context, calls.messageMedia, ({ query, scope }) => messageMedia(context, scope, query));
}
