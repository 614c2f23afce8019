import cluster from 'node:cluster';
import http from 'node:http';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { CATALOGUE_TOPIC } from './features/catalogue/catalogue.service.ts';
import { APP_INFO_TOPIC } from './features/app-info/app-info.service.ts';
import { watchCacheVersions } from './platform/cache-versions.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrations.ts';
import { prepareScripts } from './platform/script.ts';
import { seedIfEmpty } from './seed/seed.ts';

/**
 * Starts the product: migrations, the demo catalogue on a first start, the main port and one more
 * port per extra line. SIGTERM/SIGINT let in-flight requests finish, then close the database.
 */
const SHUTDOWN_GRACE_MS = 10_000;
const WORKER_RETRY_MS = 1000;

async function main() {
  const config = loadConfig(process.env, process.argv.slice(2));
  const db = await openDatabase(config);
  await migrateToLatest(db);
  const { app, ctx, listening } = await buildApp(config, db);
  if (config.autoSeed) await seedIfEmpty(db, config, app.log);
  // Only a shared PostgreSQL can change under this process; embedded PGlite belongs to it alone.
  const stopWatching = config.databaseUrl
    ? watchCacheVersions(db, ctx.cache, [CATALOGUE_TOPIC, APP_INFO_TOPIC, 'lines'])
    : () => {};

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
  app.log.info({ lines: listening.ports }, `serving on http://localhost:${mainPort}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopWatching();
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a client that still holds a connection after the grace period is cut.
    const cut = setTimeout(() => {
      app.server.closeAllConnections();
      extraServers.forEach((server) => server.closeAllConnections());
    }, SHUTDOWN_GRACE_MS);
    cut.unref();
    await Promise.all([
      app.close(),
      ...extraServers.map((server) => new Promise((resolve) => server.close(resolve))),
    ]);
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * WORKERS > 1: this process only looks after the workers, which share the ports (one per core, like
 * an nginx's worker processes). The first worker migrates and seeds alone before the others start,
 * so they never race over the schema. A worker that dies is replaced; SIGTERM/SIGINT pass to every
 * worker, which shut down gracefully.
 */
async function supervise(workers: number) {
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

  const startWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork();
      const early = (code: number | null) =>
        stopping ? resolve() : reject(new Error(`a worker exited while starting (${code})`));
      worker.once('exit', early);
      worker.once('listening', () => {
        worker.off('exit', early);
        worker.once('exit', (code) => {
          if (stopping) return;
          console.error(`worker ${worker.process.pid} exited (${code}); starting another`);
          replaceWorker();
        });
        resolve();
      });
    });
  // A replacement that cannot start (the database is away) is tried again until one does.
  const replaceWorker = (): void =>
    void startWorker().catch(() => !stopping && setTimeout(replaceWorker, WORKER_RETRY_MS));
  // `listening` comes once per port; the first worker's first one means migrations and seed are done.
  await startWorker();
  await Promise.all(Array.from({ length: workers - 1 }, startWorker));
}

const workers = cluster.isPrimary ? loadConfig(process.env, process.argv.slice(2)).workers : 1;
(workers > 1 ? supervise(workers) : main()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
