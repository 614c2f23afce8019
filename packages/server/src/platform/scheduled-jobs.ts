import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createViewCounts, FOLD_EVERY_MS } from '../features/player/view-counts.ts';
import type { Db } from './db/database.ts';
import { runRetentionIfDue } from './retention.ts';

/** Each node asks this often whether the daily retention is due (one node runs it). */
const RETENTION_CHECK_MS = 3_600_000;

/**
 * The scheduled jobs of a worker (ROLE=worker, or ROLE=all on one machine): the view fold every
 * minute and the daily retention. Each takes a PostgreSQL advisory lock, so any number of workers
 * may run them and one does the work. Returns a stop that waits for a job under way and folds
 * once more, so no play counted before a clean stop waits for another worker.
 */
export function startScheduledJobs(db: Db, config: Config, log: FastifyBaseLogger): () => Promise<void> {
  const views = createViewCounts(config);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = (name: string, job: () => Promise<unknown>) => {
    if (stopped) return;
    running = running
      .then(job)
      .then(
        (result) => result !== undefined && result !== 0 && log.info({ job: name, result }, `${name} done`),
      )
      .catch((error: unknown) => log.warn({ err: error, job: name }, `${name} failed; tried again later`));
  };
  const fold = () => run('view fold', () => views.fold(db));
  const retention = () => run('retention', () => runRetentionIfDue(db, config.retention, new Date()));
  const timers = [setInterval(fold, FOLD_EVERY_MS), setInterval(retention, RETENTION_CHECK_MS)];
  timers.forEach((timer) => timer.unref());
  // The first check a minute after start, not while the node is still busy starting.
  const first = setTimeout(retention, FOLD_EVERY_MS);
  first.unref();
  return async () => {
    timers.forEach((timer) => clearInterval(timer));
    clearTimeout(first);
    fold();
    stopped = true;
    await running;
    await views.close();
  };
}
