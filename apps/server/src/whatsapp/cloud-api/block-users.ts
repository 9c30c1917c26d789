/**
 * Meta's Block Users API: a business number blocks a WhatsApp user (who then cannot write to it,
 * and to whom it cannot send), unblocks them, and lists its blocklist. Synchronous; errors come per
 * user (`failed_users`), and when any user failed the whole reply is HTTP 400 with error 139100
 * beside the lists, so that case is answered as a result, not thrown.
 */
import { z } from 'zod';
import { MetaApiError } from './errors.js';
import { expectReply, type Page, pageOf, toPage } from './replies.js';
import { type GraphTransport, segment } from './transport.js';

/** Meta takes at most this many users in one block or unblock request. */
export const BLOCK_USERS_MAX = 1_000;
/** "Failed to block/unblock some users": the reply's lists say which and why. */
export const BLOCK_PARTIAL_FAILURE = 139100;

const blockedUser = z.looseObject({
  input: z.string(),
  wa_id: z.string().optional(),
  user_id: z.string().optional(),
});
export type BlockedUser = z.infer<typeof blockedUser>;

const userError = z.looseObject({
  code: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]),
  message: z.string().optional(),
  title: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
});

const failedUser = z.looseObject({
  input: z.string(),
  wa_id: z.string().optional(),
  errors: z.array(userError).default([]),
});
export type FailedBlockUser = z.infer<typeof failedUser>;

const blockReply = z.looseObject({
  block_users: z.looseObject({
    added_users: z.array(blockedUser).default([]),
    failed_users: z.array(failedUser).default([]),
  }),
});
const unblockReply = z.looseObject({
  block_users: z.looseObject({
    removed_users: z.array(blockedUser).default([]),
    failed_users: z.array(failedUser).default([]),
  }),
});
const blocklistPage = pageOf(z.looseObject({ wa_id: z.string().optional(), user_id: z.string().optional() }));

/** What a block or unblock did: the users it changed and those it could not, each with Meta's errors. */
export interface BlockUsersResult {
  changed: BlockedUser[];
  failed: FailedBlockUser[];
}

const body = (users: readonly string[]) => ({
  messaging_product: 'whatsapp',
  block_users: users.map((user) => ({ user })),
});

export function blockUsersApi(graph: GraphTransport) {
  const path = (phoneNumberId: string) => `${segment(phoneNumberId)}/block_users`;

  /** The call, with a 139100 reply read as the per-user result it carries. */
  async function change<S extends typeof blockReply | typeof unblockReply>(
    method: 'POST' | 'DELETE',
    phoneNumberId: string,
    users: readonly string[],
    schema: S,
  ): Promise<z.infer<S>> {
    const endpoint = `${method} ${path(phoneNumberId)}`;
    try {
      return (await graph.expect(schema, { method, path: path(phoneNumberId), json: body(users) })) as z.infer<S>;
    } catch (error) {
      if (
        error instanceof MetaApiError &&
        error.code === BLOCK_PARTIAL_FAILURE &&
        schema.safeParse(error.reply).success
      ) {
        return expectReply(schema, error.reply, endpoint) as z.infer<S>;
      }
      throw error;
    }
  }

  return {
    /** Blocks users by phone number, wa_id or BSUID (Meta: only users who wrote within 24 hours). */
    async blockUsers(phoneNumberId: string, users: readonly string[]): Promise<BlockUsersResult> {
      const reply = await change('POST', phoneNumberId, users, blockReply);
      return { changed: reply.block_users.added_users, failed: reply.block_users.failed_users };
    },

    /** Unblocks users; the 24-hour rule does not apply. */
    async unblockUsers(phoneNumberId: string, users: readonly string[]): Promise<BlockUsersResult> {
      const reply = await change('DELETE', phoneNumberId, users, unblockReply);
      return { changed: reply.block_users.removed_users, failed: reply.block_users.failed_users };
    },

    /** One page of the number's blocklist. */
    async blockedUsers(
      phoneNumberId: string,
      options: { limit?: number; after?: string } = {},
    ): Promise<Page<{ wa_id?: string | undefined; user_id?: string | undefined }>> {
      const reply = await graph.expect(blocklistPage, {
        method: 'GET',
        path: path(phoneNumberId),
        query: { limit: options.limit, after: options.after },
      });
      return toPage(reply);
    },
  };
}
