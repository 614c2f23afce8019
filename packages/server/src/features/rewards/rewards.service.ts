import crypto from 'node:crypto';
import {
  APPEAL_SHOWN_DAYS,
  APPEAL_SHOWN_MAX,
  APPEAL_VIP_DAYS,
  APPEAL_VIP_EVERY_DAYS,
  Status,
  TICKET_HOLD_MINUTES,
  type ActivityGrantKind,
  type ActivityResult,
  type AppealImageType,
  type AppealResult,
  type AppealView,
  type ExchangeList,
  type ExchangeResult,
  type Locale,
  type Ticket,
  type TicketListType,
} from '@app/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { textIn, toTraditional } from '../../platform/script.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import type { UserService } from '../user/user.service.ts';
import { appealFilesOf } from './appeal-files.ts';
import { IMAGE_EXTENSIONS } from './appeal-image.ts';
import { addPoints, extendVip, recordGrant } from '../../platform/db/ledger.ts';
import * as queries from './rewards.queries.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const CENTS_PER_YUAN = 100;

export { appealsDir } from './appeal-files.ts';

export function createRewardsService(ctx: AppContext, users: UserService, appInfo: AppInfoService) {
  const { db } = ctx;
  /** The process's own change must show in user info at once; other processes hear the notification. */
  const forgetUserRow = (userId: number) => users.userRows.drop(String(userId));

  /**
   * Whether the account may send an appeal now, before its image is read (the route asks first,
   * so a refused upload is never taken in): 403 `appeal_daily_limit` past the account's appeals
   * of the last 24 hours, 403 `appeal_busy` when everyone's screenshots of the last 24 hours or
   * all stored ones reach their ceiling.
   */
  async function checkAppealQuota(userId: number, imageBytes = 0, at: Date = new Date(), on: Db = db) {
    const quota = ctx.config.appeals;
    const usage = await queries.appealUsage(on, userId, new Date(at.getTime() - DAY_MS));
    if (usage.accountCount >= quota.perAccountPerDay) fail(Status.refused, 'appeal_daily_limit');
    const incoming = Math.max(imageBytes, 1);
    if (usage.recentBytes + incoming > quota.dailyBytes || usage.storedBytes + incoming > quota.storageBytes)
      fail(Status.refused, 'appeal_busy');
  }

  return {
    /** GET /v2/shop/exchange/list: the options with the balance and invite count the page shows. */
    async exchangeList(userId: number): Promise<ExchangeList> {
      const [options, user] = await Promise.all([
        queries.listExchangeOptions(db),
        queries.findPointsAndInvites(db, userId),
      ]);
      if (!user) notFound();
      return { result: options, points: user.points, invite_count: user.invite_count };
    },

    /**
     * POST /v2/shop/exchange: `point` names an option; its days of VIP are added from now or the
     * current expiry, whichever is later, and the points spent, with the spend in the ledger, all
     * in one transaction holding the user row. A balance the ledger does not account for is an
     * abnormal points source (403): points reached the account other than through a recorded grant.
     */
    async exchange(userId: number, point: number): Promise<ExchangeResult> {
      const option = await queries.findExchangeOption(db, point);
      if (!option) fail(Status.invalid, 'exchange_option_unknown');
      const result = await db.transaction().execute(async (trx) => {
        const user = await queries.lockPoints(trx, userId);
        if (!user) notFound();
        if (user.points > (await queries.ledgerPoints(trx, userId)))
          fail(Status.refused, 'points_source_abnormal');
        if (user.points < option.point) fail(Status.conflict, 'points_not_enough');
        const now = new Date();
        const after = await queries.spendPointsForVip(trx, userId, option.point, option.day, now);
        await recordGrant(trx, {
          userId,
          kind: 'exchange',
          points: -option.point,
          vipDays: option.day,
          key: `exchange:${userId}:${crypto.randomUUID()}`,
        });
        return after;
      });
      forgetUserRow(userId);
      return {
        points: result.points,
        expiry: Math.floor((result.vip_expiry?.getTime() ?? 0) / 1000),
      };
    },

    /**
     * POST /v1/user/exchange: an activity code, once per account, while uses are left. The use row,
     * the count and the grant commit together, so a refused use leaves nothing behind. A code an
     * operator switched off, or past its expiry, is no code any more (401, like an unknown one).
     */
    async redeemActivityCode(userId: number, code: string): Promise<ActivityResult> {
      const found = await queries.findActivityCode(db, code, ctx.now());
      if (!found) fail(Status.invalid, 'activity_code_invalid');
      const kind = found.grant_kind as ActivityGrantKind;
      await db.transaction().execute(async (trx) => {
        if (!(await queries.recordCodeUse(trx, found.code, userId))) fail(Status.conflict, 'code_used');
        if (!(await queries.takeCodeUse(trx, found.code))) fail(Status.refused, 'code_used_up');
        const key = `activity:${found.code}:${userId}`;
        if (kind === 'point') {
          if (await recordGrant(trx, { userId, kind: 'activity_point', points: found.amount, key }))
            await addPoints(trx, userId, found.amount);
        } else if (await recordGrant(trx, { userId, kind: 'activity_vip', vipDays: found.amount, key })) {
          await extendVip(trx, userId, found.amount, new Date());
        }
      });
      forgetUserRow(userId);
      return { grant_kind: kind, amount: found.amount };
    },

    /**
     * GET /v2/shop/cash_discost: live tickets (unspent, unexpired, not held by a pending order),
     * soonest to expire first. For
     * `pay` only those some regular plan can take, and none while the cash desk is under
     * maintenance: then no checkout can use a ticket.
     */
    async tickets(userId: number, type: TicketListType, locale: Locale): Promise<Ticket[]> {
      const now = new Date();
      const holdSince = new Date(now.getTime() - TICKET_HOLD_MINUTES * MINUTE_MS);
      const rows = await queries.liveTickets(db, userId, now, holdSince);
      let usable = rows;
      if (type === 'pay') {
        const [info, highest] = await Promise.all([appInfo.stored(), queries.highestPlanPriceCents(db)]);
        usable =
          info.cash.maintain || highest === null
            ? []
            : rows.filter((row) => row.limit_price_cents <= highest);
      }
      return usable.map((row) => ({
        id: row.id,
        name: textIn(locale, row.name, row.name_tw),
        price: row.price_cents / CENTS_PER_YUAN,
        limit_price: row.limit_price_cents / CENTS_PER_YUAN,
        slogan: textIn(locale, row.slogan, row.slogan_tw),
        expire_time: Math.floor(row.expires_at.getTime() / 1000),
      }));
    },

    checkAppealQuota,

    /**
     * GET /v1/shop/appeals: the account's recent appeals and what an operator decided (orders page).
     * The operator writes the reason in Simplified; a zh-TW reader gets it in Traditional.
     */
    async appeals(userId: number, locale: Locale): Promise<AppealView[]> {
      const since = new Date(ctx.now().getTime() - APPEAL_SHOWN_DAYS * DAY_MS);
      const rows = await queries.recentAppeals(db, userId, since, APPEAL_SHOWN_MAX);
      return rows.map((row) => ({
        id: row.id,
        create_time: Math.floor(row.created_at.getTime() / 1000),
        state: row.decision ?? 'pending',
        days: row.approved_days ?? 0,
        reason: locale === 'tw' ? toTraditional(row.reject_reason ?? '') : (row.reject_reason ?? ''),
      }));
    },

    /**
     * POST /v1/shop/report: under the account's row lock, the quotas are checked with this image's
     * size, the appeal row written and the screenshot stored privately; a refusal or a failure
     * leaves no file behind. The day of VIP is for the buyer whose VIP did not arrive: it goes only
     * to an account with an unpaid order from the last 7 days, and at most once in 7 days; any other
     * appeal is recorded without it (`vip: false`).
     */
    async appeal(
      userId: number,
      email: string,
      image: { bytes: Buffer; type: AppealImageType },
    ): Promise<AppealResult> {
      const now = new Date();
      // A key's separator, whatever this machine's: the same name reaches the bucket.
      const relative = `${now.toISOString().slice(0, 7)}/${crypto.randomBytes(16).toString('hex')}.${IMAGE_EXTENSIONS[image.type]}`;
      const files = appealFilesOf(ctx.config);
      let vip: boolean;
      try {
        vip = await db.transaction().execute(async (trx) => {
          await queries.lockUser(trx, userId);
          await checkAppealQuota(userId, image.bytes.length, now, trx);
          const since = new Date(now.getTime() - APPEAL_VIP_EVERY_DAYS * DAY_MS);
          const grant =
            (await queries.unpaidOrderSince(trx, userId, since)) &&
            !(await queries.vipGrantedSince(trx, userId, since));
          const appeal = await queries.insertAppeal(trx, {
            userId,
            email,
            imageFile: relative,
            imageType: image.type,
            imageBytes: image.bytes.length,
            vipGranted: grant,
          });
          await files.save(relative, image.bytes);
          if (!grant) return false;
          const recorded = await recordGrant(trx, {
            userId,
            kind: 'appeal_vip',
            vipDays: APPEAL_VIP_DAYS,
            key: `appeal_vip:${appeal.id}`,
          });
          if (recorded) await extendVip(trx, userId, APPEAL_VIP_DAYS, now);
          return recorded;
        });
      } catch (error) {
        // A refusal writes nothing; a failed write or commit may have left part of the file.
        await files.remove(relative).catch(() => undefined);
        throw error;
      }
      if (vip) forgetUserRow(userId);
      return { success: true, vip };
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
