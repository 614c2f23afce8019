import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

export type Channel = 'email' | 'phone';

// ── Accounts ─────────────────────────────────────────────────────────────────

/** The account bound to an e-mail or phone, if any. */
export function findAccount(db: Db, channel: Channel, address: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'locale', 'banned_at'])
    .where(channel, '=', address)
    .executeTakeFirst();
}

/** The language the account reads its mail and SMS in (the locale of its last code request). */
export async function setLocaleOf(db: Db, userId: number, locale: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ locale })
    .where('id', '=', userId)
    .where('locale', 'is distinct from', locale)
    .execute();
}

export function findBinding(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'password_hash', 'promoter', 'invited_by'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Binds a guest: only a row with neither e-mail nor phone changes (one binding per account). */
export async function bindGuest(
  db: Db,
  userId: number,
  channel: Channel,
  address: string,
  passwordHash: string,
): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ [channel]: address, password_hash: passwordHash })
    .where('id', '=', userId)
    .where('email', 'is', null)
    .where('phone', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setAddress(db: Db, userId: number, channel: Channel, address: string) {
  await db
    .updateTable('users')
    .set({ [channel]: address })
    .where('id', '=', userId)
    .execute();
}

export async function setPasswordOf(db: Db, userId: number, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Swaps a hash for a rehash of the same password, unless the password changed in the meantime. */
export async function replacePasswordHash(db: Db, userId: number, previous: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .where('password_hash', '=', previous)
    .execute();
}

/** Marks the bind bonus as given; false when it already was (the row lock orders concurrent binds). */
export async function claimBindBonus(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ bind_bonus_given: true })
    .where('id', '=', userId)
    .where('bind_bonus_given', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ── Sessions ─────────────────────────────────────────────────────────────────

export async function markPasswordChecked(db: Db, sessionId: number, at: Date | null) {
  await db.updateTable('sessions').set({ password_checked_at: at }).where('id', '=', sessionId).execute();
}

export async function passwordCheckedAt(db: Db, sessionId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('sessions')
    .select('password_checked_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.password_checked_at ?? null;
}

// ── Invites and the ledger ───────────────────────────────────────────────────

export function findInviter(db: Db, inviteCode: string) {
  return db.selectFrom('users').select('id').where('invite_code', '=', inviteCode).executeTakeFirst();
}

/** Locks both rows of an invite in id order, so two accounts inviting each other cannot deadlock. */
export function lockInvitePair(db: Db, friendId: number, inviterId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'promoter', 'invited_by'])
    .where('id', 'in', [friendId, inviterId])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function recordInvite(db: Db, friendId: number, inviterId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ invited_by: inviterId })
    .where('id', '=', friendId)
    .where('invited_by', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countInvite(db: Db, inviterId: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ invite_count: sql<number>`invite_count + 1` })
    .where('id', '=', inviterId)
    .returning('invite_count')
    .executeTakeFirstOrThrow();
  return row.invite_count;
}

/**
 * One grant of points: a ledger row under a unique key, and the points added only when the row is
 * new, so a repeated or concurrent grant changes nothing. Returns whether it was applied.
 */
export async function grantPoints(
  db: Db,
  grant: { userId: number; kind: string; points: number; key: string },
): Promise<boolean> {
  const row = await db
    .insertInto('ledger')
    .values({ user_id: grant.userId, kind: grant.kind, points: grant.points, grant_key: grant.key })
    .onConflict((oc) => oc.column('grant_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable('users')
    .set({ points: sql<number>`points + ${grant.points}::int` })
    .where('id', '=', grant.userId)
    .execute();
  return true;
}

export async function recordVipGrant(
  db: Db,
  grant: { userId: number; kind: string; vipDays: number; key: string },
): Promise<boolean> {
  const row = await db
    .insertInto('ledger')
    .values({ user_id: grant.userId, kind: grant.kind, vip_days: grant.vipDays, grant_key: grant.key })
    .onConflict((oc) => oc.column('grant_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ── Verification codes ───────────────────────────────────────────────────────

/** A destination's code row; `lock` holds it for the rest of the transaction (a send). */
export function readVerifyCode(db: Db, purpose: string, address: string, { lock = false } = {}) {
  const query = db
    .selectFrom('verify_codes')
    .select(['sent_at', 'send_day', 'sends_that_day', 'tries', 'used_at', 'expires_at'])
    .where('purpose', '=', purpose)
    .where('address', '=', address);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The first code for a destination; false when a concurrent send made it first. */
export async function insertVerifyCode(
  db: Db,
  code: {
    purpose: string;
    address: string;
    codeHash: Buffer;
    sentAt: Date;
    expiresAt: Date;
    sendDay: string;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('verify_codes')
    .values({
      purpose: code.purpose,
      address: code.address,
      code_hash: code.codeHash,
      sent_at: code.sentAt,
      expires_at: code.expiresAt,
      send_day: code.sendDay,
      sends_that_day: 1,
    })
    .onConflict((oc) => oc.columns(['purpose', 'address']).doNothing())
    .returning('purpose')
    .executeTakeFirst();
  return row !== undefined;
}

/** A resend: a new code replaces the old one, with fresh tries. */
export async function replaceVerifyCode(
  db: Db,
  code: {
    purpose: string;
    address: string;
    codeHash: Buffer;
    sentAt: Date;
    expiresAt: Date;
    sendDay: string;
    sendsThatDay: number;
  },
) {
  await db
    .updateTable('verify_codes')
    .set({
      code_hash: code.codeHash,
      sent_at: code.sentAt,
      expires_at: code.expiresAt,
      tries: 0,
      used_at: null,
      send_day: code.sendDay,
      sends_that_day: code.sendsThatDay,
    })
    .where('purpose', '=', code.purpose)
    .where('address', '=', code.address)
    .execute();
}

/** A code that can still be used: not used, tries left, not expired. */
const isLive = (maxTries: number, now: Date) => (eb: ExpressionBuilder<Database, 'verify_codes'>) =>
  eb.and([eb('used_at', 'is', null), eb('tries', '<', maxTries), eb('expires_at', '>', now)]);

function liveCode(db: Db, purpose: string, address: string, maxTries: number, now: Date) {
  return db
    .updateTable('verify_codes')
    .where('purpose', '=', purpose)
    .where('address', '=', address)
    .where(isLive(maxTries, now));
}

/** Uses up the code when it matches and is still live; false otherwise. */
export async function useVerifyCode(
  db: Db,
  purpose: string,
  address: string,
  codeHash: Buffer,
  maxTries: number,
  now: Date,
): Promise<boolean> {
  const row = await liveCode(db, purpose, address, maxTries, now)
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .returning('purpose')
    .executeTakeFirst();
  return row !== undefined;
}

export async function verifyCodeMatches(
  db: Db,
  purpose: string,
  address: string,
  codeHash: Buffer,
  maxTries: number,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('verify_codes')
    .select('purpose')
    .where('purpose', '=', purpose)
    .where('address', '=', address)
    .where('code_hash', '=', codeHash)
    .where(isLive(maxTries, now))
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts a wrong try against a live code; false when there was no live code to count against. */
export async function countWrongTry(
  db: Db,
  purpose: string,
  address: string,
  codeHash: Buffer,
  maxTries: number,
  now: Date,
): Promise<boolean> {
  const row = await liveCode(db, purpose, address, maxTries, now)
    .set({ tries: sql<number>`tries + 1` })
    .where('code_hash', '<>', codeHash)
    .returning('tries')
    .executeTakeFirst();
  return row !== undefined;
}

// ── Sign-in failures ─────────────────────────────────────────────────────────

/** The subjects' failures since `since`, newest first: the window holds a handful per subject. */
export function recentFailures(db: Db, subjects: string[], since: Date) {
  return db
    .selectFrom('sign_in_failures')
    .select(['subject', 'failed_at'])
    .where('subject', 'in', subjects)
    .where('failed_at', '>', since)
    .orderBy('failed_at', 'desc')
    .execute();
}

/**
 * A wrong password counts against each subject; the subjects' failures from before the window go
 * in the same statement, so the table only holds what the window can count.
 */
export async function recordFailure(db: Db, subjects: string[], at: Date, windowStart: Date) {
  await db
    .with('pruned', (cte) =>
      cte
        .deleteFrom('sign_in_failures')
        .where('subject', 'in', subjects)
        .where('failed_at', '<', windowStart),
    )
    .insertInto('sign_in_failures')
    .values(subjects.map((subject) => ({ subject, failed_at: at })))
    .execute();
}

/** Forgets the failures of every subject that starts with `prefix` (an account at each address). */
export async function clearFailuresStartingWith(db: Db, prefix: string) {
  await db
    .deleteFrom('sign_in_failures')
    .where(sql<boolean>`starts_with(subject, ${prefix})`)
    .execute();
}

/** Forgets a subject's failures once its owner proved who they are. */
export async function clearFailuresOf(db: Db, subject: string) {
  await db.deleteFrom('sign_in_failures').where('subject', '=', subject).execute();
}
