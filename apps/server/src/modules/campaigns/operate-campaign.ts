import type { Campaign, CampaignKind, CampaignOperation, Language, RecipientState } from '@ws/contract';
import { RECIPIENT_STATES } from '@ws/contract';
import type pg from 'pg';
import type { Scope } from '../../platform/auth/scope.js';
import { withTransaction } from '../../platform/db/pool.js';
import type { AppContext } from '../../platform/http/context.js';
import { errors } from '../../platform/http/errors.js';
import {
  holdCampaignSends,
  releaseCampaignSends,
  withdrawCampaignSends,
} from '../../whatsapp/governor/campaign-queue.js';
import { requireMassAllowed } from '../customers/tenant-limits.js';
import { publishCampaignUpdate } from './campaign-events.js';
import { campaignOf } from './campaign-queries.js';
import { lockCampaign } from './campaign-repository.js';
import { enqueueDispatch } from './dispatch-job.js';
import { restartEngagedPasses } from './engaged-repository.js';
import { cancelRecipients, moveCampaignStatus, resendRecipients, startNextRun } from './operation-repository.js';
import { enqueueStart } from './start-campaign-job.js';

type Action = CampaignOperation['action'];

/** The statuses each action applies to. */
const ACTION_FROM: Record<Action, readonly string[]> = {
  start: ['scheduled'],
  pause: ['running'],
  resume: ['paused', 'held'],
  cancel: ['scheduled', 'starting', 'running', 'paused', 'held'],
  resend: ['completed', 'paused', 'held', 'running'],
};

/** The status each action moves the campaign to. */
const ACTION_TO: Record<Action, 'starting' | 'paused' | 'running' | 'cancelled'> = {
  start: 'starting',
  pause: 'paused',
  resume: 'running',
  cancel: 'cancelled',
  resend: 'running',
};

const ACTION_ZH: Record<Action, string> = {
  start: '开始',
  pause: '暂停',
  resume: '继续',
  cancel: '取消',
  resend: '重发',
};

/** Resend's default: the failed, and the sent but never delivered. */
const DEFAULT_RESEND: readonly RecipientState[] = ['failed', 'sent'];

const stateNumber = (state: RecipientState) => RECIPIENT_STATES.indexOf(state);

function wrongStatus(action: Action, status: string) {
  return errors.conflict({
    zh: `action: 任务当前状态为 ${status}，无法${ACTION_ZH[action]}`,
    en: `action: cannot ${action} a campaign that is ${status}`,
  });
}

/**
 * `btmsg/operation`, `power/operation`: start, pause, resume, cancel, or resend as a new run. Each
 * moves the campaign's status with a compare-and-set under its row lock, does what the action
 * means to its queued messages and recipients, and publishes the change, in one transaction
 * (a pause holds its queued messages in a second one, `AFTER_COMMIT`).
 */
export async function operateCampaign(
  context: AppContext,
  scope: Scope,
  kind: CampaignKind,
  operation: CampaignOperation,
  language: Language,
): Promise<Campaign> {
  const { id, action } = operation;
  await withTransaction(context.pool, async (client) => {
    // Read under the tenant's row lock, before the campaign's: mass turned off meanwhile either
    // waits for this to commit (and then holds the campaign it set running) or is seen here.
    if (SENDING_ACTIONS.has(action)) await requireMassAllowed(client, scope.tenantId);
    const campaign = await lockCampaign(client, scope.tenantId, id);
    if (!campaign || campaign.kind !== kind) throw errors.notFound({ zh: 'id: 任务', en: 'id: Campaign' });
    if (!ACTION_FROM[action].includes(campaign.status)) throw wrongStatus(action, campaign.status);
    const runNo = await ACTIONS[action](client, scope.tenantId, id, operation);
    if (runNo === undefined) throw wrongStatus(action, campaign.status);
    await publishCampaignUpdate(client, { id, tenantId: scope.tenantId, kind, status: ACTION_TO[action], runNo });
  });
  const after = AFTER_COMMIT[action];
  if (after) await withTransaction(context.pool, (client) => after(client, scope.tenantId, id));
  return campaignOf(context, scope, kind, id, language);
}

/**
 * What an action does once its status has committed, in a transaction of its own. A pause takes
 * effect at that commit (the lanes claim nothing of a paused campaign); holding its queued rows
 * waits on the lanes' claims of them, so it comes after, under the campaign's row lock, and only
 * while the campaign is still paused (a resume in between has released them already).
 */
const AFTER_COMMIT: Partial<Record<Action, (client: pg.PoolClient, tenantId: string, id: string) => Promise<void>>> = {
  async pause(client, tenantId, id) {
    const campaign = await lockCampaign(client, tenantId, id);
    if (campaign?.status === 'paused') await holdCampaignSends(client, tenantId, [id]);
  },
};

/** What sets a campaign sending: refused while the platform has turned the tenant's campaigns off (mass). */
const SENDING_ACTIONS = new Set<Action>(['start', 'resume', 'resend']);

type ActionHandler = (
  client: pg.PoolClient,
  tenantId: string,
  id: string,
  operation: CampaignOperation,
) => Promise<number | undefined>;

const ACTIONS: Record<Action, ActionHandler> = {
  /** A scheduled campaign starts now: its start job takes the snapshot at once. */
  async start(client, tenantId, id) {
    const runNo = await moveCampaignStatus(client, tenantId, id, ACTION_FROM.start, ACTION_TO.start);
    if (runNo !== undefined) await enqueueStart(client, tenantId, id, null);
    return runNo;
  },
  /** Nothing more goes out: the lanes claim nothing more, the dispatcher stops at its next step. */
  async pause(client, tenantId, id) {
    return moveCampaignStatus(client, tenantId, id, ACTION_FROM.pause, ACTION_TO.pause);
  },
  async resume(client, tenantId, id) {
    const runNo = await moveCampaignStatus(client, tenantId, id, ACTION_FROM.resume, ACTION_TO.resume);
    if (runNo === undefined) return undefined;
    await releaseCampaignSends(client, tenantId, id);
    await enqueueDispatch(client, tenantId, id);
    return runNo;
  },
  /** Queued messages no lane has claimed are withdrawn; every recipient still waiting is cancelled. */
  async cancel(client, tenantId, id) {
    const runNo = await moveCampaignStatus(client, tenantId, id, ACTION_FROM.cancel, ACTION_TO.cancel);
    if (runNo === undefined) return undefined;
    await withdrawCampaignSends(client, tenantId, id);
    await cancelRecipients(client, id);
    return runNo;
  },
  /** A new run for the recipients in the chosen states; refused when none is in them. */
  async resend(client, tenantId, id, operation) {
    const runNo = await startNextRun(client, tenantId, id, ACTION_FROM.resend);
    if (runNo === undefined) return undefined;
    const states = (operation.states ?? DEFAULT_RESEND).map(stateNumber);
    const count = await resendRecipients(client, tenantId, id, states, runNo);
    if (count === 0) {
      throw errors.conflict({
        zh: 'states: 没有处于这些状态的收件人，无需重发',
        en: 'states: no recipient is in these states, nothing to resend',
      });
    }
    await restartEngagedPasses(client, id);
    await releaseCampaignSends(client, tenantId, id);
    await enqueueDispatch(client, tenantId, id);
    return runNo;
  },
};
