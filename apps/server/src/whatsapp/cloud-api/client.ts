/**
 * The Cloud API client of one number (or of a WABA's token): every call the product makes, with
 * Meta's request and reply shapes. Make one per number and keep it: it holds the precomputed
 * connection, and all clients share the pooled agents of `transport.ts`.
 */
import { blockUsersApi } from './block-users.js';
import { businessProfileApi } from './business-profile.js';
import { groupsApi } from './groups.js';
import { mediaApi } from './media.js';
import { messagesApi } from './messages.js';
import { phoneNumbersApi } from './phone-numbers.js';
import { resumableUploadApi } from './resumable-upload.js';
import { subscribedAppsApi } from './subscribed-apps.js';
import { templatesApi } from './templates.js';
import { type GraphConnection, GraphTransport } from './transport.js';

export function createCloudApiClient(connection: GraphConnection) {
  const graph = new GraphTransport(connection);
  return {
    ...messagesApi(graph),
    ...mediaApi(graph),
    ...templatesApi(graph),
    ...phoneNumbersApi(graph),
    ...businessProfileApi(graph),
    ...groupsApi(graph),
    ...subscribedAppsApi(graph),
    ...blockUsersApi(graph),
    ...resumableUploadApi(graph),
  };
}

export type CloudApiClient = ReturnType<typeof createCloudApiClient>;
