import { Status, type CheckIn, type Locale, type SigninIcon, type SigninList } from '@app/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { businessDay, dayBefore } from '../../platform/business-day.ts';
import { fail } from '../../platform/errors.ts';
import { textIn } from '../../platform/script.ts';
import type { UserService } from '../user/user.service.ts';
import { cycleDay, cycleState, nextStreak, type LastCheckIn } from './signin-cycle.ts';
import { addPoints, extendVip, recordGrant } from '../../platform/db/ledger.ts';
import * as queries from './signin.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type RewardRow = Awaited<ReturnType<typeof queries.listRewards>>[number];

const LEDGER_KINDS: Record<SigninIcon, string> = {
  view: 'signin_view',
  vip: 'signin_vip',
  discost: 'signin_discost',
  point: 'signin_point',
};

function isAppliedKind(icon: string): icon is SigninIcon {
  return Object.hasOwn(LEDGER_KINDS, icon);
}

export function createSigninService(ctx: AppContext, users: UserService) {
  const zone = ctx.config.businessTimeZone;

  function strip(
    rewards: RewardRow[],
    last: LastCheckIn | undefined,
    today: string,
    locale: Locale,
  ): SigninList {
    const state = cycleState(last, today, dayBefore(today));
    return {
      signin: state.checkedInToday,
      result: rewards.map((reward) => ({
        day: reward.day,
        icon: reward.icon,
        amount: reward.amount,
        details: textIn(locale, reward.details, reward.details_tw),
        is_completed: reward.day <= state.completedInCycle,
      })),
      cont_total: state.streak,
    };
  }

  /**
   * Applies one check-in's reward inside its transaction. The ledger key (one per account and
   * business day) makes it happen once even if the check-in gate were bypassed.
   */
  async function grantReward(trx: Db, userId: number, reward: RewardRow, day: string, now: Date) {
    const key = `signin:${userId}:${day}`;
    const { icon, amount } = reward;
    const kind = isAppliedKind(icon) ? LEDGER_KINDS[icon] : 'signin_other';
    const recorded = await recordGrant(trx, {
      userId,
      kind,
      key,
      points: icon === 'point' ? amount : 0,
      vipDays: icon === 'vip' ? amount : 0,
      extraViews: icon === 'view' ? amount : 0,
    });
    if (!recorded || amount <= 0) return;
    switch (icon) {
      case 'point':
        await addPoints(trx, userId, amount);
        return;
      case 'vip':
        await extendVip(trx, userId, amount, now);
        return;
      case 'view':
        await queries.addExtraViews(trx, userId, amount, day);
        return;
      case 'discost': {
        const template = await queries.findTicketTemplate(trx, reward.ticket_template_id);
        // Without a template the reward cannot be given: the check-in rolls back (500, logged)
        // rather than being spent without its ticket.
        if (!template) throw new Error(`no ticket template for the check-in reward of day ${reward.day}`);
        await queries.giveTickets(trx, {
          userId,
          templateId: template.id,
          grantedAt: now,
          expiresAt: new Date(now.getTime() + template.valid_days * DAY_MS),
          keys: Array.from({ length: amount }, (_, i) => `${key}:ticket:${i + 1}`),
        });
        return;
      }
    }
  }

  return {
    /** GET /v2/signin/list: the 7-day strip with each day's reward and the live streak. */
    async list(userId: number, locale: Locale): Promise<SigninList> {
      const today = businessDay(zone, ctx.now());
      const [rewards, last] = await Promise.all([
        queries.listRewards(ctx.db),
        queries.findLastCheckIn(ctx.db, userId),
      ]);
      return strip(rewards, last && { day: last.business_day, streak: last.streak }, today, locale);
    },

    /**
     * POST /v2/signin: checks in for today's business day once, continuing yesterday's streak or
     * starting a new one, and applies the cycle day's reward in the same transaction. A second
     * check-in the same business day is 402 `checkin_done`.
     */
    async checkIn(userId: number, locale: Locale): Promise<CheckIn> {
      const now = ctx.now();
      const today = businessDay(zone, now);
      const yesterday = dayBefore(today);
      const rewards = await queries.listRewards(ctx.db);
      const { streak, reward } = await ctx.db.transaction().execute(async (trx) => {
        const found = await queries.findLastCheckIn(trx, userId);
        const last = found && { day: found.business_day, streak: found.streak };
        if (last?.day === today) fail(Status.conflict, 'checkin_done');
        const streak = nextStreak(last, yesterday);
        if (!(await queries.recordCheckIn(trx, userId, today, streak))) fail(Status.conflict, 'checkin_done');
        const reward = rewards.find((row) => row.day === cycleDay(streak));
        if (reward) await grantReward(trx, userId, reward, today, now);
        return { streak, reward };
      });
      // Points, VIP and extra views show in user info at once, not after the cache's notification.
      users.userRows.drop(String(userId));
      return {
        ...strip(rewards, { day: today, streak }, today, locale),
        reward: reward
          ? {
              day: reward.day,
              icon: reward.icon,
              amount: reward.amount,
              details: textIn(locale, reward.details, reward.details_tw),
            }
          : null,
      };
    },
  };
}

export type SigninService = ReturnType<typeof createSigninService>;
