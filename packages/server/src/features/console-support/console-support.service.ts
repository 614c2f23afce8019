import type {
  AppealListQuery,
  ConsoleAppeal,
  ConsoleOrder,
  ConsoleReport,
  ReportListQuery,
  UserBrowseQuery,
  UserDetail,
  UserLookupField,
  UserSummary,
} from '@app/contract/console/support';
import { USER_COUNT_CEILING } from '@app/contract/console/support';
import { bumpCacheVersion } from '../../platform/cache-versions.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { addPoints, extendVip, recordGrant, shortenVip } from '../../platform/db/ledger.ts';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { consoleFail } from '../console/console-errors.ts';
import type { Operator } from '../console-rewards/console-rewards.service.ts';
import { recordAudit } from '../operators/audit.ts';
import { appealFilesOf } from '../rewards/appeal-files.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from '../user/user.service.ts';
import * as queries from './console-support.queries.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;
/** Approving an appeal of a buyer without a pending order still gives something sensible: a day. */
const DEFAULT_APPEAL_DAYS = 1;

type AppealRow = Awaited<ReturnType<typeof queries.listAppeals>>['items'][number];
type ReportRow = Awaited<ReturnType<typeof queries.listReports>>['items'][number];
type UserRow = NonNullable<Awaited<ReturnType<typeof queries.findUser>>>;
type OrderRow = Awaited<ReturnType<typeof queries.ordersOf>>[number];

function appealView(row: AppealRow): ConsoleAppeal {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    accountEmail: row.account_email,
    accountPhone: row.account_phone,
    createdAt: row.created_at.toISOString(),
    imageType: row.image_type,
    imageBytes: row.image_bytes,
    autoVip: row.vip_granted,
    state: row.decision ?? 'pending',
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by_email,
    approvedDays: row.approved_days,
    rejectReason: row.reject_reason,
  };
}

function orderView(row: OrderRow): ConsoleOrder {
  return {
    id: row.id,
    outTradeNo: row.out_trade_no,
    name: row.name,
    nameTw: row.name_tw,
    method: row.method,
    methodTw: row.method_tw,
    amountCents: row.amount_cents,
    days: row.days,
    bonusDays: row.bonus_days,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    paidAt: iso(row.paid_at),
    refundedAt: iso(row.refunded_at),
    refundReason: row.refund_reason,
  };
}

function reportView(row: ReportRow): ConsoleReport {
  return {
    id: row.id,
    videoId: row.video_id,
    avkey: row.avkey,
    videoType: row.video_type,
    videoTitle: row.title_cn || row.title,
    videoUnpublished: row.unpublished_at !== null,
    videoPath: `/${row.video_type === 'long' ? 'long' : 'short'}/play/${row.avkey}`,
    userId: row.user_id,
    reportType: row.report_type,
    reportContent: row.report_content,
    deviceOs: row.device_os,
    imgHost: row.img_host,
    streamHost: row.stream_host,
    createdAt: row.created_at.toISOString(),
    resolvedAt: iso(row.resolved_at),
    resolution: row.resolution,
  };
}

function userView(row: UserRow, now: Date): UserSummary {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    inviteCode: row.invite_code,
    createdAt: row.created_at.toISOString(),
    vipExpiry: iso(row.vip_expiry),
    vip: row.vip_expiry !== null && row.vip_expiry > now,
    points: row.points,
    bannedAt: iso(row.banned_at),
  };
}

/** What the audit log keeps of an account before and after a change. */
function auditedUser(row: UserRow) {
  return {
    vipExpiry: iso(row.vip_expiry),
    points: row.points,
    bannedAt: iso(row.banned_at),
    banReason: row.ban_reason,
  };
}

/**
 * Console §5 Support. Grants and removals are ledger rows (platform/db/ledger.ts) written in the
 * transaction that applies them, under a key that makes each happen once; every change is audited
 * in the same transaction. The process's own cached user and session rows are dropped after commit
 * (other processes hear the database's notifications).
 */
export function createConsoleSupportService(ctx: AppContext, users: UserService, sessions: SessionService) {
  const { db } = ctx;
  const forgetUser = (userId: number) => users.userRows.drop(String(userId));

  async function appealById(on: Db, id: number): Promise<ConsoleAppeal> {
    const row = await queries.findAppeal(on, id);
    if (!row) consoleFail(404, 'not_found');
    return appealView(row);
  }

  async function lockedUser(trx: Db, userId: number) {
    const row = await queries.lockUser(trx, userId);
    if (!row) consoleFail(404, 'not_found');
    return row;
  }

  async function userAfter(trx: Db, userId: number) {
    const row = await queries.findUser(trx, userId);
    if (!row) consoleFail(404, 'not_found');
    return row;
  }

  return {
    async listAppeals(query: AppealListQuery) {
      const { items, total } = await queries.listAppeals(db, query);
      return { items: items.map(appealView), total };
    },

    /** An appeal with the user's orders; an approval gives the newest pending order's days by default. */
    async appeal(id: number) {
      const appeal = await appealById(db, id);
      const orders = (await queries.ordersOf(db, appeal.userId)).map(orderView);
      const pending = orders.find((order) => order.status === 'pending');
      return {
        appeal,
        orders,
        suggestedDays: pending ? pending.days + pending.bonusDays : DEFAULT_APPEAL_DAYS,
      };
    },

    /** The screenshot's bytes and type (checked by content when it was taken in). */
    async appealImage(id: number): Promise<{ bytes: Buffer; type: string }> {
      const row = await queries.findAppeal(db, id);
      if (!row) consoleFail(404, 'not_found');
      const bytes = await appealFilesOf(ctx.config).read(row.image_file);
      if (!bytes) consoleFail(404, 'not_found');
      return { bytes, type: row.image_type };
    },

    /**
     * VIP days through the ledger under the key `appeal_approve:<id>`: a second approval (or two at
     * once) finds the appeal decided (409) and, were it to get past that, the key would refuse it.
     */
    async approveAppeal(operator: Operator, id: number, days: number): Promise<ConsoleAppeal> {
      const now = ctx.now();
      const { appeal, userId } = await db.transaction().execute(async (trx) => {
        const locked = await queries.lockAppeal(trx, id);
        if (!locked) consoleFail(404, 'not_found');
        if (locked.decision) consoleFail(409, 'console_appeal_decided');
        const before = await appealById(trx, id);
        const granted = await recordGrant(trx, {
          userId: locked.user_id,
          kind: 'appeal_approved',
          vipDays: days,
          // No English "appeal 12" as a reason: the kind says it was an approved appeal, in words.
          key: `appeal_approve:${id}`,
        });
        if (!granted) consoleFail(409, 'console_appeal_decided');
        await extendVip(trx, locked.user_id, days, now);
        await queries.decideAppeal(trx, id, { decision: 'approved', operatorId: operator.id, at: now, days });
        const after = await appealById(trx, id);
        await recordAudit(trx, operator, { action: 'appeal.approve', target: `appeal:${id}`, before, after });
        return { appeal: after, userId: locked.user_id };
      });
      forgetUser(userId);
      return appeal;
    },

    /** The reason is what the user reads on the app's orders page. */
    async rejectAppeal(operator: Operator, id: number, reason: string): Promise<ConsoleAppeal> {
      const now = ctx.now();
      return db.transaction().execute(async (trx) => {
        const locked = await queries.lockAppeal(trx, id);
        if (!locked) consoleFail(404, 'not_found');
        if (locked.decision) consoleFail(409, 'console_appeal_decided');
        const before = await appealById(trx, id);
        await queries.decideAppeal(trx, id, {
          decision: 'rejected',
          operatorId: operator.id,
          at: now,
          reason,
        });
        const after = await appealById(trx, id);
        await recordAudit(trx, operator, { action: 'appeal.reject', target: `appeal:${id}`, before, after });
        return after;
      });
    },

    async listReports(query: ReportListQuery) {
      const { items, total } = await queries.listReports(db, query);
      return { items: items.map(reportView), total };
    },

    async resolveReport(operator: Operator, id: number): Promise<ConsoleReport> {
      const now = ctx.now();
      return db.transaction().execute(async (trx) => {
        const row = await queries.lockReport(trx, id);
        if (!row) consoleFail(404, 'not_found');
        if (row.resolved_at) consoleFail(409, 'console_report_resolved');
        const before = reportView(row);
        await queries.resolveReports(
          trx,
          { id },
          { at: now, operatorId: operator.id, resolution: 'resolved' },
        );
        const after = reportView((await queries.findReport(trx, id))!);
        await recordAudit(trx, operator, { action: 'report.resolve', target: `report:${id}`, before, after });
        return after;
      });
    },

    /**
     * The reported video leaves every list and its page answers 404; every open report of it is
     * resolved with it. Cached lists are dropped here and, through the cache version, elsewhere.
     */
    async unpublishReportedVideo(operator: Operator, id: number): Promise<ConsoleReport> {
      const now = ctx.now();
      const report = await db.transaction().execute(async (trx) => {
        const row = await queries.lockReport(trx, id);
        if (!row) consoleFail(404, 'not_found');
        if (row.unpublished_at) consoleFail(409, 'console_video_unpublished');
        const before = reportView(row);
        await queries.setVideoUnpublished(trx, row.video_id, now);
        await queries.resolveReports(
          trx,
          { videoId: row.video_id },
          { at: now, operatorId: operator.id, resolution: 'unpublished' },
        );
        const after = reportView((await queries.findReport(trx, id))!);
        await recordAudit(trx, operator, {
          action: 'video.unpublish',
          target: `video:${row.video_id}`,
          before,
          after,
        });
        await bumpCacheVersion(trx, CATALOGUE_TOPIC);
        return after;
      });
      ctx.cache.invalidate(CATALOGUE_TOPIC);
      return report;
    },

    /**
     * Undoes a report's unpublishing from the queue where it was done (support has no catalogue
     * section): the video is back in every list and its page plays again. The reports stay
     * resolved, as decided then; the audit entry says who brought the video back.
     */
    async republishReportedVideo(operator: Operator, id: number): Promise<ConsoleReport> {
      const report = await db.transaction().execute(async (trx) => {
        const row = await queries.lockReport(trx, id);
        if (!row) consoleFail(404, 'not_found');
        if (row.resolution !== 'unpublished') consoleFail(409, 'console_report_not_unpublished');
        if (!row.unpublished_at) consoleFail(409, 'console_video_published');
        const before = reportView(row);
        await queries.setVideoUnpublished(trx, row.video_id, null);
        const after = reportView((await queries.findReport(trx, id))!);
        await recordAudit(trx, operator, {
          action: 'video.publish',
          target: `video:${row.video_id}`,
          before,
          after,
        });
        await bumpCacheVersion(trx, CATALOGUE_TOPIC);
        return after;
      });
      ctx.cache.invalidate(CATALOGUE_TOPIC);
      return report;
    },

    async lookUp(field: UserLookupField, value: string): Promise<UserSummary[]> {
      const now = ctx.now();
      let key: string | number;
      if (field === 'id') {
        // Ids are digits; anything else finds nobody (the column is a number).
        if (!/^[0-9]{1,15}$/.test(value)) return [];
        key = Number(value);
      } else if (field === 'email') key = value.toLowerCase();
      // Phones are stored without "+" or separators ("86-139…" keeps its one dash).
      else if (field === 'phone') key = value.replace(/\s/g, '').replace(/^\+/, '');
      else key = value.toUpperCase();
      return (await queries.lookUpUsers(db, field, key)).map((row) => userView(row, now));
    },

    /** Accounts a page at a time (issue 37 §16); the total is exact up to USER_COUNT_CEILING. */
    async browse(query: UserBrowseQuery) {
      const now = ctx.now();
      const offset = (query.page - 1) * query.pageSize;
      const ceiling = Math.max(USER_COUNT_CEILING, offset + query.pageSize + 1);
      const [rows, total] = await Promise.all([
        queries.browseUsers(db, query, now),
        queries.countBrowsedUsers(db, query, now, ceiling),
      ]);
      return { items: rows.map((row) => userView(row, now)), total, totalExact: total < ceiling };
    },

    async user(userId: number): Promise<UserDetail> {
      const now = ctx.now();
      const row = await queries.findUser(db, userId);
      if (!row) consoleFail(404, 'not_found');
      const [orders, tickets, checkins, sessionRows, ledger, ledgerPoints] = await Promise.all([
        queries.ordersOf(db, userId),
        queries.ticketsOf(db, userId),
        queries.checkinsOf(db, userId),
        queries.sessionsOf(db, userId),
        queries.ledgerOf(db, userId),
        queries.ledgerPoints(db, userId),
      ]);
      // An order's grant and its refund name the order they belong to by its number.
      const orderIds = ledger
        .map((entry) => /^(?:order|refund):([0-9]{1,15})$/.exec(entry.grant_key)?.[1])
        .filter((id): id is string => id !== undefined)
        .map(Number);
      const orderNumbers = new Map(
        orderIds.length === 0
          ? []
          : (
              await db
                .selectFrom('orders')
                .select(['id', 'out_trade_no'])
                .where('id', 'in', orderIds)
                .execute()
            ).map((order) => [order.id, order.out_trade_no]),
      );
      return {
        user: {
          ...userView(row, now),
          banReason: row.ban_reason,
          paidOrders: row.paid_orders,
          inviteCount: row.invite_count,
          ledgerPoints,
        },
        orders: orders.map(orderView),
        tickets: tickets.map((ticket) => ({
          id: ticket.id,
          name: ticket.name,
          grantedAt: ticket.granted_at.toISOString(),
          expiresAt: ticket.expires_at.toISOString(),
          spentAt: iso(ticket.spent_at),
        })),
        checkins,
        sessions: sessionRows.map((session) => ({
          id: session.id,
          platform: session.platform,
          createdAt: session.created_at.toISOString(),
          lastSeenAt: session.last_seen_at.toISOString(),
          endedAt: iso(session.ended_at),
          endedReason: session.ended_reason,
        })),
        ledger: ledger.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          points: entry.points,
          vipDays: entry.vip_days,
          extraViews: entry.extra_views,
          reason: entry.reason,
          orderNo:
            orderNumbers.get(Number(/^(?:order|refund):([0-9]{1,15})$/.exec(entry.grant_key)?.[1])) ?? null,
          createdAt: entry.created_at.toISOString(),
        })),
      };
    },

    /** VIP days given or taken back; the form's request id keys the ledger row (once per submission). */
    async grantVip(
      operator: Operator,
      userId: number,
      body: { days: number; reason: string; requestId: string },
    ) {
      const now = ctx.now();
      const after = await db.transaction().execute(async (trx) => {
        const before = await lockedUser(trx, userId);
        const recorded = await recordGrant(trx, {
          userId,
          kind: body.days > 0 ? 'console_vip_grant' : 'console_vip_removal',
          vipDays: body.days,
          key: `console_vip:${body.requestId}`,
          reason: body.reason,
        });
        if (!recorded) consoleFail(409, 'console_already_applied');
        if (body.days > 0) await extendVip(trx, userId, body.days, now);
        else await shortenVip(trx, userId, -body.days, now);
        const changed = await userAfter(trx, userId);
        await recordAudit(trx, operator, {
          action: body.days > 0 ? 'user.vip_grant' : 'user.vip_remove',
          target: `user:${userId}`,
          before: auditedUser(before),
          after: { ...auditedUser(changed), days: body.days, reason: body.reason },
        });
        return changed;
      });
      forgetUser(userId);
      return userView(after, now);
    },

    /** Points given or taken back (never below zero: 409), each a ledger row the exchange accounts for. */
    async grantPoints(
      operator: Operator,
      userId: number,
      body: { points: number; reason: string; requestId: string },
    ) {
      const now = ctx.now();
      const after = await db.transaction().execute(async (trx) => {
        const before = await lockedUser(trx, userId);
        if (before.points + body.points < 0)
          consoleFail(409, 'console_points_not_enough', { points: 'console_points_not_enough' });
        const recorded = await recordGrant(trx, {
          userId,
          kind: body.points > 0 ? 'console_points_grant' : 'console_points_removal',
          points: body.points,
          key: `console_points:${body.requestId}`,
          reason: body.reason,
        });
        if (!recorded) consoleFail(409, 'console_already_applied');
        if (body.points > 0) await addPoints(trx, userId, body.points);
        else await queries.takePoints(trx, userId, -body.points);
        const changed = await userAfter(trx, userId);
        await recordAudit(trx, operator, {
          action: body.points > 0 ? 'user.points_grant' : 'user.points_remove',
          target: `user:${userId}`,
          before: auditedUser(before),
          after: {
            ...auditedUser(changed),
            points: changed.points,
            change: body.points,
            reason: body.reason,
          },
        });
        return changed;
      });
      forgetUser(userId);
      return userView(after, now);
    },

    /** Every session ends (the phone is asked to sign in again) and the launch codes go. */
    async endSessions(operator: Operator, userId: number) {
      const ended = await db.transaction().execute(async (trx) => {
        await lockedUser(trx, userId);
        const tokens = await sessions.endAllSessions(trx, userId, 'ended_by_operator');
        await recordAudit(trx, operator, {
          action: 'user.end_sessions',
          target: `user:${userId}`,
          before: { liveSessions: tokens.length },
          after: { liveSessions: 0 },
        });
        return tokens;
      });
      sessions.forgetEnded(ended);
      return { ended: ended.length };
    },

    /** Banned: sessions and launch codes end, the phone is told why (403 account_banned), sign-in refused. */
    async ban(operator: Operator, userId: number, reason: string) {
      const now = ctx.now();
      const { after, ended } = await db.transaction().execute(async (trx) => {
        const before = await lockedUser(trx, userId);
        if (before.banned_at) consoleFail(409, 'console_user_banned');
        await queries.setBan(trx, userId, { at: now, reason });
        const tokens = await sessions.endAllSessions(trx, userId, 'banned');
        const changed = await userAfter(trx, userId);
        await recordAudit(trx, operator, {
          action: 'user.ban',
          target: `user:${userId}`,
          before: auditedUser(before),
          after: { ...auditedUser(changed), sessionsEnded: tokens.length },
        });
        return { after: changed, ended: tokens };
      });
      sessions.forgetEnded(ended);
      forgetUser(userId);
      return userView(after, now);
    },

    async unban(operator: Operator, userId: number) {
      const now = ctx.now();
      const after = await db.transaction().execute(async (trx) => {
        const before = await lockedUser(trx, userId);
        if (!before.banned_at) consoleFail(409, 'console_user_not_banned');
        await queries.setBan(trx, userId, null);
        const changed = await userAfter(trx, userId);
        await recordAudit(trx, operator, {
          action: 'user.unban',
          target: `user:${userId}`,
          before: auditedUser(before),
          after: auditedUser(changed),
        });
        return changed;
      });
      forgetUser(userId);
      return userView(after, now);
    },
  };
}

export type ConsoleSupportService = ReturnType<typeof createConsoleSupportService>;
