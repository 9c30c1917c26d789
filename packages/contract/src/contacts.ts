import { z } from 'zod';
import { Id, IdList, UserRef } from './auth.js';
import { defineCall } from './call.js';
import { BatchReply, envelopeOf } from './envelope.js';
import { cappedPageOf, PageRequest, textFilter } from './paging.js';
import { TagRef } from './tags.js';

const CONTACT_ACCESS = ['admin', 'operator'] as const;

/** A contact's consent, derived from its opt-in and opt-out times (an opt-out wins). */
export const CONSENT_STATES = ['opted_in', 'opted_out', 'none'] as const;
export const Consent = z.enum(CONSENT_STATES);
export type Consent = z.infer<typeof Consent>;

/** Whether the contact wrote within the last 24 hours (the customer service window is open). */
export const CONTACT_WINDOWS = ['open', 'closed'] as const;
export const ContactWindow = z.enum(CONTACT_WINDOWS);

/** The opt-in sources the console names; any other source (an import's name…) is shown as written. */
export const KnownOptInSource = z.enum(['web_form', 'checkout']);
/** How a contact opted out: a stop word, a button, WhatsApp's own preferences, or Meta's error 131050. */
export const OptOutChannel = z.enum(['keyword', 'button', 'user_preferences', 'error_131050']);
export type OptOutChannel = z.infer<typeof OptOutChannel>;

/** The contact list's filters; every one is optional and they combine with "and". */
export const ContactFilters = z.object({
  /** A substring of the name, username or business-scoped user id, or digits found in the WhatsApp id (phone number). */
  search: textFilter(64),
  numberId: Id.nullish(),
  ownerUserId: Id.nullish(),
  tagId: Id.nullish(),
  consent: Consent.nullish(),
  window: ContactWindow.nullish(),
  /** The opt-in source, exactly (web_form, checkout, an import's name…). */
  source: textFilter(64),
});
export type ContactFilters = z.output<typeof ContactFilters>;

export const ContactListRequest = PageRequest.extend({ filters: ContactFilters.prefault({}) });

export const ContactRecord = z.object({
  id: Id,
  /** The phone number; null for a user with a username who hides it (then user_id is set). */
  wa_id: z.string().nullable(),
  /** Meta's business-scoped user id (BSUID, `US.13491208655302741918`), for the portfolio it came from. */
  user_id: z.string().nullable(),
  /** The user's WhatsApp username, when they have one. */
  username: z.string().nullable(),
  name: z.string(),
  /** The business number that owns the contact. */
  number: z.object({ id: Id, phone: z.string() }).nullable(),
  /** The agent (user) the contact is assigned to. */
  owner: UserRef.nullable(),
  consent: Consent,
  opt_in_source: z.string().nullable(),
  opt_in_evidence: z.string().nullable(),
  opted_in_at: z.string().nullable(),
  opted_out_at: z.string().nullable(),
  opt_out_channel: z.string().nullable(),
  tags: z.array(TagRef),
  last_inbound_at: z.string().nullable(),
  last_message_at: z.string().nullable(),
  window_open: z.boolean(),
  window_closes_at: z.string().nullable(),
  created_at: z.string(),
});
export type ContactRecord = z.infer<typeof ContactRecord>;

/**
 * A page of contacts. With filters that no roll-up counts, counting stops past a cap:
 * `total_capped` then says there are at least `total` contacts (the console shows "10 000+").
 */
export const ContactPage = cappedPageOf(ContactRecord);

/** How many contacts a batch call changed (ids of other tenants or of deleted contacts are not counted). */

export const DeleteContacts = z.object({ ids: IdList });
export const ClearNumbersContacts = z.object({ numberIds: IdList });

export const MoveContacts = z
  .object({ ids: IdList, numberId: Id.nullish(), ownerUserId: Id.nullish() })
  .refine((move) => move.numberId || move.ownerUserId, {
    message: 'give numberId or ownerUserId',
    path: ['numberId'],
  });

export const MoveNumbersContacts = z
  .object({ fromNumberIds: IdList, toNumberId: Id })
  .refine((move) => !move.fromNumberIds.includes(move.toNumberId), {
    message: 'must not be one of fromNumberIds',
    path: ['toNumberId'],
  });

const TagIds = z
  .array(Id)
  .max(100)
  .transform((ids) => [...new Set(ids)]);
export const TagContacts = z
  .object({ ids: IdList, addTagIds: TagIds.default([]), removeTagIds: TagIds.default([]) })
  .refine((change) => change.addTagIds.length + change.removeTagIds.length > 0, {
    message: 'give addTagIds or removeTagIds',
    path: ['addTagIds'],
  })
  .refine((change) => !change.addTagIds.some((id) => change.removeTagIds.includes(id)), {
    message: 'a tag cannot be added and removed at once',
    path: ['removeTagIds'],
  });

/** Which contacts to export: the selected ones, or those of the numbers and filters. */
export const ExportContacts = z.object({
  ids: IdList.optional(),
  numberIds: IdList.optional(),
  filters: ContactFilters.prefault({}),
});

/** Response headers of the export: the expected row count, for the progress bar. */
export const EXPORT_TOTAL_HEADER = 'x-total-count';
/** `true` when the expected row count is a lower bound (counting stopped at a cap). */
export const EXPORT_CAPPED_HEADER = 'x-total-capped';
export const EXPORT_CONTENT_TYPE = 'text/csv; charset=utf-8';

export const contactCalls = {
  contactList: defineCall({
    id: 'friend.list',
    method: 'POST',
    path: '/api/friend/list',
    tag: 'contacts',
    summary: 'Contacts newest first, filtered; the total comes from roll-ups or a capped count',
    access: CONTACT_ACCESS,
    kind: 'read',
    body: ContactListRequest,
    reply: envelopeOf(ContactPage),
  }),
  contactAgents: defineCall({
    id: 'friend.agents',
    method: 'POST',
    path: '/api/friend/agents',
    tag: 'contacts',
    summary: "Users of the tenant who may be given contacts: its admins, operators and agents' seats",
    access: CONTACT_ACCESS,
    kind: 'read',
    body: z.object({}),
    reply: envelopeOf(z.array(UserRef)),
  }),
  contactSources: defineCall({
    id: 'friend.sources',
    method: 'POST',
    path: '/api/friend/sources',
    tag: 'contacts',
    summary: "The opt-in sources of the tenant's live contacts, for the source filter",
    access: CONTACT_ACCESS,
    kind: 'read',
    reply: envelopeOf(z.array(z.string())),
  }),
  deleteContacts: defineCall({
    id: 'friend.btdel',
    method: 'POST',
    path: '/api/friend/btdel',
    tag: 'contacts',
    summary: 'Delete the selected contacts (kept as deleted; a contact who writes again comes back) and untag them',
    access: CONTACT_ACCESS,
    kind: 'delete',
    body: DeleteContacts,
    reply: envelopeOf(BatchReply),
  }),
  clearNumbersContacts: defineCall({
    id: 'friend.clear',
    method: 'POST',
    path: '/api/friend/clear',
    tag: 'contacts',
    summary: 'Delete every contact owned by the given numbers, as /api/friend/btdel does',
    access: CONTACT_ACCESS,
    kind: 'delete',
    body: ClearNumbersContacts,
    reply: envelopeOf(BatchReply),
  }),
  moveContacts: defineCall({
    id: 'agent.movefriend',
    method: 'POST',
    path: '/api/agent/movefriend',
    tag: 'contacts',
    summary: 'Move the selected contacts to another number of the tenant and/or another owner',
    access: CONTACT_ACCESS,
    kind: 'update',
    body: MoveContacts,
    reply: envelopeOf(BatchReply),
  }),
  moveNumbersContacts: defineCall({
    id: 'agent.batchmovefriend',
    method: 'POST',
    path: '/api/agent/batchmovefriend',
    tag: 'contacts',
    summary: 'Move every contact of the given numbers to another number of the tenant',
    access: CONTACT_ACCESS,
    kind: 'update',
    body: MoveNumbersContacts,
    reply: envelopeOf(BatchReply),
  }),
  tagContacts: defineCall({
    id: 'friend.settag',
    method: 'POST',
    path: '/api/friend/settag',
    tag: 'contacts',
    summary: "Add and/or remove contact tags of the tenant's on the selected contacts",
    access: CONTACT_ACCESS,
    kind: 'update',
    body: TagContacts,
    reply: envelopeOf(BatchReply),
  }),
  exportContacts: defineCall({
    id: 'agent.exportfriends',
    method: 'POST',
    path: '/api/agent/exportfriends',
    tag: 'contacts',
    summary:
      'The matching contacts as CSV (UTF-8 with BOM), streamed; X-Total-Count (and X-Total-Capped) give the expected rows',
    access: CONTACT_ACCESS,
    kind: 'action',
    body: ExportContacts,
    file: { contentType: EXPORT_CONTENT_TYPE },
    reply: z.string().describe('CSV with a header row'),
  }),
} as const;
