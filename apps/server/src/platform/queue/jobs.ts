import type { JobHelpers, Runner, TaskList } from 'graphile-worker';
import { run } from 'graphile-worker';
import type pg from 'pg';
import type { Logger as PinoLogger } from 'pino';
import type { z } from 'zod';
import type { AppContext } from '../http/context.js';
import { graphileLogger } from './graphile-logger.js';

/** A background job: a name, the schema of its payload, and a handler. */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  maxAttempts: number;
  /** A crontab schedule (five fields) when the job also runs periodically. */
  cron?: string;
  handle(payload: z.output<P>, helpers: JobHelpers, context: AppContext): Promise<void>;
}

export function defineJob<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/**
 * Queues a job in the caller's transaction, so the job exists exactly when the data it works on
 * was committed. `runAt` delays it; `jobKey` keeps one job per key (a second add replaces the
 * waiting one's payload and time, graphile-worker's `replace` mode).
 */
export async function enqueue<P extends z.ZodType>(
  client: pg.PoolClient | pg.Pool,
  job: JobDefinition<P>,
  payload: z.input<P>,
  options: { runAt?: Date; jobKey?: string } = {},
): Promise<void> {
  await client.query('select graphile_worker.add_job($1, $2::json, max_attempts => $3, run_at => $4, job_key => $5)', [
    job.name,
    JSON.stringify(job.payload.parse(payload)),
    job.maxAttempts,
    options.runAt ?? null,
    options.jobKey ?? null,
  ]);
}

/** Starts the worker role: a local queue and batched completion, graphile-worker's fastest settings. */
export function startWorker(context: AppContext, jobs: readonly JobDefinition[], logger: PinoLogger): Promise<Runner> {
  const taskList: TaskList = {};
  for (const job of jobs) {
    taskList[job.name] = async (raw, helpers) => {
      const parsed = job.payload.safeParse(raw);
      if (!parsed.success) {
        // A malformed payload will never succeed; log it and let the job end instead of retrying.
        logger.error({ job: job.name, issues: parsed.error.issues }, 'dropping a job with an invalid payload');
        return;
      }
      await job.handle(parsed.data, helpers, context);
    };
  }
  const concurrency = context.config.WORKER_CONCURRENCY;
  return run({
    pgPool: context.pool,
    taskList,
    concurrency,
    noHandleSignals: true,
    crontab: jobs
      .filter((job) => job.cron)
      .map((job) => `${job.cron} ${job.name}`)
      .join('\n'),
    pollInterval: 2000,
    logger: graphileLogger(logger),
    preset: {
      worker: {
        localQueue: { size: concurrency + 1 },
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
      },
    },
  });
}
