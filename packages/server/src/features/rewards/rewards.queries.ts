import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { vipExtended } from '../../platform/db/ledger.ts';

// ── Points exchange ──────────────────────────────────────────────────────────

export function listExchangeOptions(db: Db) {
  return db.selectFrom('exchange_options').select(['day', 'point']).orderBy('point').orderBy('id').execute();
}

export function findExchangeOption(db: Db, point: number) {
  return db
    .selectFrom('exchange_options')
    .select(['day', 'point'])
    .where('point', '=', point)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function findPointsAndInvites(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['points', 'invite_count'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The user's balance, held for the rest of the transaction: one spend at a time per account. */
export function lockPoints(db: Db, userId: number) {
  return db.selectFrom('users').select(['points']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** What the ledger says the balance should be: every grant minus every spend. */
export async function ledgerPoints(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger')
    .select(sql<string>`coalesce(sum(points), 0)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Spends points for VIP days from now or the current expiry, whichever is later; returns the new state. */
export function spendPointsForVip(db: Db, userId: number, points: number, days: number, now: Date) {
  return db
    .updateTable('users')
    .set({
      points: sql<number>`points - ${points}::int`,
      vip_expiry: vipExtended(days, now),
    })
    .where('id', '=', userId)
    .returning(['points', 'vip_expiry'])
    .executeTakeFirstOrThrow();
}

// ── Activity codes ───────────────────────────────────────────────────────────

/** A code that works at `now`: not switched off by an operator and not past its expiry. */
export function findActivityCode(db: Db, code: string, now: Date) {
  return db
    .selectFrom('activity_codes')
    .select(['code', 'grant_kind', 'amount'])
    .where('code', '=', code)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

/** False when this account already used the code (also when its other request is still running). */
export async function recordCodeUse(db: Db, code: string, userId: number): Promise<boolean> {
  const row = await db
    .insertInto('activity_code_uses')
    .values({ code, user_id: userId })
    .onConflict((oc) => oc.columns(['code', 'user_id']).doNothing())
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one use of the code if any is left. The row lock of the update makes two accounts racing
 * for the last use wait for each other, and the second sees the limit reached.
 */
export async function takeCodeUse(db: Db, code: string): Promise<boolean> {
  const row = await db
    .updateTable('activity_codes')
    .set({ used_count: sql<number>`used_count + 1` })
    .where('code', '=', code)
    .where(sql<boolean>`used_count < use_limit`)
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

// ── Discount tickets ─────────────────────────────────────────────────────────

/**
 * Tickets the user can use now: neither spent nor expired, and not held by a pending order made
 * after `holdSince` (a buy with it would be refused until that order is paid, fails or expires).
 * Soonest to expire first.
 */
export function liveTickets(db: Db, userId: number, now: Date, holdSince: Date) {
  return db
    .selectFrom('user_tickets')
    .innerJoin('ticket_templates', 'ticket_templates.id', 'user_tickets.template_id')
    .select([
      'user_tickets.id',
      'user_tickets.expires_at',
      'ticket_templates.name',
      'ticket_templates.name_tw',
      'ticket_templates.price_cents',
      'ticket_templates.limit_price_cents',
      'ticket_templates.slogan',
      'ticket_templates.slogan_tw',
    ])
    .where('user_tickets.user_id', '=', userId)
    .where('user_tickets.spent_at', 'is', null)
    .where('user_tickets.expires_at', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders')
            .select('orders.id')
            .whereRef('orders.ticket_id', '=', 'user_tickets.id')
            .where('orders.status', '=', 'pending')
            .where('orders.created_at', '>', holdSince),
        ),
      ),
    )
    .orderBy('user_tickets.expires_at')
    .orderBy('user_tickets.id')
    .execute();
}

/** The highest price of the regular plans (sale pages have their own single plan); null without plans. */
export async function highestPlanPriceCents(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.max('price_cents').as('highest'))
    .where('sale_level', 'is', null)
    .executeTakeFirst();
  return row?.highest === null || row?.highest === undefined ? null : Number(row.highest);
}

// ── Appeals ──────────────────────────────────────────────────────────────────

/** Holds the user row so that two appeals at once cannot both take the 7-day VIP grant. */
export async function lockUser(db: Db, userId: number) {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * True when the account has an order made after `since` that is still unpaid (pending): a buyer
 * whose payment's notify never arrived. Orders the provider could not start (failed) were never
 * payable, and paid ones delivered their VIP.
 */
export async function unpaidOrderSince(db: Db, userId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the stored appeals weigh against the quotas: this account's count and everyone's bytes. */
export async function appealUsage(db: Db, userId: number, since: Date) {
  const [mine, recent, stored] = await Promise.all([
    db
      .selectFrom('appeals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('appeals')
      .select(sql<string>`coalesce(sum(image_bytes), 0)`.as('bytes'))
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('appeals')
      .select(sql<string>`coalesce(sum(image_bytes), 0)`.as('bytes'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    accountCount: Number(mine.count),
    recentBytes: Number(recent.bytes),
    storedBytes: Number(stored.bytes),
  };
}

export async function vipGrantedSince(db: Db, userId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('appeals')
    .select('id')
    .where('user_id', '=', userId)
    .where('vip_granted', '=', true)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's appeals since `since`, newest first, with an operator's decision (index appeals_user_created). */
export function recentAppeals(db: Db, userId: number, since: Date, limit: number) {
  return db
    .selectFrom('appeals')
    .select(['id', 'created_at', 'decision', 'approved_days', 'reject_reason'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function insertAppeal(
  db: Db,
  appeal: {
    userId: number;
    email: string;
    imageFile: string;
    imageType: string;
    imageBytes: number;
    vipGranted: boolean;
  },
) {
  return db
    .insertInto('appeals')
    .values({
      user_id: appeal.userId,
      email: appeal.email,
      image_file: appeal.imageFile,
      image_type: appeal.imageType,
      image_bytes: appeal.imageBytes,
      vip_granted: appeal.vipGranted,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
