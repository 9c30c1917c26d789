import type { GraphCall, GraphRoutes } from '../graph-router.js';
import { callFields } from '../graph-router.js';
import { handleMessagesPost } from '../send.js';

/**
 * The request's JSON text when it alone carries the message (no form fields, no query
 * parameters): the log then keeps that one string instead of the parsed tree.
 */
function jsonText(call: GraphCall): Buffer | undefined {
  if (call.search !== '' || call.rawBody.length === 0) return undefined;
  return /x-www-form-urlencoded/i.test(call.contentType ?? '') ? undefined : call.rawBody;
}

/** `POST /{phone-number-id}/messages`: sends and mark-as-read. */
export const messageRoutes: GraphRoutes = {
  number: {
    'POST messages': (call) => handleMessagesPost(call.sandbox, call.object.number, callFields(call), jsonText(call)),
  },
};
