import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

/** How often a worker folds the buffered first plays into videos.views. */
export const FOLD_EVERY_MS = 60_000;

/**
 * A video's play count without locking its row (issue 34): a first play adds to a counter, and a
 * worker folds the counters into `videos.views` in one batch a minute. With Redis the counter is a
 * field of one hash (HINCRBY, shared by every node); without it, or while Redis does not answer,
 * a row of the unlogged `video_view_buffer`. Either way nobody waits on the video's row, and the
 * count is exact once folded. The per-user daily allowance is not counted here: it stays in the
 * play's own statement (it is money).
 */
export interface ViewCounts {
  /** Without Redis: the play's own statement adds the buffer row, so it commits with the play. */
  readonly inBuffer: boolean;
  /** After the play committed: the Redis counter (the buffer when Redis does not answer). */
  afterPlay(db: Db, videoId: number): Promise<void>;
  /** Adds every buffered play to videos.views; returns how many plays it folded. */
  fold(db: Db): Promise<number>;
  close(): Promise<void>;
}

const FOLD_LOCK = `hashtext('streamapp_view_fold')`;

/** Moves the pending hash aside under a batch id, or returns the batch a dead fold left behind. */
const TAKE_BATCH = `
if redis.call('exists', KEYS[2]) == 0 then
  if redis.call('exists', KEYS[1]) == 0 then return false end
  redis.call('rename', KEYS[1], KEYS[2])
  redis.call('set', KEYS[3], ARGV[1])
end
return redis.call('get', KEYS[3])`;

/** Deletes the batch folded, only if it is still the one aside (never a batch taken since). */
const DROP_BATCH = `
if redis.call('get', KEYS[2]) == ARGV[1] then return redis.call('del', KEYS[1], KEYS[2]) end
return 0`;

export function createViewCounts(options: { redisUrl?: string; redisPrefix: string }): ViewCounts {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  // Unheard, a refused connection's 'error' would end the process; the buffer table takes over.
  redis?.on('error', () => undefined);
  const connecting = redis?.connect().catch(() => undefined);
  const keys = {
    pending: `${options.redisPrefix}views:pending`,
    folding: `${options.redisPrefix}views:folding`,
    batch: `${options.redisPrefix}views:folding:batch`,
  };

  // First plays waiting for the next HINCRBY, and the one under way: the plays that come while one
  // is sent share the next (one command per video, not one per play); each play returns once its
  // count is in Redis, and a play whose batch Redis did not take goes to the buffer table.
  let waiting: { counts: Map<number, number>; sent: Promise<void> } | undefined;
  let sending: Promise<void> = Promise.resolve();
  const send = async (counts: Map<number, number>) => {
    if (!redis) return;
    const batch = redis.multi();
    for (const [videoId, n] of counts) batch.hincrby(keys.pending, String(videoId), n);
    const replies = await batch.exec();
    if (!replies || replies.some(([error]) => error)) throw new Error('views not counted in Redis');
  };
  const addToRedis = (videoId: number): Promise<void> => {
    if (!waiting) {
      const next = { counts: new Map<number, number>(), sent: Promise.resolve() };
      next.sent = sending
        .catch(() => undefined)
        .then(() => {
          if (waiting === next) waiting = undefined;
          return send(next.counts);
        });
      sending = next.sent;
      waiting = next;
    }
    waiting.counts.set(videoId, (waiting.counts.get(videoId) ?? 0) + 1);
    return waiting.sent;
  };

  const buffer = async (db: Db, videoId: number) => {
    await db.insertInto('video_view_buffer').values({ video_id: videoId }).execute();
  };

  /** One statement: the buffer's rows go, their counts land on their videos, in video order. */
  const foldBuffer = async (trx: Transaction<Database>): Promise<number> => {
    const result = await sql<{ n: number }>`
      with taken as (delete from video_view_buffer returning video_id),
      counts as (select video_id, count(*)::int as n from taken group by video_id),
      updated as (
        update videos set views = videos.views + counts.n from counts
        where videos.id = counts.video_id returning counts.n
      )
      select coalesce(sum(n), 0)::int as n from updated`.execute(trx);
    return Number(result.rows[0]?.n ?? 0);
  };

  /** The Redis batch, folded in the fold's transaction; its keys are deleted after the commit. */
  const foldRedis = async (trx: Transaction<Database>): Promise<{ n: number; batch?: string }> => {
    if (!redis) return { n: 0 };
    await connecting;
    const batch = (await redis.eval(
      TAKE_BATCH,
      3,
      keys.pending,
      keys.folding,
      keys.batch,
      crypto.randomUUID(),
    )) as string | null;
    if (!batch) return { n: 0 };
    const counts = Object.entries(await redis.hgetall(keys.folding))
      .map(([id, n]) => ({ id: Number(id), n: Number(n) }))
      .filter((entry) => Number.isSafeInteger(entry.id) && entry.n > 0)
      .sort((a, b) => a.id - b.id);
    const fresh = await trx
      .insertInto('view_folds')
      .values({ batch })
      .onConflict((oc) => oc.column('batch').doNothing())
      .returning('batch')
      .executeTakeFirst();
    // Folded already by a fold that died before deleting the batch: only the delete is left to do.
    if (!fresh || counts.length === 0) return { n: 0, batch };
    await sql`
      update videos set views = videos.views + c.n
      from unnest(${counts.map((c) => c.id)}::bigint[], ${counts.map((c) => c.n)}::int[]) as c(id, n)
      where videos.id = c.id`.execute(trx);
    return { n: counts.reduce((sum, c) => sum + c.n, 0), batch };
  };

  return {
    inBuffer: !redis,
    async afterPlay(db, videoId) {
      if (!redis) return;
      await connecting;
      await addToRedis(videoId).catch(() => buffer(db, videoId));
    },
    async fold(db) {
      // One node folds at a time: the lock ends with the transaction, after which the Redis batch
      // it folded is deleted (a fold that comes between finds the batch in view_folds and skips it).
      const folded = await db.transaction().execute(async (trx) => {
        const lock = await sql<{
          got: boolean;
        }>`select pg_try_advisory_xact_lock(${sql.raw(FOLD_LOCK)}) as got`.execute(trx);
        if (!lock.rows[0]?.got) return { n: 0 };
        const fromBuffer = await foldBuffer(trx);
        await sql`savepoint redis_fold`.execute(trx);
        try {
          const fromRedis = await foldRedis(trx);
          return { n: fromBuffer + fromRedis.n, batch: fromRedis.batch };
        } catch {
          // Redis away: the buffer's plays are folded; Redis's wait for the next minute.
          await sql`rollback to savepoint redis_fold`.execute(trx);
          return { n: fromBuffer };
        }
      });
      if (redis && folded.batch)
        await redis.eval(DROP_BATCH, 2, keys.folding, keys.batch, folded.batch).catch(() => undefined);
      return folded.n;
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
