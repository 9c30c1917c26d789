import type { FastifyInstance } from 'fastify';
import { registerAccountRoutes } from './modules/account/routes.js';
import { poolAllocateJob } from './modules/allocations/allocate-job.js';
import { registerAllocationRoutes } from './modules/allocations/routes.js';
import { registerApiDocsRoutes } from './modules/api-docs/routes.js';
import { audienceCheckJob } from './modules/audiences/check-job.js';
import { audiencePurgeJob } from './modules/audiences/delete-audiences.js';
import { audienceLoadJob } from './modules/audiences/load-job.js';
import { registerAudienceRoutes } from './modules/audiences/routes.js';
import { authHousekeepingJob } from './modules/auth/housekeeping-job.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerAutoReplyRoutes } from './modules/autoreply/routes.js';
import { autoReplySendJob, autoReplySweepJob } from './modules/autoreply/send-job.js';
import { registerBlockingRoutes } from './modules/blocking/routes.js';
import {
  campaignDispatchJob,
  campaignDispatchSweepJob,
  campaignSplitDecisionJob,
} from './modules/campaigns/dispatch-job.js';
import { registerCampaignRoutes } from './modules/campaigns/routes.js';
import { campaignStartJob } from './modules/campaigns/start-campaign-job.js';
import { registerCensusRoutes } from './modules/census/routes.js';
import { registerChatHistoryRoutes } from './modules/chat-history/routes.js';
import { registerContactRoutes } from './modules/contacts/routes.js';
import { customerDeleteJob } from './modules/customers/customer-delete-job.js';
import { messagePurgeJob } from './modules/customers/message-purge-job.js';
import { registerCustomerRoutes } from './modules/customers/routes.js';
import { joinDecisionJob } from './modules/groups/join-job.js';
import { pullRunJob } from './modules/groups/pull-job.js';
import { registerGroupRoutes } from './modules/groups/routes.js';
import { registerHomeRoutes } from './modules/home/routes.js';
import { inboxQueueAssignJob } from './modules/inbox/assignment/assign-queue.js';
import { inboxReadReceiptJob } from './modules/inbox/read-receipt-job.js';
import { registerInboxRoutes } from './modules/inbox/routes.js';
import { inboxSnoozeWakeJob } from './modules/inbox/snooze-job.js';
import { inboxTranslateJob } from './modules/inbox/translation/translate-job.js';
import { registerIpRoutes } from './modules/ips/routes.js';
import { registerLinkRoutes } from './modules/links/routes.js';
import { registerMaterialRoutes } from './modules/materials/routes.js';
import { registerNoticeRoutes } from './modules/notices/routes.js';
import { numberImportJob } from './modules/number-import/import-job.js';
import { registerNumberImportRoutes } from './modules/number-import/routes.js';
import { purgeRecycledNumbersJob } from './modules/numbers/purge-job.js';
import { registerNumberRoutes } from './modules/numbers/routes.js';
import { operationLogArchiveJob } from './modules/operation-log/archive-job.js';
import { registerOperationLogRoutes } from './modules/operation-log/routes.js';
import { registerOrderRoutes } from './modules/orders/routes.js';
import { profileRunJob } from './modules/profiles/profile-run-job.js';
import { registerProfileRoutes } from './modules/profiles/routes.js';
import { registerRegistrationRoutes } from './modules/registration/routes.js';
import { registerSandboxNumberRoutes } from './modules/sandbox-numbers/routes.js';
import { registerSeatRoutes } from './modules/seats/routes.js';
import { createSeatsJob } from './modules/seats/seat-batch-job.js';
import { registerSystemRoutes } from './modules/system/routes.js';
import { registerTagRoutes } from './modules/tags/routes.js';
import { registerTemplateRoutes } from './modules/templates/routes.js';
import { translationCachePruneJob } from './modules/translation/cache-prune-job.js';
import { registerTranslationRoutes } from './modules/translation/routes.js';
import { registerUploadRoutes } from './modules/uploads/routes.js';
import { walletHoldExpiryJob } from './modules/wallet/hold-expiry-job.js';
import { registerWalletRoutes } from './modules/wallet/routes.js';
import { registerWarmupRoutes } from './modules/warmup/routes.js';
import { warmupFollowJob } from './modules/warmup/snapshot-job.js';
import { createHttpServer, setNotFound } from './platform/http/app.js';
import type { AppContext } from './platform/http/context.js';
import { registerFrontEndFiles } from './platform/http/front-end-files.js';
import type { JobDefinition } from './platform/queue/jobs.js';
import { realtimePruneJob } from './platform/realtime/prune-job.js';
import { registerRealtime } from './platform/realtime/routes.js';
import { unknownSendsJob } from './whatsapp/governor/unknown-sends-job.js';
import { messagePartitionsJob } from './whatsapp/messages/partition-job.js';
import { webhookDrainJob, webhookHousekeepingJob } from './whatsapp/webhooks/jobs.js';
import { registerWebhookRoutes } from './whatsapp/webhooks/routes.js';

/** Every background job of the product, for the worker role. */
export const jobs: readonly JobDefinition[] = [
  createSeatsJob,
  campaignStartJob,
  authHousekeepingJob,
  messagePartitionsJob,
  webhookDrainJob,
  webhookHousekeepingJob,
  purgeRecycledNumbersJob,
  numberImportJob,
  realtimePruneJob,
  audienceCheckJob,
  audienceLoadJob,
  audiencePurgeJob,
  poolAllocateJob,
  warmupFollowJob,
  campaignDispatchJob,
  campaignDispatchSweepJob,
  campaignSplitDecisionJob,
  unknownSendsJob,
  pullRunJob,
  joinDecisionJob,
  inboxSnoozeWakeJob,
  inboxReadReceiptJob,
  inboxQueueAssignJob,
  inboxTranslateJob,
  translationCachePruneJob,
  autoReplySendJob,
  autoReplySweepJob,
  profileRunJob,
  walletHoldExpiryJob,
  customerDeleteJob,
  messagePurgeJob,
  operationLogArchiveJob,
];

/** The api role: the contract's calls, the uploads and the built front ends (console and seat client). */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const app = createHttpServer(context);
  registerSystemRoutes(app, context);
  registerApiDocsRoutes(app);
  registerAuthRoutes(app, context);
  registerAccountRoutes(app, context);
  registerSeatRoutes(app, context);
  registerCustomerRoutes(app, context);
  registerNumberRoutes(app, context);
  registerNumberImportRoutes(app, context);
  registerRegistrationRoutes(app, context);
  registerSandboxNumberRoutes(app, context);
  registerContactRoutes(app, context);
  registerTagRoutes(app, context);
  registerNoticeRoutes(app, context);
  registerCensusRoutes(app, context);
  registerChatHistoryRoutes(app, context);
  registerIpRoutes(app, context);
  registerHomeRoutes(app, context);
  registerAudienceRoutes(app, context);
  registerAllocationRoutes(app, context);
  registerTemplateRoutes(app, context);
  registerCampaignRoutes(app, context);
  registerWarmupRoutes(app, context);
  registerInboxRoutes(app, context);
  registerTranslationRoutes(app, context);
  registerBlockingRoutes(app, context);
  registerMaterialRoutes(app, context);
  registerGroupRoutes(app, context);
  registerLinkRoutes(app, context);
  registerOrderRoutes(app, context);
  registerAutoReplyRoutes(app, context);
  registerProfileRoutes(app, context);
  registerWalletRoutes(app, context);
  registerOperationLogRoutes(app, context);
  await registerUploadRoutes(app, context);
  registerWebhookRoutes(app, context);
  await registerRealtime(app, context);
  const frontEnds = { consoleDir: context.consoleDir, agentDir: context.agentDir };
  await registerFrontEndFiles(app, frontEnds);
  setNotFound(app, frontEnds);
  return app;
}
