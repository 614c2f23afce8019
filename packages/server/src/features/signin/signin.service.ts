import type { AppContext } from '../../platform/context.ts';
import { businessDay } from '../../platform/business-day.ts';
import { cycleState } from './signin-cycle.ts';
import * as queries from './signin.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createSigninService(ctx: AppContext) {
  return {
    /** GET /v2/signin/list: the 7-day strip with each day's reward and the live streak. */
    async list(userId: number) {
      const zone = ctx.config.businessTimeZone;
      const now = new Date();
      const [rewards, last] = await Promise.all([
        queries.listRewards(ctx.db),
        queries.findLastCheckIn(ctx.db, userId),
      ]);
      const state = cycleState(
        last && { day: String(last.business_day), streak: last.streak },
        businessDay(zone, now),
        businessDay(zone, new Date(now.getTime() - DAY_MS)),
      );
      return {
        signin: state.checkedInToday,
        result: rewards.map((reward) => ({
          day: reward.day,
          icon: reward.icon,
          is_completed: reward.day <= state.completedInCycle,
          details: reward.details,
        })),
        cont_total: state.streak,
      };
    },
  };
}

export type SigninService = ReturnType<typeof createSigninService>;
