import { CampaignContent, CampaignSplit } from '@ws/contract';
import type pg from 'pg';
import { type DispatchCampaign, loadTemplate, type SenderState, saveCursor } from './dispatch-repository.js';
import type { CampaignTemplate } from './render-message.js';
import { markSampleSent, variantTally } from './split-repository.js';

/** The sample's variants (A and B): all that goes out before the decision. */
const SAMPLE = [1, 2] as const;
/** A decision this late lost its job (a dead worker held it): the dispatcher queues it again. */
const DECISION_LOST_MS = 60_000;

/**
 * Where an A/B split holds the dispatcher this step:
 * - `variants`: which recipients may go (null: all; before the decision, only the sample);
 * - `wait`: the sample has gone out and the rest wait for the decision: step again after
 *   `afterMs`, and queue the decision for `decideAt` (the first time, or when its job was lost).
 */
export type SplitGate = { variants: readonly number[] | null } | { wait: true; afterMs: number; decideAt: Date | null };

export async function splitGate(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
  active: readonly SenderState[],
  slowCheckMs: number,
  now: Date,
): Promise<SplitGate> {
  if (!campaign.split || campaign.splitWinner !== null) return { variants: null };
  const activeIds = new Set(active.map((sender) => sender.numberId));
  const tally = await variantTally(client, [campaign.id]);
  // Pending sample recipients of a stopped sender do not hold the decision back: they wait for it anyway.
  const samplePending = tally.some(
    (row) => row.variant !== 3 && row.state === 0 && row.n > 0 && activeIds.has(row.numberId),
  );
  if (samplePending) return { variants: SAMPLE };
  const { decideAfterMinutes } = CampaignSplit.parse(campaign.split);
  const first = campaign.splitSampleSentAt === null;
  const sentAt = first ? await markSampleSent(client, campaign.id) : (campaign.splitSampleSentAt as Date);
  const decideAt = new Date(sentAt.getTime() + decideAfterMinutes * 60_000);
  const lost = now.getTime() - decideAt.getTime() > DECISION_LOST_MS;
  await saveCursor(client, campaign, campaign.cursor);
  const untilDecision = Math.max(1000, decideAt.getTime() - now.getTime());
  return {
    wait: true,
    afterMs: Math.min(untilDecision, slowCheckMs),
    decideAt: first ? decideAt : lost ? now : null,
  };
}

/** A recipient's message content and template: its own variant's in the sample, the winner's for the rest. */
export interface VariantContent {
  content: CampaignContent;
  template: CampaignTemplate | null;
  templateId: string | null;
}

/** The content each variant (0 none, 1 A, 2 B, 3 the rest) sends, templates loaded once per step. */
export async function variantContents(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
): Promise<(variant: number) => VariantContent> {
  const main = await contentOf(client, campaign, CampaignContent.parse(campaign.content), campaign.templateId);
  if (!campaign.split) return () => main;
  const b = await contentOf(client, campaign, CampaignSplit.parse(campaign.split).content, campaign.splitTemplateId);
  return (variant) => (variant === 2 || (variant === 3 && campaign.splitWinner === 2) ? b : main);
}

async function contentOf(
  client: pg.PoolClient,
  campaign: DispatchCampaign,
  content: CampaignContent,
  templateId: string | null,
): Promise<VariantContent> {
  if (!templateId) return { content, template: null, templateId: null };
  const row = await loadTemplate(client, campaign.tenantId, templateId);
  if (!row) throw new Error(`campaign ${campaign.id}: its template ${templateId} is gone`);
  const template = {
    name: row.name,
    language: row.language,
    components: row.components as CampaignTemplate['components'],
  };
  return { content, template, templateId };
}
