import { calls } from '@ws/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/http/context.js';
import { fileRoute } from '../../platform/http/file-route.js';
import { route } from '../../platform/http/route.js';
import { storeReplyMedia } from '../uploads/store-reply-media.js';
import { heartbeat, listAgents, mySettings, setAgentSettings, transferTargets } from './agent-settings.js';
import { assignConversation, takeConversation } from './assign-conversation.js';
import { addNote, listAssignments, listNotes } from './conversation-notes.js';
import { reopenConversation, resolveConversation, snoozeConversation } from './conversation-status.js';
import { listInbox } from './inbox-list.js';
import {
  announceTyping,
  announceViewing,
  conversationMedia,
  conversationMessages,
  openConversation,
} from './open-conversation.js';
import { addQuickReply, editQuickReply, listQuickReplies, removeQuickReplies } from './quick-replies.js';
import { conversationTemplates, sendReply, sendTemplate } from './send-reply.js';
import {
  setConversationLanguage,
  setConversationTranslation,
  translateOnDemand,
} from './translation/conversation-translation.js';

/** The agents' inbox (issue 17): conversations, replies, assignment, agent settings and quick replies. */
export function registerInboxRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, context, calls.inboxList, ({ body, scope }) => listInbox(context, scope, body));
  route(app, context, calls.inboxOpen, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return openConversation(context, scope, body.conversationId);
  });
  route(app, context, calls.inboxViewing, ({ body, scope }) => announceViewing(context, scope, body.conversationId));
  route(app, context, calls.inboxTyping, ({ body, scope }) => announceTyping(context, scope, body.conversationId));
  route(app, context, calls.inboxMessages, ({ query, scope, language }) =>
    conversationMessages(context, scope, query, language),
  );
  fileRoute(app, context, calls.inboxMedia, ({ query, scope }) => conversationMedia(context, scope, query));
  route(app, context, calls.inboxSend, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return sendReply(context, scope, body);
  });
  route(app, context, calls.inboxUpload, async ({ scope, request, audit }) => {
    const stored = await storeReplyMedia(context, scope, request);
    audit(stored.url);
    return stored;
  });
  route(app, context, calls.inboxTemplates, ({ body, scope }) =>
    conversationTemplates(context, scope, body.conversationId),
  );
  route(app, context, calls.inboxSendTemplate, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return sendTemplate(context, scope, body);
  });
  route(app, context, calls.inboxNotes, ({ body, scope }) => listNotes(context, scope, body.conversationId));
  route(app, context, calls.inboxNoteAdd, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return addNote(context, scope, body);
  });
  route(app, context, calls.inboxResolve, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return resolveConversation(context, scope, body.conversationId);
  });
  route(app, context, calls.inboxReopen, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return reopenConversation(context, scope, body.conversationId);
  });
  route(app, context, calls.inboxSnooze, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return snoozeConversation(context, scope, body);
  });
  route(app, context, calls.inboxAssign, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return assignConversation(context, scope, body);
  });
  route(app, context, calls.inboxTransferTargets, ({ body, scope }) =>
    transferTargets(context, scope, body.conversationId),
  );
  route(app, context, calls.inboxTake, ({ body, scope, audit }) => {
    audit(body.conversationId);
    return takeConversation(context, scope, body.conversationId);
  });
  route(app, context, calls.inboxAssignments, ({ body, scope }) =>
    listAssignments(context, scope, body.conversationId),
  );
  route(app, context, calls.inboxPresence, ({ body, scope }) => heartbeat(context, scope, body.state));
  route(app, context, calls.inboxMe, ({ scope }) => mySettings(context, scope));
  route(app, context, calls.inboxAgents, ({ body, scope }) => listAgents(context, scope, body));
  route(app, context, calls.inboxAgentSet, ({ body, scope, audit }) => {
    audit(body.userId);
    return setAgentSettings(context, scope, body);
  });
  route(app, context, calls.inboxTranslation, ({ body, scope, audit }) => {
    audit(`${body.conversationId}: ${body.translate ? 'on' : 'off'}`);
    return setConversationTranslation(context, scope, body);
  });
  route(app, context, calls.inboxLanguage, ({ body, scope, audit }) => {
    audit(`${body.conversationId}: ${body.language ?? 'detect'}`);
    return setConversationLanguage(context, scope, body);
  });
  route(app, context, calls.inboxTranslate, ({ body, scope, language }) =>
    translateOnDemand(context, scope, body, language),
  );
  route(app, context, calls.quickReplyList, ({ body, scope }) => listQuickReplies(context, scope, body));
  route(app, context, calls.quickReplyAdd, ({ body, scope }) => addQuickReply(context, scope, body));
  route(app, context, calls.quickReplyEdit, ({ body, scope, audit }) => {
    audit(body.id);
    return editQuickReply(context, scope, body);
  });
  route(app, context, calls.quickReplyDel, ({ body, scope, audit }) => {
    audit(body.ids.join(','));
    return removeQuickReplies(context, scope, body.ids);
  });
}
