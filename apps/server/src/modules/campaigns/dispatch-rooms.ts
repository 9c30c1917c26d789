import type { CampaignOptions } from '@ws/contract';
import type pg from 'pg';
import { warmupLimits } from '../warmup/daily-caps.js';
import type { DispatchCampaign, DueRecipient, SenderState } from './dispatch-repository.js';
import { dueEngagedRecipients, type EngagedWalk } from './engaged-repository.js';

/** Seconds of each sender's throughput its queue holds for the campaign: pause and moves stay quick. */
export const DEPTH_SECONDS = 3;
/** The most recipients one step queues (one transaction). */
export const MAX_BATCH = 2000;

/** A sender's room this step. */
export interface SenderRoom {
  numberId: string;
  room: number;
  /** At its warm-up cap for the day: passed over, not waited for. */
  capped: boolean;
  /** Its warm-up plan prefers engaged recipients: it walks them first (decision 0014). */
  engagedFirst: boolean;
  /** Its engaged walk's cursor (null: over). */
  engagedCursor: string | null;
}

export const rateOf = (sender: SenderState, options: CampaignOptions) =>
  Math.min(options.ratePerSecond ?? sender.throughput, sender.throughput);

/**
 * Each sender's room this step: seconds of its rate, less what the campaign already has queued
 * there; for marketing, no more than what its warm-up plan still allows today, and whether that
 * plan prefers engaged recipients (one query for both; none without a plan).
 */
export async function roomsOf(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
  options: CampaignOptions,
  active: readonly SenderState[],
): Promise<SenderRoom[]> {
  const limits =
    campaign.purpose === 'marketing'
      ? await warmupLimits(
          client,
          campaign.tenantId,
          active.map((sender) => sender.numberId),
        )
      : { caps: new Map<string, number>(), preferEngaged: new Set<string>() };
  return active.map((sender) => {
    const share = campaign.kind === 'burst' && sender.quality === 'YELLOW' ? 0.5 : 1;
    const room = Math.max(0, Math.ceil(rateOf(sender, options) * share * DEPTH_SECONDS) - sender.queued);
    const base = {
      numberId: sender.numberId,
      engagedFirst: limits.preferEngaged.has(sender.numberId),
      engagedCursor: sender.engagedCursor,
    };
    const cap = limits.caps.get(sender.numberId);
    if (cap === undefined) return { ...base, room, capped: false };
    const left = Math.max(0, cap - sender.queued);
    return { ...base, room: Math.min(room, left), capped: left === 0 };
  });
}

/** The engaged pass of a step: what it took, each walking sender's new cursor, who is still walking. */
export interface EngagedPass {
  taken: DueRecipient[];
  cursors: { numberId: string; cursor: string | null }[];
  /** Senders whose walk is not over: they stay out of the normal pass. */
  walking: Set<string>;
  takenBy: Map<string, number>;
}

/**
 * The senders preferring engaged recipients, with room and a walk not yet over, take their next
 * engaged recipients after their own cursors (at most MAX_BATCH in all). A sender that finds fewer
 * than its room has none left after its cursor: its walk is over and it joins the normal pass.
 */
export async function engagedPass(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
  open: readonly SenderRoom[],
  variants: readonly number[] | null,
): Promise<EngagedPass> {
  const preferring = open.filter((room) => room.engagedFirst && room.engagedCursor !== null);
  const walks: EngagedWalk[] = [];
  let budget = MAX_BATCH;
  for (const room of preferring) {
    const take = Math.min(room.room, budget);
    if (take > 0) walks.push({ numberId: room.numberId, cursor: room.engagedCursor as string, room: take });
    budget -= take;
  }
  const walking = new Set(preferring.map((room) => room.numberId));
  const pass: EngagedPass = { taken: [], cursors: [], walking, takenBy: new Map() };
  if (walks.length === 0) return pass;
  pass.taken = await dueEngagedRecipients(client, campaign.tenantId, campaign.id, walks, variants);
  for (const walk of walks) {
    const found = pass.taken.filter((recipient) => recipient.numberId === walk.numberId);
    pass.takenBy.set(walk.numberId, found.length);
    const last = found.at(-1);
    if (found.length < walk.room) walking.delete(walk.numberId);
    pass.cursors.push({
      numberId: walk.numberId,
      cursor: found.length < walk.room ? null : (last as DueRecipient).contactId,
    });
  }
  return pass;
}
