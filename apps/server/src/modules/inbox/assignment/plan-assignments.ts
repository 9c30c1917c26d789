/**
 * Who gets each waiting conversation of a batch: pure, so the round robin and the caps are
 * decided in one place and tested without a database. The caller has locked the agents' rows and
 * read their loads after the lock (assignment-repository.ts), so the loads are the truth until it
 * commits.
 */

export interface AgentLoad {
  userId: string;
  maxOpen: number;
  /** Unresolved conversations assigned to the agent now. */
  openCount: number;
  online: boolean;
}

/** An agent serving a number, and when the number's round robin last gave it a conversation. */
export interface NumberAgent {
  numberId: string;
  userId: string;
  lastAssignedAt: Date | null;
}

export interface Claim {
  conversationId: string;
  numberId: string;
  /** Agents to prefer when they serve the number and are available: the previous assignee, the contact's owner. */
  preferred: readonly (string | null)[];
}

export interface Assignment {
  conversationId: string;
  numberId: string;
  userId: string;
  /** Given by the number's round robin (not a preferred agent): its turn moves on. */
  byRoundRobin: boolean;
  /** The round robin's new time for (number, user). */
  at: Date;
}

const available = (load: AgentLoad | undefined): boolean => load?.online === true && load.openCount < load.maxOpen;

/** Least recently given first (never given before all others), then the lower user id. */
function turnOrder(a: NumberAgent, b: NumberAgent): number {
  const at = (a.lastAssignedAt?.getTime() ?? -1) - (b.lastAssignedAt?.getTime() ?? -1);
  if (at !== 0) return at;
  return BigInt(a.userId) < BigInt(b.userId) ? -1 : BigInt(a.userId) > BigInt(b.userId) ? 1 : 0;
}

/**
 * Assigns claims in order: a preferred agent who serves the number and is available (online and
 * under its cap), else the number's available agent whose turn it is. A claim nobody can take is
 * left out (it waits in the number's queue). Loads and turns are updated as it goes, so one batch
 * never passes a cap and deals a number's conversations out in turn.
 */
export function planAssignments(
  claims: readonly Claim[],
  numberAgents: readonly NumberAgent[],
  loads: readonly AgentLoad[],
  now: Date,
): Assignment[] {
  const loadOf = new Map(loads.map((load) => [load.userId, { ...load }]));
  const agentsOf = new Map<string, NumberAgent[]>();
  for (const agent of numberAgents) {
    const list = agentsOf.get(agent.numberId) ?? [];
    list.push({ ...agent });
    agentsOf.set(agent.numberId, list);
  }
  const assignments: Assignment[] = [];
  let tick = 0;
  for (const claim of claims) {
    const agents = agentsOf.get(claim.numberId) ?? [];
    const preferred = claim.preferred.find(
      (userId) => userId !== null && agents.some((agent) => agent.userId === userId) && available(loadOf.get(userId)),
    );
    const next = preferred
      ? agents.find((agent) => agent.userId === preferred)
      : agents.filter((agent) => available(loadOf.get(agent.userId))).sort(turnOrder)[0];
    if (!next) continue;
    const load = loadOf.get(next.userId) as AgentLoad;
    load.openCount += 1;
    // Strictly increasing within the batch, so the turn moves on even within one millisecond.
    const at = new Date(now.getTime() + tick++);
    if (!preferred) next.lastAssignedAt = at;
    assignments.push({
      conversationId: claim.conversationId,
      numberId: claim.numberId,
      userId: next.userId,
      byRoundRobin: !preferred,
      at,
    });
  }
  return assignments;
}
