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

/** Ends every live session of an account; returns their token hashes for the session cache. */
export async function endLiveSessionsOf(db: Db, userId: number, reason: string): Promise<Buffer[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ ended_at: new Date(), ended_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .returning('token_hash')
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
