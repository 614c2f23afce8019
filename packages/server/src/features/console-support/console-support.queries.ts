import type { AppealListQuery, ReportListQuery, UserLookupField } from '@app/contract/console/support';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

// ── Appeals ──────────────────────────────────────────────────────────────────

function appealsBase(db: Db) {
  return db
    .selectFrom('appeals as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('operators as o', 'o.id', 'a.decided_by');
}

const APPEAL_COLUMNS = [
  'a.id',
  'a.user_id',
  'a.email',
  'u.email as account_email',
  'u.phone as account_phone',
  'a.created_at',
  'a.image_type',
  'a.image_bytes',
  'a.vip_granted',
  'a.decision',
  'a.decided_at',
  'o.email as decided_by_email',
  'a.approved_days',
  'a.reject_reason',
] as const;

/** The queue (pending: index appeals_queue) or the decided ones, newest first by default. */
export async function listAppeals(db: Db, query: AppealListQuery) {
  let base = appealsBase(db);
  if (query.state === 'pending') base = base.where('a.decision', 'is', null);
  else if (query.state !== 'all') base = base.where('a.decision', '=', query.state);
  if (query.userId !== undefined) base = base.where('a.user_id', '=', query.userId);
  const [items, total] = await Promise.all([
    base
      .select(APPEAL_COLUMNS)
      .orderBy('a.created_at', query.order)
      .orderBy('a.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export function findAppeal(db: Db, id: number) {
  return appealsBase(db)
    .select(APPEAL_COLUMNS)
    .select('a.image_file')
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** The appeal held for its decision: of two operators deciding at once, the second sees the first's. */
export function lockAppeal(db: Db, id: number) {
  return db
    .selectFrom('appeals')
    .select(['id', 'user_id', 'decision'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideAppeal(
  db: Db,
  id: number,
  decision: {
    decision: 'approved' | 'rejected';
    operatorId: number;
    at: Date;
    days?: number;
    reason?: string;
  },
): Promise<void> {
  await db
    .updateTable('appeals')
    .set({
      decision: decision.decision,
      decided_at: decision.at,
      decided_by: decision.operatorId,
      approved_days: decision.days ?? null,
      reject_reason: decision.reason ?? null,
    })
    .where('id', '=', id)
    .where('decision', 'is', null)
    .execute();
}

// ── Orders, tickets, check-ins, sessions, ledger of one user ────────────────

const ORDER_LIMIT = 20;

export function ordersOf(db: Db, userId: number, limit = ORDER_LIMIT) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'out_trade_no',
      'name',
      'method',
      'amount_cents',
      'days',
      'bonus_days',
      'status',
      'created_at',
      'paid_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function ticketsOf(db: Db, userId: number) {
  return db
    .selectFrom('user_tickets as t')
    .innerJoin('ticket_templates as tt', 'tt.id', 't.template_id')
    .select(['t.id', 'tt.name', 't.granted_at', 't.expires_at', 't.spent_at'])
    .where('t.user_id', '=', userId)
    .orderBy('t.granted_at', 'desc')
    .limit(20)
    .execute();
}

export function checkinsOf(db: Db, userId: number) {
  return db
    .selectFrom('signins')
    .select([sql<string>`to_char(business_day, 'YYYY-MM-DD')`.as('day'), 'streak'])
    .where('user_id', '=', userId)
    .orderBy('business_day', 'desc')
    .limit(14)
    .execute();
}

export function sessionsOf(db: Db, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'platform', 'created_at', 'last_seen_at', 'ended_at', 'ended_reason'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}

export function ledgerOf(db: Db, userId: number) {
  return db
    .selectFrom('ledger')
    .select(['id', 'kind', 'points', 'vip_days', 'extra_views', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(30)
    .execute();
}

export async function ledgerPoints(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger')
    .select(sql<string>`coalesce(sum(points), 0)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// ── Users ────────────────────────────────────────────────────────────────────

const USER_COLUMNS = [
  'id',
  'email',
  'phone',
  'invite_code',
  'created_at',
  'vip_expiry',
  'points',
  'banned_at',
  'ban_reason',
  'paid_orders',
  'invite_count',
] as const;

/** Each field has its unique index (primary key, users_email_key, users_phone_key, invite_code). */
export function lookUpUsers(db: Db, field: UserLookupField, value: string | number) {
  const column = ({ id: 'id', email: 'email', phone: 'phone', invite: 'invite_code' } as const)[field];
  return db.selectFrom('users').select(USER_COLUMNS).where(column, '=', value).limit(1).execute();
}

export function findUser(db: Db, userId: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

/** The user row held for a grant, removal or ban, so the audit's before is what the change replaced. */
export function lockUser(db: Db, userId: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function setBan(db: Db, userId: number, ban: { at: Date; reason: string } | null) {
  await db
    .updateTable('users')
    .set({ banned_at: ban?.at ?? null, ban_reason: ban?.reason ?? null })
    .where('id', '=', userId)
    .execute();
}

export async function takePoints(db: Db, userId: number, points: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ points: sql<number>`points - ${points}::int` })
    .where('id', '=', userId)
    .execute();
}

// ── Video reports ────────────────────────────────────────────────────────────

function reportsBase(db: Db) {
  return db.selectFrom('video_reports as r').innerJoin('videos as v', 'v.id', 'r.video_id');
}

const REPORT_COLUMNS = [
  'r.id',
  'r.video_id',
  'v.avkey',
  'v.type as video_type',
  'v.title_cn',
  'v.title',
  'v.unpublished_at',
  'r.user_id',
  'r.report_type',
  'r.report_content',
  'r.device_os',
  'r.img_host',
  'r.stream_host',
  'r.created_at',
  'r.resolved_at',
  'r.resolution',
] as const;

/** Open reports (index video_reports_queue) or resolved ones, newest first by default. */
export async function listReports(db: Db, query: ReportListQuery) {
  let base = reportsBase(db);
  if (query.state === 'open') base = base.where('r.resolved_at', 'is', null);
  else if (query.state === 'resolved') base = base.where('r.resolved_at', 'is not', null);
  const [items, total] = await Promise.all([
    base
      .select(REPORT_COLUMNS)
      .orderBy('r.created_at', query.order)
      .orderBy('r.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export function lockReport(db: Db, id: number) {
  return reportsBase(db).select(REPORT_COLUMNS).where('r.id', '=', id).forUpdate('r').executeTakeFirst();
}

export function findReport(db: Db, id: number) {
  return reportsBase(db).select(REPORT_COLUMNS).where('r.id', '=', id).executeTakeFirst();
}

export async function resolveReports(
  db: Db,
  where: { id: number } | { videoId: number },
  resolution: { at: Date; operatorId: number; resolution: 'resolved' | 'unpublished' },
): Promise<void> {
  await db
    .updateTable('video_reports')
    .set({
      resolved_at: resolution.at,
      resolved_by: resolution.operatorId,
      resolution: resolution.resolution,
    })
    .where('id' in where ? 'id' : 'video_id', '=', 'id' in where ? where.id : where.videoId)
    .where('resolved_at', 'is', null)
    .execute();
}

/** Out of the app at `at` (its lists, search and play page), or back in with null; a no-op when already so. */
export async function setVideoUnpublished(db: Db, videoId: number, at: Date | null): Promise<void> {
  await db
    .updateTable('videos')
    .set({ unpublished_at: at })
    .where('id', '=', videoId)
    .where('unpublished_at', at ? 'is' : 'is not', null)
    .execute();
}
