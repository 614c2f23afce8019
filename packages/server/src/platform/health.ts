import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from './db/database.ts';
import { notificationsOf } from './db/notifications.ts';
import { readiness } from './readiness.ts';

/** A check that has not answered by then has failed: a probe must answer before its balancer gives up. */
const CHECK_TIMEOUT_MS = 2000;
const PROBE_CHANNEL = 'readyz_probe';

type Check = () => Promise<void>;

function withinTimeout(check: Check): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * LISTEN is connected when a notification this process sends comes back to it: the same path the
 * cache-dropping notifications take (platform/db/notifications.ts), whatever its connection does.
 */
async function listenProbe(db: Db) {
  const waiting = new Map<string, () => void>();
  const unlisten = await notificationsOf(db).listen(
    PROBE_CHANNEL,
    (payload) => waiting.get(payload)?.(),
    () => undefined,
  );
  return {
    async check() {
      const nonce = crypto.randomUUID();
      const heard = new Promise<void>((resolve) => waiting.set(nonce, resolve));
      try {
        await sql`select pg_notify(${PROBE_CHANNEL}, ${nonce})`.execute(db);
        await heard;
      } finally {
        waiting.delete(nonce);
      }
    },
    unlisten,
  };
}

/**
 * Health for load balancers and supervisors (issue 35):
 * - `/livez`: the process answers; nothing else is asked, so a busy database never gets a live
 *   process restarted.
 * - `/readyz`: send traffic here? The database answers, LISTEN hears, Redis answers (when
 *   REDIS_URL is set), migrations are done and the process is not shutting down; 503 with the
 *   failed checks named otherwise.
 * - `/healthz`: the database answers (kept for existing callers).
 */
export async function installHealth(
  app: FastifyInstance,
  { db, redis }: { db: Db; redis?: () => Redis | undefined },
): Promise<void> {
  const probe = await listenProbe(db);
  app.addHook('onClose', async () => probe.unlisten());
  const checks: Record<string, Check> = {
    database: async () => {
      await sql`select 1`.execute(db);
    },
    listen: () => probe.check(),
  };
  if (redis)
    checks.redis = async () => {
      const client = redis();
      if (!client) return;
      await client.ping();
    };

  // Answered under load too (load shedding refuses everything else): a slow process is alive.
  app.get('/livez', { config: { pressureHandler: () => undefined } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ ok: true }),
  );

  app.get('/readyz', async (request, reply) => {
    // Named, never explained: the reasons (addresses, errors) go to the log, not to the public line.
    const failed: string[] = [];
    if (!readiness.migrated) failed.push('migrations');
    if (readiness.shuttingDown) failed.push('shutdown');
    // A process on its way out answers at once: its balancer must stop sending now.
    if (!readiness.shuttingDown)
      await Promise.all(
        Object.entries(checks).map(([name, check]) =>
          withinTimeout(check).catch((error: unknown) => {
            failed.push(name);
            request.log.warn({ err: error, check: name }, 'not ready');
          }),
        ),
      );
    const ok = failed.length === 0;
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ok ? { ok } : { ok, failed });
  });

  app.get('/healthz', async () => {
    await db.selectFrom('settings').select('key').limit(1).execute();
    return { ok: true };
  });
}
