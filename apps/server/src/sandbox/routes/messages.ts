import type { GraphRoutes } from '../graph-router.js';
import { callFields } from '../graph-router.js';
import { handleMessagesPost } from '../send.js';

/** `POST /{phone-number-id}/messages`: sends and mark-as-read. */
export const messageRoutes: GraphRoutes = {
  number: {
    'POST messages': (call) => handleMessagesPost(call.sandbox, call.object.number, callFields(call), call.rawBody),
  },
};
