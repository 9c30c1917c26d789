import type { AssignmentRecord, ConversationNote, NoteRequest } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { requireConversation } from './inbox-access.js';
import { publishConversationEvents } from './inbox-events.js';
import { insertNote, selectAssignments, selectNotes } from './note-repository.js';

/** An internal note on a conversation of the caller's inbox; its agents see it arrive. */
export function addNote(context: AppContext, scope: Scope, request: NoteRequest): Promise<ConversationNote> {
  return withTransaction(context.pool, async (client) => {
    const state = await requireConversation(client, scope, request.conversationId, { lock: true });
    const note = await insertNote(client, scope.tenantId, state.id, scope.userId, request.text);
    await publishConversationEvents(client, scope.tenantId, [
      {
        conversationId: state.id,
        event: {
          type: 'conversation.note',
          data: { conversation_id: state.id, note_id: note.id, author_user_id: scope.userId },
        },
      },
    ]);
    return note;
  });
}

export async function listNotes(
  context: AppContext,
  scope: Scope,
  conversationId: string,
): Promise<ConversationNote[]> {
  const state = await requireConversation(context.pool, scope, conversationId);
  return selectNotes(context.pool, scope.tenantId, state.id);
}

export async function listAssignments(
  context: AppContext,
  scope: Scope,
  conversationId: string,
): Promise<AssignmentRecord[]> {
  const state = await requireConversation(context.pool, scope, conversationId);
  return selectAssignments(context.pool, scope.tenantId, state.id);
}
