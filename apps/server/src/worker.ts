import type { Runner } from 'graphile-worker';
import { jobs } from './app.js';
import { RECOVER_AT_START_SECONDS, recoverCampaigns } from './modules/campaigns/dispatch-job.js';
import type { AppContext } from './platform/http/context.js';
import { startWorker } from './platform/queue/jobs.js';
import { cloudApiTransport } from './whatsapp/governor/cloud-api-transport.js';
import { type LaneRunner, startLaneRunner } from './whatsapp/governor/lane-runner.js';

export interface RunningWorker {
  jobs: Runner;
  lanes: LaneRunner;
  stop(): Promise<void>;
}

/** The worker role: the job queue and the send lanes of this process. */
export async function startWorkerRole(context: AppContext): Promise<RunningWorker> {
  const runner = await startWorker(context, jobs, context.logger);
  const lanes = await startLaneRunner({
    pool: context.pool,
    cipher: context.whatsapp.tokenCipher,
    transport: cloudApiTransport(),
    logger: context.logger,
  }).catch(async (error) => {
    await runner.stop();
    throw error;
  });
  // A worker that replaces a crashed one takes over the campaigns whose jobs died with it.
  await recoverCampaigns(context, RECOVER_AT_START_SECONDS).catch((error) =>
    context.logger.error({ err: error }, 'could not recover campaigns at start'),
  );
  return {
    jobs: runner,
    lanes,
    async stop() {
      await lanes.stop();
      await runner.stop();
    },
  };
}
