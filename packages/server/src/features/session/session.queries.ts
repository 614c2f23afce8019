import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export function findSessionByTokenHash(db: Db, tokenHash: Buffer) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'ended_at', 'ended_reason', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertSession(db: Db, userId: number, tokenHash: Buffer, platform: string) {
  await db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, platform }).execute();
}

export async function endSession(db: Db, sessionId: number, reason: string) {
  await db
    .updateTable('sessions')
    .set({ ended_at: new Date(), ended_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * One statement for sign-in and binding: ends the account's live sessions (their token hashes come
 * back for the session cache), opens the new one and points a known launch code at the account.
 * A statement is atomic on its own, so sign-in needs no transaction around it.
 */
export async function replaceLiveSessions(
  db: Db,
  session: { userId: number; tokenHash: Buffer; platform: string; launchCodeHash?: Buffer },
): Promise<Buffer[]> {
  const { userId, tokenHash, platform, launchCodeHash } = session;
  const now = new Date();
  const opened = db
    // The new session is not among the rows this update sees: both run on one snapshot.
    .with('ended', (query) =>
      query
        .updateTable('sessions')
        .set({ ended_at: now, ended_reason: 'signed_in_elsewhere' })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .returning('token_hash'),
    )
    .with('opened', (query) =>
      query
        .insertInto('sessions')
        .values({ user_id: userId, token_hash: tokenHash, platform })
        .returning('id'),
    );
  const rows = await (
    launchCodeHash
      ? opened.with('pointed', (query) =>
          query
            .updateTable('launch_codes')
            .set({ user_id: userId, last_used_at: now })
            .where('code_hash', '=', launchCodeHash)
            .returning('code_hash'),
        )
      : opened
  )
    .selectFrom('ended')
    .select('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

export async function touchSession(db: Db, sessionId: number) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', sessionId)
    .execute();
}

export async function insertGuest(db: Db, inviteCode: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ invite_code: inviteCode })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findLaunchCode(db: Db, codeHash: Buffer) {
  return db
    .selectFrom('launch_codes')
    .select(['user_id'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

export async function insertLaunchCode(db: Db, codeHash: Buffer) {
  await db.insertInto('launch_codes').values({ code_hash: codeHash }).execute();
}

export async function pointLaunchCode(db: Db, codeHash: Buffer, userId: number) {
  await db
    .updateTable('launch_codes')
    .set({ user_id: userId, last_used_at: new Date() })
    .where('code_hash', '=', codeHash)
    .execute();
}
