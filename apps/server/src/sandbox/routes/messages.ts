import type { GraphCall, GraphRoutes } from '../graph-router.js';
import { decodedCallFields } from '../graph-router.js';
import { handleMessagesPost } from '../send.js';

/**
 * The request's JSON text when it alone carries the message as sent (no form fields, no query
 * parameters, nothing given as JSON text): the log then keeps that one string instead of the
 * parsed tree.
 */
function jsonText(call: GraphCall, decoded: boolean): Buffer | undefined {
  if (decoded || call.search !== '' || call.rawBody.length === 0) return undefined;
  return /x-www-form-urlencoded/i.test(call.contentType ?? '') ? undefined : call.rawBody;
}

/**
 * `POST /{phone-number-id}/messages`: sends and mark-as-read, from JSON or form fields, with
 * objects such as `template` or `text` also taken as JSON text, as Graph decodes them.
 */
export const messageRoutes: GraphRoutes = {
  number: {
    'POST messages': (call) => {
      const { fields, decoded } = decodedCallFields(call);
      return handleMessagesPost(call.sandbox, call.object.number, fields, jsonText(call, decoded));
    },
  },
};
