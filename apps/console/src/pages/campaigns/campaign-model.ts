import type { CAMPAIGN_ACTIONS, Campaign, CampaignStatus, RecipientState } from '@ws/contract';

export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** What the campaign screens work out from a campaign's state, without drawing anything. */

/** The states that count as reached for the progress bar. */
export const REACHED_STATES = ['sent', 'delivered', 'read', 'replied'] as const satisfies readonly RecipientState[];

/** The counts the list shows for each campaign, in this order. */
export const LISTED_STATES = [
  'queued',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'unknown',
] as const satisfies readonly RecipientState[];

/** The states a resend gives a new run (the server's default: failed and undelivered). */
const RESENDABLE_STATES = ['failed', 'refused', 'unknown'] as const satisfies readonly RecipientState[];

/** Statuses during which the campaign moves by itself, so its screens stay live. */
export const MOVING_STATUSES: readonly CampaignStatus[] = ['scheduled', 'starting', 'running', 'held'];

export const countOf = (campaign: Pick<Campaign, 'counts'>, state: RecipientState): number =>
  campaign.counts[state] ?? 0;

/** Recipients reached (sent, delivered, read or replied) as a whole percentage of all recipients. */
export function progressPercent(campaign: Pick<Campaign, 'counts' | 'recipients'>): number {
  if (campaign.recipients <= 0) return 0;
  const reached = REACHED_STATES.reduce((sum, state) => sum + countOf(campaign, state), 0);
  return Math.min(100, Math.floor((reached / campaign.recipients) * 100));
}

/** The operations a campaign in this state accepts, in the order its row offers them. */
export function actionsFor(campaign: Pick<Campaign, 'status' | 'counts'>): CampaignAction[] {
  const resendable = RESENDABLE_STATES.some((state) => countOf(campaign, state) > 0);
  switch (campaign.status) {
    case 'scheduled':
      return ['start', 'cancel'];
    case 'starting':
      return ['cancel'];
    case 'running':
      return ['pause', 'cancel'];
    case 'paused':
    case 'held':
      return ['resume', 'cancel'];
    case 'completed':
      return resendable ? ['resend'] : [];
    case 'cancelled':
      return [];
  }
}
