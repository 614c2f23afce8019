import { UNLIMITED_VIEWS, promotionLevel, type PromotionLevel, type UserInfo } from '@app/contract';
import type { AppContext } from '../../platform/context.ts';
import { businessDay } from '../../platform/business-day.ts';
import { todaysViews } from '../../platform/daily-views.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import { RowCache } from '../../platform/row-cache.ts';
import * as queries from './user.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** User rows are read on every user-info call: kept in memory, dropped on any change to the row. */
const USER_CACHE_TTL_MS = 60_000;
const USER_CACHE_MAX = 100_000;
export const USER_CHANGED_CHANNEL = 'user_changed';

type UserRow = NonNullable<Awaited<ReturnType<typeof queries.findUserInfoRow>>>;

/** An account's promotion level now (DECISIONS "Levels and promotions"). */
export function promotionLevelOf(
  row: { paid_orders: number; vip_expiry: Date | null; created_at: Date },
  now: number,
): PromotionLevel {
  const expiry = row.vip_expiry?.getTime() ?? 0;
  const vip = expiry > now;
  return promotionLevel({
    paidOrders: row.paid_orders,
    vipActive: vip,
    vipEndedDaysAgo: expiry > 0 && !vip ? (now - expiry) / DAY_MS : null,
    accountAgeDays: (now - row.created_at.getTime()) / DAY_MS,
  });
}

export function createUserService(ctx: AppContext, appInfo: AppInfoService) {
  const userRows = new RowCache<UserRow>(USER_CACHE_TTL_MS, USER_CACHE_MAX);
  return {
    userRows,

    async userInfo(userId: number): Promise<UserInfo> {
      const at = ctx.now();
      const today = businessDay(ctx.config.businessTimeZone, at);
      const [row, spent, info] = await Promise.all([
        userRows.get(String(userId), () => queries.findUserInfoRow(ctx.db, userId)),
        queries.findSpentViews(ctx.db, userId),
        appInfo.stored(),
      ]);
      if (!row || !spent) notFound();
      const now = at.getTime();
      const expiry = row.vip_expiry?.getTime() ?? 0;
      const vip = expiry > now;
      const views = todaysViews({ ...row, ...spent }, today, info.views.daily_free);
      return {
        user_id: row.id,
        email: row.email ?? '',
        phone: row.phone ?? '',
        vip,
        invite_code: row.invite_code,
        invite_count: row.invite_count,
        level: promotionLevelOf(row, now),
        init: row.init,
        video_views: [views.used, vip ? UNLIMITED_VIEWS : views.total],
        expiry: Math.floor(expiry / 1000),
        points: row.points,
        promoter: row.promoter,
        shop_icon: info.shop_icon,
        shop_link: '/v1/shop/api/2',
        paid_at: row.last_paid_at ? Math.floor(new Date(row.last_paid_at).getTime() / 1000) : 0,
      };
    },

    async init(userId: number, source: string | undefined, install: string | undefined): Promise<void> {
      await queries.markInit(ctx.db, userId, source ?? null, install ?? null);
      // The notification reaches this process a moment later; its own change must show at once.
      userRows.drop(String(userId));
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
