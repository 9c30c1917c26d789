import { z } from 'zod';
import { Id, UserRef } from './auth.js';
import { defineCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { ConversationRef } from './inbox.js';
import { cappedPageOf, listRequestOf, textFilter } from './paging.js';

/**
 * The agents of the inbox (issue 17, decision 0016): their presence (the seat client's heartbeat),
 * the numbers each serves and its cap of unresolved conversations, which operators set.
 */

const AGENTS = ['admin', 'operator', 'seat'] as const;
/** Operators set who serves which number and how many conversations an agent may hold. */
const OPERATORS = ['admin', 'operator'] as const;

/** What the agent says of itself; an agent not heard from for PRESENCE_TIMEOUT_SECONDS is offline. */
export const PRESENCE_STATES = ['online', 'away'] as const;
export const PresenceState = z.enum(PRESENCE_STATES);
export type PresenceState = z.infer<typeof PresenceState>;
/** The client's heartbeat interval, and how long after the last one an agent still counts as online. */
export const PRESENCE_HEARTBEAT_SECONDS = 30;
export const PRESENCE_TIMEOUT_SECONDS = 90;

/** The most unresolved conversations an agent may hold at once, and the cap a new agent gets. */
export const AGENT_CAP_MAX = 1000;
export const AGENT_CAP_DEFAULT = 20;

export const PresenceRequest = z.object({ state: PresenceState });
export const Presence = z.object({ state: PresenceState, online: z.boolean(), last_seen_at: z.string().nullable() });
export type Presence = z.infer<typeof Presence>;

/** An agent as operators set it up, and as the agent sees itself. */
export const AgentSettings = z.object({
  user: UserRef,
  role: z.string(),
  numbers: z.array(z.object({ id: Id, phone: z.string(), verified_name: z.string() })),
  max_open: z.number().int(),
  /** Unresolved conversations assigned to the agent now. */
  open_count: z.number().int(),
  presence: Presence,
});
export type AgentSettings = z.infer<typeof AgentSettings>;

export const AgentFilter = listRequestOf({ search: textFilter(64) });
export type AgentFilter = z.infer<typeof AgentFilter>;
export const AgentPage = cappedPageOf(AgentSettings);

export const AgentSettingsEdit = z.object({
  userId: Id,
  /** Every number the agent serves (replaces the list); numbers of the tenant only. */
  numberIds: z
    .array(Id)
    .max(1000)
    .transform((ids) => [...new Set(ids)]),
  maxOpen: z.number().int().min(0).max(AGENT_CAP_MAX),
});
export type AgentSettingsEdit = z.infer<typeof AgentSettingsEdit>;

export const inboxAgentCalls = {
  inboxTransferTargets: defineCall({
    id: 'inbox.transferTargets',
    method: 'POST',
    path: '/api/inbox/transfer-targets',
    tag: 'inbox',
    summary:
      'Who a conversation may be handed to: the other agents of its number, with their presence and load (at most 200)',
    access: AGENTS,
    kind: 'read',
    body: ConversationRef,
    reply: envelopeOf(z.array(AgentSettings)),
  }),
  inboxPresence: defineCall({
    id: 'inbox.presence',
    method: 'POST',
    path: '/api/inbox/presence',
    tag: 'inbox',
    summary: `The client's heartbeat (every ${PRESENCE_HEARTBEAT_SECONDS} s): online or away`,
    access: AGENTS,
    kind: 'read',
    body: PresenceRequest,
    reply: envelopeOf(Presence),
  }),
  inboxMe: defineCall({
    id: 'inbox.me',
    method: 'POST',
    path: '/api/inbox/me',
    tag: 'inbox',
    summary: 'The signed-in agent: its numbers, cap, open conversations and presence',
    access: AGENTS,
    kind: 'read',
    reply: envelopeOf(AgentSettings),
  }),
  inboxAgents: defineCall({
    id: 'inbox.agents',
    method: 'POST',
    path: '/api/inbox/agents',
    tag: 'inbox',
    summary: "The tenant's agents with their numbers, cap, open conversations and presence",
    access: OPERATORS,
    kind: 'read',
    body: AgentFilter,
    reply: envelopeOf(AgentPage),
  }),
  inboxAgentSet: defineCall({
    id: 'inbox.agentSet',
    method: 'POST',
    path: '/api/inbox/agent/set',
    tag: 'inbox',
    summary: 'Set the numbers an agent serves and its cap of unresolved conversations',
    access: OPERATORS,
    kind: 'update',
    body: AgentSettingsEdit,
    reply: envelopeOf(AgentSettings),
  }),
} as const;
