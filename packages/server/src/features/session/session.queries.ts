import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export function findSessionByTokenHash(db: Db, tokenHash: Buffer) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'ended_at', 'ended_reason', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertSession(
  db: Db,
  userId: number,
  tokenHash: Buffer,
  platform: string,
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: tokenHash, platform })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
 * back for the session cache), opens the new one and revokes every launch code of the account (a
 * code stands for a session, and those sessions are over). A statement is atomic on its own, so
 * sign-in needs no transaction around it.
 */
export async function replaceLiveSessions(
  db: Db,
  session: { userId: number; tokenHash: Buffer; platform: string },
): Promise<Buffer[]> {
  const { userId, tokenHash, platform } = session;
  const rows = await db
    // The new session is not among the rows this update sees: both run on one snapshot.
    .with('ended', (query) =>
      query
        .updateTable('sessions')
        .set({ ended_at: new Date(), ended_reason: 'signed_in_elsewhere' })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .returning('token_hash'),
    )
    .with('opened', (query) =>
      query
        .insertInto('sessions')
        .values({ user_id: userId, token_hash: tokenHash, platform })
        .returning('id'),
    )
    .with('revoked', (query) =>
      query.deleteFrom('launch_codes').where('user_id', '=', userId).returning('code_hash'),
    )
    .selectFrom('ended')
    .select('token_hash')
    .execute();
  return rows.map((row) => row.token_hash);
}

/**
 * Ends the account's live sessions but `keep` (password change and reset; sign-out ends its own)
 * and revokes every launch code of the account. Returns the ended sessions' token hashes.
 */
export async function endSessionsOf(
  db: Db,
  userId: number,
  reason: string,
  keep?: number,
): Promise<Buffer[]> {
  let ended = db
    .updateTable('sessions')
    .set({ ended_at: new Date(), ended_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (keep !== undefined) ended = ended.where('id', '!=', keep);
  const rows = await ended.returning('token_hash').execute();
  await db.deleteFrom('launch_codes').where('user_id', '=', userId).execute();
  return rows.map((row) => row.token_hash);
}

/** Sign-out: ends one session and revokes the account's launch codes, in one statement. */
export async function signOut(db: Db, sessionId: number, userId: number): Promise<Buffer[]> {
  const rows = await db
    .with('revoked', (query) =>
      query.deleteFrom('launch_codes').where('user_id', '=', userId).returning('code_hash'),
    )
    .updateTable('sessions')
    .set({ ended_at: new Date(), ended_reason: 'signed_out' })
    .where('id', '=', sessionId)
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

/**
 * A launch code that still works: not expired, and the session it stands for (a jump-page code
 * before its first use stands for none) neither ended nor idle since `idleSince`.
 */
export function findLiveLaunchCode(db: Db, codeHash: Buffer, idleSince: Date) {
  return db
    .selectFrom('launch_codes as code')
    .leftJoin('sessions as session', 'session.id', 'code.session_id')
    .select(['code.user_id', 'code.session_id'])
    .where('code.code_hash', '=', codeHash)
    .where('code.expires_at', '>', new Date())
    .where((eb) =>
      eb.or([
        eb.and([eb('code.session_id', 'is', null), eb('code.user_id', 'is', null)]),
        eb.and([eb('session.ended_at', 'is', null), eb('session.last_seen_at', '>', idleSince)]),
      ]),
    )
    .executeTakeFirst();
}

/**
 * A new code; up to 100 lapsed ones go in the same statement, so the table holds about as many
 * codes as still work (jump-page codes that were never used, codes of long-idle sessions).
 */
export async function insertLaunchCode(
  db: Db,
  code: { codeHash: Buffer; expiresAt: Date; userId?: number; sessionId?: number },
) {
  await db
    .with('pruned', (cte) =>
      cte
        .deleteFrom('launch_codes')
        .where('code_hash', 'in', (eb) =>
          eb.selectFrom('launch_codes').select('code_hash').where('expires_at', '<', new Date()).limit(100),
        ),
    )
    .insertInto('launch_codes')
    .values({
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      user_id: code.userId ?? null,
      session_id: code.sessionId ?? null,
    })
    .execute();
}

/** The first use of a jump-page code: it now stands for the guest session that use opened. */
export async function claimFreshLaunchCode(
  db: Db,
  code: { codeHash: Buffer; userId: number; sessionId: number; expiresAt: Date },
): Promise<boolean> {
  const claimed = await db
    .updateTable('launch_codes')
    .set({
      user_id: code.userId,
      session_id: code.sessionId,
      last_used_at: new Date(),
      expires_at: code.expiresAt,
    })
    .where('code_hash', '=', code.codeHash)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

export async function markLaunchCodeUsed(db: Db, codeHash: Buffer, expiresAt: Date) {
  await db
    .updateTable('launch_codes')
    .set({ last_used_at: new Date(), expires_at: expiresAt })
    .where('code_hash', '=', codeHash)
    .execute();
}
