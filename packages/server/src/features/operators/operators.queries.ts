import type { OperatorRole } from '@app/contract/console/operators';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Q = Kysely<Database> | Transaction<Database>;

const OPERATOR_COLUMNS = [
  'id',
  'email',
  'role',
  'password_hash',
  'totp_secret',
  'totp_pending_secret',
  'totp_last_step',
  'disabled',
  'failed_sign_ins',
  'locked_until',
  'created_at',
  'last_sign_in_at',
] as const;

export type OperatorRow = Awaited<ReturnType<typeof findOperatorById>> & {};

export function findOperatorByEmail(db: Q, email: string) {
  return db.selectFrom('operators').select(OPERATOR_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export function findOperatorById(db: Q, id: number) {
  return db.selectFrom('operators').select(OPERATOR_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** For update: role and state changes read the row they change under a lock. */
export function lockOperator(db: Transaction<Database>, id: number) {
  return db
    .selectFrom('operators')
    .select(OPERATOR_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function countOperators(db: Q): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Active owners other than `exceptId`: the last one may not lose the role or be disabled. The
 * owners' rows are locked, so two owners demoting each other at once are taken one after the other.
 */
export async function countOtherActiveOwners(db: Transaction<Database>, exceptId: number): Promise<number> {
  const rows = await db
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'owner')
    .where('disabled', '=', false)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.filter((row) => row.id !== exceptId).length;
}

export function insertOperator(db: Q, values: { email: string; role: OperatorRole; passwordHash: string }) {
  return db
    .insertInto('operators')
    .values({ email: values.email, role: values.role, password_hash: values.passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(OPERATOR_COLUMNS)
    .executeTakeFirst();
}

export type OperatorChanges = Partial<{
  role: OperatorRole;
  disabled: boolean;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
  failed_sign_ins: number;
  locked_until: Date | null;
  last_sign_in_at: Date;
}>;

export function updateOperator(db: Q, id: number, changes: OperatorChanges) {
  return db
    .updateTable('operators')
    .set(changes)
    .where('id', '=', id)
    .returning(OPERATOR_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Takes a TOTP time step for a sign-in or a check: true only for the one request whose update
 * moved the last used step forward, so a code sent in parallel requests counts once.
 */
export async function useTotpStep(db: Q, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where(sql<boolean>`(totp_last_step is null or totp_last_step < ${step})`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Whether the operator of `email` signed in from `address` before. */
export async function isKnownAddress(db: Q, email: string, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('operator_known_addresses as k')
    .innerJoin('operators as o', 'o.id', 'k.operator_id')
    .select('k.address')
    .where('o.email', '=', email)
    .where('k.address', '=', address)
    .executeTakeFirst();
  return row !== undefined;
}

export function rememberAddress(db: Q, operatorId: number, address: string, at: Date) {
  return db
    .insertInto('operator_known_addresses')
    .values({ operator_id: operatorId, address, last_at: at })
    .onConflict((oc) => oc.columns(['operator_id', 'address']).doUpdateSet({ last_at: at }))
    .execute();
}

/** Forgets every sign-in try counted against an account (an owner reset its password). */
export function clearTriesOf(db: Q, email: string) {
  return db
    .deleteFrom('operator_sign_in_tries')
    .where((eb) =>
      eb.or([
        eb('subject', '=', `account:${email}`),
        eb('subject', 'like', `account:${escapeLike(email)}|address:%`),
      ]),
    )
    .execute();
}

export function listOperators(
  db: Q,
  filter: { email?: string; role?: OperatorRole },
  order: { column: 'id' | 'email' | 'role' | 'created_at' | 'last_sign_in_at'; direction: 'asc' | 'desc' },
  window: { offset: number; limit: number },
) {
  let query = db.selectFrom('operators');
  if (filter.email) query = query.where('email', 'like', `%${escapeLike(filter.email.toLowerCase())}%`);
  if (filter.role) query = query.where('role', '=', filter.role);
  return Promise.all([
    query
      .select(OPERATOR_COLUMNS)
      .orderBy(order.column, order.direction)
      .orderBy('id', order.direction)
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]).then(([rows, count]) => ({ rows, total: Number(count.n) }));
}

/** `%` and `_` typed in a filter are the characters themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// ── Sessions ──────────────────────────────────────────────────────────────────

export function insertSession(db: Q, operatorId: number, tokenHash: Buffer, expiresAt: Date) {
  return db
    .insertInto('operator_sessions')
    .values({ operator_id: operatorId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/** A live session and its operator, by the hash of the cookie's token. */
export function findLiveSession(db: Q, tokenHash: Buffer, now: Date) {
  return db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select([
      's.id as sessionId',
      's.created_at as createdAt',
      's.last_seen_at as lastSeenAt',
      'o.id',
      'o.email',
      'o.role',
      'o.disabled',
      'o.totp_secret',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}

export function touchSession(db: Q, sessionId: number, now: Date, expiresAt: Date) {
  return db
    .updateTable('operator_sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

export function endSession(db: Q, tokenHash: Buffer, now: Date) {
  return db
    .updateTable('operator_sessions')
    .set({ ended_at: now })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .execute();
}

/** Every live session of an operator (disabled, role or password changed), but `keep`. */
export function endSessionsOf(db: Q, operatorId: number, now: Date, keep?: number) {
  let query = db
    .updateTable('operator_sessions')
    .set({ ended_at: now })
    .where('operator_id', '=', operatorId)
    .where('ended_at', 'is', null);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  return query.execute();
}
