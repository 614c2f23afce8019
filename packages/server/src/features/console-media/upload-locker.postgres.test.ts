import crypto from 'node:crypto';
import { ERRORS } from '@tus/server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../platform/db/database.ts';
import { prepareDataDir } from '../../test/build-app.ts';
import { createPostgresUploadLocker, UPLOAD_LOCK_APPLICATION, type UploadLocker } from './upload-locker.ts';

// Two server processes (`WORKERS` > 1) share one PostgreSQL, so this file runs only with
// TEST_DATABASE_URL (vitest.config.ts): each locker below has its own database connections, as
// each process would.
let data: Awaited<ReturnType<typeof prepareDataDir>>;
let databaseUrl: string;
const processes: { db: Db; locker: UploadLocker }[] = [];

async function startProcess(acquireLockTimeout = 10_000) {
  const db = await openDatabase(loadConfig(data.env));
  const locker = createPostgresUploadLocker(db, databaseUrl, { acquireLockTimeout });
  processes.push({ db, locker });
  return locker;
}
/** The database as the last process started sees it. */
const database = () => processes.at(-1)!.db;

beforeAll(async () => {
  data = await prepareDataDir();
  databaseUrl = data.env.DATABASE_URL!;
});
afterAll(async () => {
  for (const { db, locker } of processes) {
    await locker.close();
    await db.destroy();
  }
  await data.remove();
});

const uploadId = () => crypto.randomBytes(16).toString('hex');
const signal = () => new AbortController().signal;
/** A request's hold on an upload, and how often it was asked to let go. */
async function hold(locker: UploadLocker, id: string) {
  const asked = { count: 0 };
  const lock = locker.newLock(id);
  await lock.lock(signal(), () => void asked.count++);
  return { lock, asked };
}
/** Whether `promise` settled within `ms`. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('the tus upload lock on PostgreSQL, across processes', () => {
  it('keeps a second process out of a locked upload, asks the holder to let go, and lets it in on release', async () => {
    const first = await startProcess();
    const second = await startProcess();
    const id = uploadId();
    const held = await hold(first, id);

    const waiting = second.newLock(id);
    const acquired = waiting.lock(signal(), () => undefined);
    expect(await settlesWithin(acquired, 600)).toBe(false);
    // The holder, in the other process, heard the waiter ask (tus then ends its request).
    await expect.poll(() => held.asked.count).toBeGreaterThan(0);

    // A different upload is not held up.
    const other = await hold(second, uploadId());
    await other.lock.unlock();

    await held.lock.unlock();
    await acquired;
    // Now the first process waits in turn.
    const again = first.newLock(id);
    const reacquired = again.lock(signal(), () => undefined);
    expect(await settlesWithin(reacquired, 300)).toBe(false);
    await waiting.unlock();
    await reacquired;
    await again.unlock();
  });

  it('excludes two requests of one process on the same upload', async () => {
    const locker = await startProcess();
    const id = uploadId();
    const held = await hold(locker, id);
    const waiting = locker.newLock(id);
    const acquired = waiting.lock(signal(), () => undefined);
    expect(await settlesWithin(acquired, 300)).toBe(false);
    await held.lock.unlock();
    await acquired;
    await waiting.unlock();
  });

  it('gives up at the timeout, or when the waiting request is aborted', async () => {
    const first = await startProcess();
    const impatient = await startProcess(400);
    const id = uploadId();
    const held = await hold(first, id);
    await expect(impatient.newLock(id).lock(signal(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);

    const patient = await startProcess(30_000);
    const request = new AbortController();
    const waiting = patient.newLock(id).lock(request.signal, () => undefined);
    setTimeout(() => request.abort(), 200);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.lock.unlock();
  });

  it('lets go of the locks of a process whose connections die, and tells its request it lost the lock', async () => {
    const dying = await startProcess();
    const survivor = await startProcess();
    const id = uploadId();
    const held = await hold(dying, id);
    const waiting = survivor.newLock(id);
    const acquired = waiting.lock(signal(), () => undefined);
    expect(await settlesWithin(acquired, 300)).toBe(false);
    const askedBefore = held.asked.count;

    // What a killed process leaves: the database ends its sessions, and their advisory locks.
    const holders = await sql<{ pid: number }>`
      select l.pid from pg_locks l join pg_stat_activity a using (pid)
      where l.locktype = 'advisory' and l.granted and a.application_name = ${UPLOAD_LOCK_APPLICATION}
        and l.database = (select oid from pg_database where datname = current_database())
    `.execute(database());
    expect(holders.rows).toHaveLength(1);
    await sql`select pg_terminate_backend(${holders.rows[0]!.pid})`.execute(database());

    await acquired;
    await expect.poll(() => held.asked.count).toBeGreaterThan(askedBefore);
    await waiting.unlock();
  });
});
