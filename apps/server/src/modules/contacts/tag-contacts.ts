import type { BatchReply } from '@ws/contract';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import { batchReply } from '../../platform/http/batch-reply.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import { addContactTags, lockContactTags, lockLiveContacts, removeContactTags } from './contact-repository.js';
import { CONTACT_IDS } from './delete-contacts.js';

export interface ContactTagging {
  ids: readonly string[];
  addTagIds: readonly string[];
  removeTagIds: readonly string[];
}

/**
 * Adds and removes contact tags of the tenant on its selected live contacts; returns how many
 * contacts were concerned. A tag of another tenant, or a number tag, is "not found".
 */
export async function tagContacts(context: AppContext, scope: Scope, tagging: ContactTagging): Promise<BatchReply> {
  const tagged = await withTransaction(context.pool, async (client) => {
    const found = new Set(await lockContactTags(client, scope, [...tagging.addTagIds, ...tagging.removeTagIds]));
    for (const field of ['addTagIds', 'removeTagIds'] as const) {
      if (tagging[field].some((id) => !found.has(id)))
        throw errors.notFound({ zh: `${field}: 标签`, en: `${field}: Tag` });
    }
    const contactIds = await lockLiveContacts(client, scope, tagging.ids);
    if (contactIds.length === 0) return 0;
    if (tagging.addTagIds.length > 0) await addContactTags(client, scope, contactIds, tagging.addTagIds);
    if (tagging.removeTagIds.length > 0) await removeContactTags(client, scope, contactIds, tagging.removeTagIds);
    return contactIds.length;
  });
  return batchReply(tagged, CONTACT_IDS);
}
