import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';
import type { Db } from '../../platform/db/database.ts';
import { notificationsOf, type Unlisten } from '../../platform/db/notifications.ts';

/** Where a request waiting for an upload asks its holder, in whichever process, to let go. */
export const UPLOAD_RELEASE_CHANNEL = 'tus_upload_release';
/** How soon a waiting request tries the lock again. */
const RETRY_EVERY_MS = 50;
/** How often a waiting request asks again: the lock may have passed to another request meanwhile. */
const ASK_AGAIN_EVERY_MS = 1000;
/** @tus/server's own MemoryLocker default: a request that waits longer is answered 500. */
const ACQUIRE_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5000;
/** Lock sessions name themselves, so an operator reading pg_stat_activity knows what they are. */
export const UPLOAD_LOCK_APPLICATION = 'tus-upload-lock';

/** The lock key: a namespace and the upload id, each hashed to int4 (the queue's own advisory lock style). */
const TRY_LOCK = `select pg_try_advisory_lock(hashtext('tus_upload'), hashtext($1)) as got`;
const UNLOCK = `select pg_advisory_unlock(hashtext('tus_upload'), hashtext($1))`;

export interface UploadLocker extends Locker {
  /** Stops listening for release requests (locks still held are the requests' to unlock). */
  close(): Promise<void>;
}

/**
 * A tus upload lock that holds across processes (`WORKERS` > 1 on one PostgreSQL): each lock is a
 * session-level advisory lock on a connection of its own, opened for the request and closed when
 * it unlocks, so a process that dies lets go of its locks with its sessions. A request that finds
 * the upload locked asks the holder to let go (`pg_notify`, heard by every process's listener,
 * which calls the holder's `requestRelease`: tus then ends that request after its drain time) and
 * tries again until it gets the lock, its request is aborted, or `acquireLockTimeout` passes
 * (ERR_LOCK_TIMEOUT, as @tus/server's MemoryLocker does).
 */
export function createPostgresUploadLocker(
  db: Db,
  connectionString: string,
  options: { acquireLockTimeout?: number } = {},
): UploadLocker {
  const timeout = options.acquireLockTimeout ?? ACQUIRE_TIMEOUT_MS;
  /** The release callback of each upload this process holds. */
  const held = new Map<string, RequestRelease>();
  let listening: Promise<Unlisten> | undefined;
  // Missed requests while the listener reconnects are asked again by the waiter every second.
  const listen = () =>
    (listening ??= notificationsOf(db)
      .listen(
        UPLOAD_RELEASE_CHANNEL,
        (id) => void held.get(id)?.(),
        () => undefined,
      )
      .catch((error: unknown) => {
        listening = undefined;
        throw error;
      }));

  const connect = async () => {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: UPLOAD_LOCK_APPLICATION,
    });
    // A dropped connection says so with an 'error' before its 'end'; unheard, it ends the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  class PostgresUploadLock implements Lock {
    private client: pg.Client | undefined;
    private release: RequestRelease | undefined;

    constructor(private readonly id: string) {}

    async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      // Heard before held: a release request must never find this process deaf.
      await listen();
      const client = await connect();
      try {
        const deadline = Date.now() + timeout;
        let askedAt = Number.NEGATIVE_INFINITY;
        for (;;) {
          if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
          const result = await client.query<{ got: boolean }>(TRY_LOCK, [this.id]);
          if (result.rows[0]?.got) break;
          if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          if (Date.now() - askedAt >= ASK_AGAIN_EVERY_MS) {
            await client.query('select pg_notify($1, $2)', [UPLOAD_RELEASE_CHANNEL, this.id]);
            askedAt = Date.now();
          }
          await pause(RETRY_EVERY_MS, signal);
        }
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      this.release = requestRelease;
      held.set(this.id, requestRelease);
      // A connection lost while held (a database restart, a terminated session) lost the lock
      // with it: the request is told to stop as if another had asked for the upload.
      client.once('end', () => {
        if (this.client === client) void requestRelease();
      });
    }

    async unlock(): Promise<void> {
      const client = this.client;
      if (!client) throw new Error('Releasing an unlocked lock!');
      this.client = undefined;
      if (held.get(this.id) === this.release) held.delete(this.id);
      // Unlocked before the session ends, so the next holder may go in as soon as this returns;
      // ending the session would release it anyway.
      await client.query(UNLOCK, [this.id]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }

  return {
    newLock: (id) => new PostgresUploadLock(id),
    async close() {
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },
  };
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
