import cluster from 'node:cluster';
import http from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, sharedStateProblem, transcodeShare, type Config } from './config.ts';
import { CATALOGUE_TOPIC } from './features/catalogue/catalogue.service.ts';
import { APP_INFO_TOPIC } from './features/app-info/app-info.service.ts';
import { encoderThreads } from './media/ffmpeg-args.ts';
import { watchCacheVersions } from './platform/cache-versions.ts';
import { applicationNameOf, openDatabase, type Db } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrations.ts';
import { whileStarting } from './platform/db/start-lock.ts';
import { serveClusterMetrics } from './platform/metrics.ts';
import { readiness } from './platform/readiness.ts';
import { startScheduledJobs } from './platform/scheduled-jobs.ts';
import { useFfmpeg } from './media/ffmpeg.ts';
import { prepareScripts } from './platform/script.ts';
import { readyLine } from './platform/start-report.ts';
import { hasCatalogue, seedIfEmpty } from './seed/seed.ts';
import { buildWorker } from './worker.ts';

/**
 * Starts the product in its ROLE (issue 34): `all` (one machine: migrations, the demo catalogue on
 * a first start, the main port and one more port per extra line, transcodes and scheduled jobs),
 * `web` (the same without transcodes and scheduled jobs) or `worker` (transcodes and scheduled jobs,
 * with /healthz on PORT). SIGTERM/SIGINT drain: see `shutdown`.
 */
const SHUTDOWN_GRACE_MS = 10_000;
const WORKER_RETRY_MS = 1000;

async function main() {
  const config = loadConfig(process.env, process.argv.slice(2));
  const problem = sharedStateProblem(config);
  if (problem) throw new Error(`invalid configuration: ${problem}`);
  encoderThreads.count = config.transcode.threads;
  // Which ffmpeg reads uploads is a security fact: say which binary and version this process runs.
  const ffmpeg = useFfmpeg(config.ffmpegPath, config.ffprobePath);
  const probeLine = ffmpeg.probe
    ? `probe: ${ffmpeg.probe.path} (${ffmpeg.probe.source}), ${ffmpeg.probe.version}`
    : 'probe: ffmpeg (no ffprobe beside it)';
  const ffmpegLine = `ffmpeg: ${ffmpeg.path} (${ffmpeg.source}), ${ffmpeg.version}; ${probeLine}`;
  const db = await openDatabase(config);
  if (config.role === 'worker') return serveWorker(config, db, ffmpegLine);

  // Migrations and the first seed run under an advisory lock: two nodes started at once on an
  // empty database make one schema and one catalogue. Only those: the rest of a start (and every
  // start on a database that has its catalogue) goes on beside the other nodes'.
  const applicationName = applicationNameOf(config.role);
  await whileStarting(config.databaseUrl, applicationName, () => migrateToLatest(db));
  readiness.migrated = true;
  const { app, ctx, listening } = await buildApp(config, db);
  if (config.autoSeed && !(await hasCatalogue(db)))
    await whileStarting(config.databaseUrl, applicationName, () => seedIfEmpty(db, config, app.log));
  // Only a shared PostgreSQL can change under this process; embedded PGlite belongs to it alone.
  const stopWatching = config.databaseUrl
    ? watchCacheVersions(db, ctx.cache, [CATALOGUE_TOPIC, APP_INFO_TOPIC, 'lines'])
    : () => {};
  const stopJobs = config.role === 'all' ? startScheduledJobs(db, config, app.log) : async () => {};

  prepareScripts();
  await app.listen({ port: config.port, host: config.host });
  const mainPort = (app.server.address() as { port: number }).port;
  const extraServers = await Promise.all(
    config.linePorts.map(
      (port) =>
        new Promise<http.Server>((resolve, reject) => {
          // Each extra line hands its requests to the same app; the port tells the app which line it is.
          const server = http.createServer((req, res) => app.server.emit('request', req, res));
          server.once('error', reject);
          server.listen(port, config.host, () => resolve(server));
        }),
    ),
  );
  listening.ports = [mainPort, ...extraServers.map((server) => (server.address() as { port: number }).port)];
  app.log.info({ ffmpeg }, ffmpegLine);
  if (cluster.worker === undefined || cluster.worker.id === 1)
    app.log.info(await readyLine(db, config, mainPort));
  app.log.info({ lines: listening.ports, role: config.role }, `serving on http://localhost:${mainPort}`);

  onStopSignal(config, app.log, async () => {
    stopWatching();
    await stopJobs();
    await closeServing(app, extraServers);
    await db.destroy();
  });
}

/** A worker node: the transcode queue and the scheduled jobs, and /healthz for its supervisor. */
async function serveWorker(config: Config, db: Db, ffmpegLine: string) {
  await whileStarting(config.databaseUrl, applicationNameOf(config.role), () => migrateToLatest(db));
  readiness.migrated = true;
  const worker = await buildWorker(config, db);
  const stopJobs = startScheduledJobs(db, config, worker.app.log);
  await worker.app.listen({ port: config.port, host: config.host });
  const port = (worker.app.server.address() as { port: number }).port;
  worker.app.log.info(ffmpegLine);
  worker.app.log.info({ role: config.role, transcodes: config.transcode.concurrency }, `worker on ${port}`);
  onStopSignal(config, worker.app.log, async () => {
    await stopJobs();
    // Closing the app stops every ffmpeg and hands its jobs back (no attempt counted).
    await worker.app.close();
    await db.destroy();
  });
}

/**
 * SIGTERM/SIGINT (issue 35): /readyz fails at once, so a load balancer stops sending new requests;
 * for SHUTDOWN_DRAIN_S everything is still served (requests the balancer sent before it noticed);
 * then new connections are refused, requests in flight finish (up to a grace period), open event
 * streams end with a retry hint, tus uploads keep what arrived (resumable), transcodes are handed
 * back, and the process exits.
 */
function onStopSignal(config: Config, log: FastifyBaseLogger, stop: () => Promise<void>) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    readiness.shuttingDown = true;
    log.info({ signal, drainSeconds: config.shutdownDrainMs / 1000 }, 'shutting down: draining');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    try {
      await stop();
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Refuses new connections; in-flight requests finish, a client still connected after the grace period is cut. */
async function closeServing(app: FastifyInstance, extraServers: http.Server[]) {
  const cut = setTimeout(() => {
    app.server.closeAllConnections();
    extraServers.forEach((server) => server.closeAllConnections());
  }, SHUTDOWN_GRACE_MS);
  cut.unref();
  // Idle keep-alive connections go now: their next request would find the port closed.
  extraServers.forEach((server) => server.closeIdleConnections());
  await Promise.all([
    app.close(),
    ...extraServers.map((server) => new Promise((resolve) => server.close(resolve))),
  ]);
}

/**
 * WORKERS > 1: this process only looks after the workers, which share the ports (one per core, like
 * an nginx's worker processes). The first worker migrates and seeds alone before the others start,
 * so they never race over the schema. A worker that dies is replaced; SIGTERM/SIGINT pass to every
 * worker, which shut down gracefully. The machine's transcodes (TRANSCODE_CONCURRENCY) are shared
 * out so that together the workers never run more, whatever WORKERS says.
 */
async function supervise(config: Config) {
  const { workers } = config;
  await serveClusterMetrics(config);
  let stopping = false;
  const running = () => Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead());
  cluster.on('exit', () => stopping && running().length === 0 && process.exit(0));
  const stop = () => {
    stopping = true;
    for (const worker of running()) worker?.process.kill('SIGTERM');
  };
  // From the first moment: a stop while workers still start stops them too.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  const startWorker = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork({
        TRANSCODE_SHARE: String(transcodeShare(config.transcode.machine, workers, index)),
      });
      const early = (code: number | null) =>
        stopping ? resolve() : reject(new Error(`a worker exited while starting (${code})`));
      worker.once('exit', early);
      worker.once('listening', () => {
        worker.off('exit', early);
        worker.once('exit', (code) => {
          if (stopping) return;
          console.error(`worker ${worker.process.pid} exited (${code}); starting another`);
          replaceWorker(index);
        });
        resolve();
      });
    });
  // A replacement (with the same share) that cannot start (the database is away) is tried again until one does.
  const replaceWorker = (index: number): void =>
    void startWorker(index).catch(() => !stopping && setTimeout(() => replaceWorker(index), WORKER_RETRY_MS));
  // `listening` comes once per port; the first worker's first one means migrations and seed are done.
  await startWorker(0);
  await Promise.all(Array.from({ length: workers - 1 }, (_, i) => startWorker(i + 1)));
}

async function start() {
  if (!cluster.isPrimary) return main();
  const config = loadConfig(process.env, process.argv.slice(2));
  const problem = sharedStateProblem(config);
  if (problem) throw new Error(`invalid configuration: ${problem}`);
  return config.workers > 1 ? supervise(config) : main();
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
