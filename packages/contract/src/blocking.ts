import { z } from 'zod';
import { Id } from './auth.js';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';

/** Operators and admins, and a seat for the conversations of its inbox (the scope narrows it). */
const ACCESS = ['admin', 'operator', 'seat'] as const;

/**
 * One conversation (a business number and a contact), by its id as the inbox gives it. Meta's
 * blocklist belongs to a phone number, so a block is per conversation.
 */
export const BlockTarget = z.object({ conversationId: Id });
export type BlockTarget = z.infer<typeof BlockTarget>;

/** Whether the number blocked the contact, since when and by whom. */
export const BlockState = z.object({
  conversation_id: Id,
  number_id: Id,
  contact_id: Id,
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  blocked_by_name: z.string().nullable(),
});
export type BlockState = z.infer<typeof BlockState>;

export const blockingCalls = {
  inboxBlock: defineCall({
    id: 'inbox.block',
    method: 'POST',
    path: '/api/inbox/block',
    tag: 'inbox',
    summary:
      "Blocks an abusive customer on one number (Meta's Block Users API): the number then neither sends to them nor hears from them",
    access: ACCESS,
    kind: 'action',
    body: BlockTarget,
    reply: envelopeOf(BlockState),
  }),
  inboxUnblock: defineCall({
    id: 'inbox.unblock',
    method: 'POST',
    path: '/api/inbox/unblock',
    tag: 'inbox',
    summary: 'Unblocks a customer on one number (Meta: allowed at any time)',
    access: ACCESS,
    kind: 'action',
    body: BlockTarget,
    reply: envelopeOf(BlockState),
  }),
  inboxBlockState: defineCall({
    id: 'inbox.blockstate',
    method: 'GET',
    path: '/api/inbox/blockstate',
    tag: 'inbox',
    summary: 'Whether a number blocked a customer',
    access: ACCESS,
    kind: 'read',
    query: BlockTarget,
    reply: envelopeOf(BlockState),
  }),
} as const;
