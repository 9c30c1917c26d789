import { z } from 'zod';
import { type BlockOutcome, blockUser, unblockUser } from '../blocklist.js';
import { graphErrors } from '../graph-errors.js';
import { parseGraphInput } from '../graph-input.js';
import { graphPage } from '../graph-paging.js';
import { callFields, type GraphCall, type GraphRoutes } from '../graph-router.js';
import type { SandboxNumber } from '../state.js';

/** Meta takes at most this many users in one block or unblock request. */
const MAX_USERS = 1_000;

const BlockUsersSchema = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  block_users: z.array(z.looseObject({ user: z.string().min(1) })).min(1),
});

/**
 * Each user's outcome in Meta's reply shape: the changed users under `listName` (`added_users`,
 * `removed_users`), the others under `failed_users`; any failure makes the reply a 400 with 139100.
 */
function blockReply(
  call: GraphCall<{ kind: 'number'; id: string; number: SandboxNumber }>,
  listName: string,
  act: (input: string) => BlockOutcome,
) {
  const input = parseGraphInput(BlockUsersSchema, callFields(call));
  if (input.block_users.length > MAX_USERS) throw graphErrors.tooManyBlockUsers(MAX_USERS);
  const changed: { input: string; wa_id: string }[] = [];
  const failed: { input: string; wa_id?: string; errors: unknown[] }[] = [];
  for (const { user } of input.block_users) {
    const outcome = act(user);
    if (outcome.error) {
      failed.push({ input: user, ...(outcome.waId ? { wa_id: outcome.waId } : {}), errors: [outcome.error] });
    } else {
      changed.push({ input: user, wa_id: outcome.waId as string });
    }
  }
  if (failed.length > 0) throw graphErrors.blockPartialFailure({ [listName]: changed, failed_users: failed });
  return { messaging_product: 'whatsapp', block_users: { [listName]: changed } };
}

/** Meta's Block Users API on a phone number: `POST` blocks, `DELETE` unblocks, `GET` pages the blocklist. */
export const blockUsersRoutes: GraphRoutes = {
  number: {
    'POST block_users': (call) =>
      blockReply(call, 'added_users', (user) => blockUser(call.sandbox, call.object.number, user)),
    'DELETE block_users': (call) =>
      blockReply(call, 'removed_users', (user) => unblockUser(call.sandbox, call.object.number, user)),
    'GET block_users': (call) => {
      const users = (call.object.number.blockedUsers ?? []).map((waId) => ({
        messaging_product: 'whatsapp',
        wa_id: waId,
      }));
      return graphPage(users, call.query, call.selfUrl);
    },
  },
};
