import type { ActivityCodeListQuery, ActivityCodeState, CheckinReward } from '@app/contract/console/rewards';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

// ── Activity codes ───────────────────────────────────────────────────────────

const CODE_COLUMNS = [
  'code',
  'grant_kind',
  'amount',
  'use_limit',
  'used_count',
  'created_at',
  'expires_at',
  'disabled_at',
] as const;

/** The state filter as SQL at `now`: switched off wins over lapsed, lapsed over used up. */
function stateCondition(state: ActivityCodeState, now: Date): Expression<SqlBool> {
  const lapsed = sql<SqlBool>`(expires_at is not null and expires_at <= ${now})`;
  switch (state) {
    case 'disabled':
      return sql<SqlBool>`disabled_at is not null`;
    case 'expired':
      return sql<SqlBool>`disabled_at is null and ${lapsed}`;
    case 'used_up':
      return sql<SqlBool>`disabled_at is null and not ${lapsed} and used_count >= use_limit`;
    case 'active':
      return sql<SqlBool>`disabled_at is null and not ${lapsed} and used_count < use_limit`;
  }
}

export async function listActivityCodes(db: Db, query: ActivityCodeListQuery, now: Date) {
  let base = db.selectFrom('activity_codes');
  if (query.state) base = base.where(stateCondition(query.state, now));
  if (query.q) base = base.where('code', 'like', `${query.q.toUpperCase()}%`);
  const [items, total] = await Promise.all([
    base
      .select(CODE_COLUMNS)
      .orderBy(query.sort, query.order)
      .orderBy('code', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export function findActivityCode(db: Db, code: string) {
  return db.selectFrom('activity_codes').select(CODE_COLUMNS).where('code', '=', code).executeTakeFirst();
}

/** False when the code exists already (codes are the table's key). */
export async function insertActivityCode(
  db: Db,
  code: { code: string; grantKind: string; amount: number; useLimit: number; expiresAt: Date; now: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('activity_codes')
    .values({
      code: code.code,
      grant_kind: code.grantKind,
      amount: code.amount,
      use_limit: code.useLimit,
      expires_at: code.expiresAt,
      created_at: code.now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the code's row for a change (disable) so the before written to the audit log is exact. */
export function lockActivityCode(db: Db, code: string) {
  return db
    .selectFrom('activity_codes')
    .select(CODE_COLUMNS)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

export function disableActivityCode(db: Db, code: string, now: Date) {
  return db
    .updateTable('activity_codes')
    .set({ disabled_at: now })
    .where('code', '=', code)
    .returning(CODE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Who redeemed a code, newest first (index activity_code_uses_code). */
export async function listRedemptions(
  db: Db,
  code: string,
  window: { offset: number; limit: number; order: 'asc' | 'desc' },
) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('activity_code_uses as u')
      .innerJoin('users', 'users.id', 'u.user_id')
      .select(['u.user_id', 'u.used_at', 'users.invite_code', 'users.email', 'users.phone'])
      .where('u.code', '=', code)
      .orderBy('u.used_at', window.order)
      .orderBy('u.user_id', window.order)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom('activity_code_uses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('code', '=', code)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

// ── Check-in rewards ─────────────────────────────────────────────────────────

export function listCheckinRewards(db: Db) {
  return db
    .selectFrom('signin_rewards')
    .select(['day', 'icon', 'amount', 'details', 'details_tw', 'ticket_template_id'])
    .orderBy('day')
    .execute();
}

export function listTicketTemplates(db: Db) {
  return db.selectFrom('ticket_templates').select(['id', 'name']).orderBy('id').execute();
}

export async function ticketTemplateExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('ticket_templates').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** All seven days at once (the cycle's rows are keyed by day): the old rows go, the new ones come. */
export async function replaceCheckinRewards(
  db: Db,
  rewards: (CheckinReward & { detailsTw: string })[],
): Promise<void> {
  await db.deleteFrom('signin_rewards').execute();
  await db
    .insertInto('signin_rewards')
    .values(
      rewards.map((reward) => ({
        day: reward.day,
        icon: reward.icon,
        amount: reward.amount,
        details: reward.details,
        details_tw: reward.detailsTw,
        ticket_template_id: reward.icon === 'discost' ? reward.ticketTemplateId : null,
      })),
    )
    .execute();
}

// ── Exchange options ─────────────────────────────────────────────────────────

export function listExchangeOptions(db: Db) {
  return db
    .selectFrom('exchange_options')
    .select(['id', 'day', 'point'])
    .orderBy('point')
    .orderBy('id')
    .execute();
}

export async function replaceExchangeOptions(
  db: Db,
  options: { day: number; point: number }[],
): Promise<void> {
  await db.deleteFrom('exchange_options').execute();
  await db.insertInto('exchange_options').values(options).execute();
}

/** Serialises the writers of a whole list (check-in days, exchange options): one edit at a time. */
export async function lockTable(db: Db, table: 'signin_rewards' | 'exchange_options'): Promise<void> {
  await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(db);
}
