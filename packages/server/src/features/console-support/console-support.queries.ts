import type {
  AppealListQuery,
  ReportListQuery,
  UserBrowseQuery,
  UserLookupField,
} from '@app/contract/console/support';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
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
      'name_tw',
      'method',
      'method_tw',
      'amount_cents',
      'days',
      'bonus_days',
      'status',
      'created_at',
      'paid_at',
      'refunded_at',
      'refund_reason',
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
    .select(['id', 'kind', 'points', 'vip_days', 'extra_views', 'reason', 'grant_key', 'created_at'])
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

/** `%`, `_` and `\` of a typed text match themselves in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The browse list's filter and search as one condition (issue 37 §16). */
function browseWhere(query: UserBrowseQuery, now: Date) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const conditions = [];
    if (query.filter === 'vip') conditions.push(eb('vip_expiry', '>', now));
    else if (query.filter === 'banned') conditions.push(eb('banned_at', 'is not', null));
    else if (query.filter === 'guest')
      conditions.push(eb.and([eb('email', 'is', null), eb('phone', 'is', null)]));
    else if (query.filter === 'bound')
      conditions.push(eb.or([eb('email', 'is not', null), eb('phone', 'is not', null)]));
    const q = query.q;
    if (q) {
      const either = [eb('email', 'like', `${likeEscaped(q.toLowerCase())}%`)];
      if (/^[0-9]{1,15}$/.test(q)) either.push(eb('id', '=', Number(q)));
      if (/^\+?[0-9][0-9 -]{3,30}$/.test(q))
        either.push(eb('phone', '=', q.replace(/\s/g, '').replace(/^\+/, '')));
      if (/^[A-Za-z0-9]{4,16}$/.test(q)) either.push(eb('invite_code', '=', q.toUpperCase()));
      conditions.push(eb.or(either));
    }
    return eb.and(conditions);
  };
}

const BROWSE_SORT = { id: 'id', vipExpiry: 'vip_expiry', points: 'points', bannedAt: 'banned_at' } as const;

/** One page of accounts in the chosen order (id breaks ties; accounts without the value last). */
export function browseUsers(db: Db, query: UserBrowseQuery, now: Date) {
  const column = BROWSE_SORT[query.sort];
  let page = db.selectFrom('users').select(USER_COLUMNS).where(browseWhere(query, now));
  // Never-VIP and never-banned accounts have no value to order by: they are not what such a sort looks for.
  if (column === 'vip_expiry' || column === 'banned_at') page = page.where(column, 'is not', null);
  if (column !== 'id') page = page.orderBy(column, query.order);
  return page
    .orderBy('id', query.order)
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize)
    .execute();
}

/** How many accounts match, counted no further than `ceiling` (a count of millions is not read). */
export async function countBrowsedUsers(db: Db, query: UserBrowseQuery, now: Date, ceiling: number) {
  const column = BROWSE_SORT[query.sort];
  let matches = db
    .selectFrom('users')
    .select(sql`1`.as('one'))
    .where(browseWhere(query, now));
  if (column === 'vip_expiry' || column === 'banned_at') matches = matches.where(column, 'is not', null);
  const row = await db
    .selectFrom(matches.limit(ceiling).as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
