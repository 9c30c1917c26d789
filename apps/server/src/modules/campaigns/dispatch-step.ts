import { CampaignContent, CampaignOptions, CampaignSchedule } from '@ws/contract';
import type pg from 'pg';
import { wakeCampaignLanes, withdrawCampaignSends } from '../../whatsapp/governor/campaign-queue.js';
import {
  type MessageIntent,
  markIntentLanes,
  PRIORITY,
  queueMessages,
} from '../../whatsapp/governor/queue-messages.js';
import { publishCampaignProgress, publishCampaignUpdate } from './campaign-events.js';
import { foldCampaignCounts } from './count-fold-repository.js';
import {
  anyDeferralDue,
  campaignTally,
  claimTouches,
  completeCampaign,
  type DispatchCampaign,
  type DueRecipient,
  dueRecipients,
  holdCampaign,
  lockCampaign,
  moveRecipients,
  type RecipientOutcome,
  recordRecipients,
  refreshSenders,
  returnWithdrawnRecipients,
  type SenderState,
  saveCursor,
} from './dispatch-repository.js';
import { engagedPass, MAX_BATCH, rateOf, roomsOf } from './dispatch-rooms.js';
import { saveEngagedCursors } from './engaged-repository.js';
import { renderMessage } from './render-message.js';
import { msUntilWindowOpens } from './send-window.js';
import { splitGate, variantContents } from './split-dispatch.js';

/** After a step that filled the senders' rooms: about when a third of the queue has gone. */
export const REFILL_MS = 1000;
/** How often a campaign whose last messages are in the lanes looks whether it is done. */
export const DRAIN_CHECK_MS = 3000;
/** How often a campaign with nothing to send now looks again (deferrals, stopped senders). */
export const SLOW_CHECK_MS = 30_000;

const STATE = { pending: 0, queued: 1, deferred: 10 } as const;

/**
 * What the dispatcher does next: step again after `afterMs` (0: at once), or end; `decideAt`: queue
 * an A/B split's decision for then, with the step.
 */
export type StepPlan = { afterMs: number; decideAt?: Date } | { end: true };

const EVERY_SENDER_STOPPED = {
  zh: '所有发送号码均已停止发送（暂停、质量为红色或受限）',
  en: 'Every sender number has stopped (paused, RED quality or restricted)',
};

/**
 * One step of a campaign's dispatcher, in the caller's transaction: lock the campaign, follow its
 * senders' health (a burst moves a stopped sender's unsent recipients to the others), take the
 * recipients after the cursor that the senders' queues have room for, queue their messages
 * through the governor, record each recipient's message and save the cursor. Everything commits
 * together, so a crash never queues a recipient twice nor loses one.
 */
export async function dispatchStep(
  client: pg.PoolClient,
  tenantId: string,
  campaignId: string,
  now = new Date(),
): Promise<StepPlan> {
  const campaign = await lockCampaign(client, tenantId, campaignId);
  if (campaign?.status !== 'running') return { end: true };
  await foldCampaignCounts(client, campaign.id);
  const schedule = CampaignSchedule.parse(campaign.schedule);
  const closedFor = msUntilWindowOpens(schedule.window, now, campaign.timeZone);
  if (closedFor > 0) {
    await saveCursor(client, campaign, campaign.cursor);
    return { afterMs: closedFor };
  }
  const options = CampaignOptions.parse(campaign.options);
  const senders = await refreshSenders(client, tenantId, campaign.id);
  const active = senders.filter((sender) => sender.active);
  if (campaign.kind === 'burst') await rebalance(client, campaign, senders, active, options);
  if (active.length === 0) return holdOrFinish(client, campaign, senders);
  // An A/B split sends only its sample until the decision, then the rest.
  const gate = await splitGate(client, campaign, active, SLOW_CHECK_MS, now);
  if ('wait' in gate) return { afterMs: gate.afterMs, ...(gate.decideAt ? { decideAt: gate.decideAt } : {}) };

  const rooms = await roomsOf(client, campaign, options, active);
  const totalRoom = rooms.reduce((sum, room) => sum + room.room, 0);
  if (totalRoom === 0) {
    const inLanes = active.filter((sender) => sender.queued > 0).map((sender) => sender.numberId);
    await wakeCampaignLanes(client, tenantId, inLanes);
    await saveCursor(client, campaign, campaign.cursor);
    // Queues full: look again as they drain; else every sender is at its warm-up cap for the day.
    return { afterMs: inLanes.length > 0 ? REFILL_MS : SLOW_CHECK_MS };
  }
  // A sender at its warm-up cap for the day is passed over, not waited for: a later pass finds its recipients.
  const open = rooms.filter((room) => !room.capped);
  // Senders whose plan prefers engaged recipients walk those first, each from its own cursor.
  const first = await engagedPass(client, campaign, open, gate.variants);
  await saveEngagedCursors(client, campaign.id, first.cursors);
  const normal = open
    .filter((room) => !first.walking.has(room.numberId))
    .map((room) => ({ numberId: room.numberId, room: room.room - (first.takenBy.get(room.numberId) ?? 0) }));
  const budget = MAX_BATCH - first.taken.length;
  const scanLimit = Math.min(2 * normal.reduce((sum, room) => sum + room.room, 0), 2 * budget);
  // A walk over this step also finds its engaged recipients again in the normal pass: taken already.
  const takenFirst = new Set(first.taken.map((recipient) => recipient.contactId));
  const due = (
    scanLimit > 0
      ? await dueRecipients(
          client,
          tenantId,
          campaign.id,
          campaign.cursor,
          normal,
          scanLimit,
          // Engaged recipients taken first are dropped from what this finds: as many more may be taken.
          budget + first.taken.length,
          gate.variants,
        )
      : []
  ).filter((recipient) => !takenFirst.has(recipient.contactId));
  if (due.length === 0 && first.taken.length === 0) {
    if (first.walking.size === 0) return endOfPass(client, campaign, senders);
    // Only engaged walks are left, their queues full: look again as they drain.
    await saveCursor(client, campaign, campaign.cursor);
    return { afterMs: REFILL_MS };
  }

  const { taken, cursor } = takeInOrder(due, campaign.cursor, budget);
  const all = [...first.taken, ...taken];
  const { outcomes, intents } = await queueRecipients(client, campaign, options, all);
  await recordRecipients(client, campaign.id, outcomes);
  await saveCursor(client, campaign, cursor);
  await publishCampaignProgress(client, campaign, now);
  // Last: the lanes' rows stay locked from here to the commit, and a lane settling its due time waits for them.
  await markIntentLanes(client, campaign.tenantId, intents);
  // A full batch leaves room behind it: go on at once; otherwise wait for the queues to drain.
  return { afterMs: all.length >= MAX_BATCH ? 0 : REFILL_MS };
}

/**
 * The recipients taken this step, in contact order: those that fit their sender's room, at most
 * `max`. The cursor moves to just before the first one not taken, so it is found again.
 */
function takeInOrder(
  due: readonly DueRecipient[],
  cursor: string,
  max: number,
): { taken: DueRecipient[]; cursor: string } {
  const taken: DueRecipient[] = [];
  let next = cursor;
  let blocked = false;
  for (const recipient of due) {
    if (!recipient.fits || taken.length >= max) {
      blocked = true;
      if (taken.length >= max) break;
      continue;
    }
    taken.push(recipient);
    if (!blocked) next = recipient.contactId;
  }
  return { taken, cursor: next };
}

/**
 * Skips those who wrote to us since the start (stopOnReply), whose contact is gone, or who got a
 * marketing message within the cap; queues the rest's messages, their lanes left for the caller
 * to mark. Answers every recipient's outcome and the intents queued.
 */
async function queueRecipients(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
  options: CampaignOptions,
  taken: readonly DueRecipient[],
): Promise<{ outcomes: RecipientOutcome[]; intents: MessageIntent[] }> {
  const outcomes: RecipientOutcome[] = [];
  const skip = (recipient: DueRecipient, reason: string) =>
    outcomes.push({ contactId: recipient.contactId, state: 'skipped', reason });
  let sending: DueRecipient[] = [];
  for (const recipient of taken) {
    if (!recipient.contactExists) skip(recipient, 'contact_missing');
    else if (options.stopOnReply && repliedSince(recipient, campaign.startedAt)) skip(recipient, 'replied');
    else sending.push(recipient);
  }
  if (campaign.purpose === 'marketing' && options.frequencyCapHours > 0) {
    const ids = sending.map((recipient) => recipient.contactId);
    const claimed = await claimTouches(client, campaign.tenantId, ids, options.frequencyCapHours);
    for (const recipient of sending) if (!claimed.has(recipient.contactId)) skip(recipient, 'frequency_cap');
    sending = sending.filter((recipient) => claimed.has(recipient.contactId));
  }
  if (sending.length === 0) return { outcomes, intents: [] };
  const contentOf = await variantContents(client, campaign);
  const intents: MessageIntent[] = sending.map((recipient) => {
    const { content, template, templateId } = contentOf(recipient.variant);
    const message = renderMessage(content, template, { name: recipient.name, waId: recipient.waId });
    return {
      numberId: recipient.numberId,
      contactId: recipient.contactId,
      ...message,
      purpose: campaign.purpose,
      templateId: templateId ?? undefined,
      campaignId: campaign.id,
      priority: PRIORITY.bulk,
    };
  });
  const queued = await queueMessages(client, campaign.tenantId, intents, { lanes: 'later' });
  sending.forEach((recipient, index) => {
    const message = queued[index] as { id: string; createdAt: string };
    outcomes.push({
      contactId: recipient.contactId,
      state: 'queued',
      messageId: message.id,
      messageCreatedAt: message.createdAt,
    });
  });
  return { outcomes, intents };
}

const repliedSince = (recipient: DueRecipient, startedAt: Date | null) =>
  startedAt !== null && recipient.lastInboundAt !== null && recipient.lastInboundAt > startedAt;

/**
 * A burst moves the unsent recipients of its stopped senders to the active ones, weighted by their
 * rate (a YELLOW number gets half); the roll-up says whether a stopped sender has any. Those in a
 * stopped sender's queue that its lane has not claimed are withdrawn first (a number Meta flags is
 * paused, and its lane sends nothing more): they were never sent, so they move too. Free-form
 * text stays with its sender, as only that number's window with the contact is open.
 */
async function rebalance(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
  senders: readonly SenderState[],
  active: readonly SenderState[],
  options: CampaignOptions,
): Promise<void> {
  const stopped = new Set(senders.filter((sender) => !sender.active).map((sender) => sender.numberId));
  if (stopped.size === 0 || active.length === 0) return;
  // Free-form text goes only from the number whose 24-hour window with the contact is open.
  if (CampaignContent.parse(campaign.content).kind === 'text') return;
  const queuedOnStopped = senders.filter((sender) => !sender.active && sender.queued > 0).map((s) => s.numberId);
  if (queuedOnStopped.length > 0) {
    const withdrawn = await withdrawCampaignSends(client, campaign.tenantId, campaign.id, queuedOnStopped);
    await returnWithdrawnRecipients(client, campaign.tenantId, campaign.id, withdrawn);
  }
  const tally = await campaignTally(client, campaign.id);
  const unsent = tally.some(
    (row) => stopped.has(row.numberId) && (row.state === STATE.pending || row.state === STATE.deferred),
  );
  if (!unsent) return;
  const targets = active.map((sender) => ({
    numberId: sender.numberId,
    weight: rateOf(sender, options) * (sender.quality === 'YELLOW' ? 0.5 : 1),
  }));
  await moveRecipients(client, campaign.tenantId, campaign.id, [...stopped], targets);
}

/** Every sender stopped: hold the campaign when recipients wait for one, else see whether it is done. */
async function holdOrFinish(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
  senders: readonly SenderState[],
): Promise<StepPlan> {
  const tally = await campaignTally(client, campaign.id);
  const waiting = tally.some((row) => row.state === STATE.pending || row.state === STATE.deferred);
  if (!waiting) return endOfPass(client, campaign, senders);
  if (await holdCampaign(client, campaign.id, EVERY_SENDER_STOPPED)) {
    await publishCampaignUpdate(client, { ...campaign, status: 'held' });
  }
  return { end: true };
}

/**
 * Nothing due after the cursor: start a new pass when recipients wait behind it (moved to another
 * sender, or deferred and due again), complete the campaign when none is pending, queued or
 * deferred, else look again later.
 */
async function endOfPass(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
  senders: readonly SenderState[],
): Promise<StepPlan> {
  const tally = await campaignTally(client, campaign.id);
  const activeIds = new Set(senders.filter((sender) => sender.active).map((sender) => sender.numberId));
  const count = (state: number, activeOnly = false) =>
    tally
      .filter((row) => row.state === state && (!activeOnly || activeIds.has(row.numberId)))
      .reduce((sum, row) => sum + row.n, 0);
  const deferred = count(STATE.deferred);
  if (campaign.cursor !== '0') {
    const behind = count(STATE.pending, true) > 0 || (deferred > 0 && (await anyDeferralDue(client, campaign.id)));
    if (behind) {
      await saveCursor(client, campaign, '0');
      return { afterMs: 0 };
    }
  }
  const queued = count(STATE.queued);
  if (count(STATE.pending) + queued + deferred === 0) {
    if (await completeCampaign(client, campaign.id)) {
      await publishCampaignUpdate(client, { ...campaign, status: 'completed' });
    }
    return { end: true };
  }
  await saveCursor(client, campaign, campaign.cursor);
  return { afterMs: queued > 0 ? DRAIN_CHECK_MS : SLOW_CHECK_MS };
}
