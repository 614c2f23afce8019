import {
  DASHBOARD_PERIODS,
  DASHBOARD_SERIES_DAYS,
  type DashboardDay,
  type DashboardFigures,
  type DashboardPeriod,
  type DashboardReply,
  type LineFailure,
} from '@app/contract/console/dashboard';
import { businessDay } from '../../platform/business-day.ts';
import type { AppContext } from '../../platform/context.ts';
import { consoleFail } from '../console/console-errors.ts';
import * as queries from './console-dashboard.queries.ts';
import type { DayCounts } from './console-dashboard.queries.ts';

/** Lines × events shown in the failures table; more would be noise, not a dashboard. */
const LINE_FAILURE_ROWS = 50;
/**
 * A business day is kept once it ended this long ago: a process's view of "today" may lag the
 * clock by a minute (active days), and a request that began before 04:00 may still be writing.
 */
const SETTLE_MS = 5 * 60_000;
/**
 * The open day's counts are shared by the requests of this long (and by requests arriving while
 * they are counted): a dashboard is read by a few people who refresh it, and counting the open day
 * reads every event of it, which grows with the day.
 */
const OPEN_DAY_FRESH_MS = 10_000;

/** `day` moved by `days` calendar days (YYYY-MM-DD), so a daylight-saving change skips nothing. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Console §1. The database counts every figure per business day. A closed day's counts never
 * change, so the first dashboard that needs one keeps it (`dashboard_days`); after that a request
 * counts only the open day(s) and reads 30 kept rows. The windows are sums of those daily counts.
 */
export function createDashboardService(ctx: AppContext) {
  const timeZone = ctx.config.businessTimeZone;
  let openCounts: { span: string; until: number; counts: Promise<Map<string, DayCounts>> } | undefined;

  function countOpen(first: string, last: string): Promise<Map<string, DayCounts>> {
    const span = `${first}/${last}`;
    const now = Date.now();
    if (openCounts && openCounts.span === span && openCounts.until > now) return openCounts.counts;
    const counts = queries.countDays(ctx.db, { first, last, timeZone });
    const entry = { span, until: now + OPEN_DAY_FRESH_MS, counts };
    openCounts = entry;
    counts.catch(() => openCounts === entry && (openCounts = undefined));
    return counts;
  }

  /** The counts of every day of the span, kept days read, missing closed days counted and kept. */
  async function countsOf(first: string, last: string): Promise<Map<string, DayCounts>> {
    const openFrom = businessDay(timeZone, new Date(ctx.now().getTime() - SETTLE_MS));
    const days: string[] = [];
    for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
    const closed = days.filter((day) => day < openFrom);
    const open = days.filter((day) => day >= openFrom);

    const counts = closed.length
      ? await queries.keptDays(ctx.db, { first, last: closed.at(-1)!, timeZone })
      : new Map<string, DayCounts>();
    const missing = closed.filter((day) => !counts.has(day));
    if (missing.length) {
      const counted = await queries.countDays(ctx.db, {
        first: missing[0]!,
        last: missing.at(-1)!,
        timeZone,
      });
      const kept = missing.map((day) => [day, counted.get(day) ?? queries.emptyDay()] as [string, DayCounts]);
      await queries.keepDays(ctx.db, timeZone, kept);
      for (const [day, dayCounts] of kept) counts.set(day, dayCounts);
    }
    if (open.length) {
      const live = await countOpen(open[0]!, open.at(-1)!);
      for (const day of open) counts.set(day, live.get(day) ?? queries.emptyDay());
    }
    return counts;
  }

  function sumOf(series: DashboardDay[], period: DashboardPeriod): DashboardFigures {
    const days = series.slice(series.length - DASHBOARD_PERIODS[period]);
    const total = (key: Exclude<keyof DashboardDay, 'day'>) => days.reduce((sum, day) => sum + day[key], 0);
    // One decimal: a 7-day average of 0.4 is not shown as 0 beside today's 3.
    const average = (key: Exclude<keyof DashboardDay, 'day'>) =>
      Math.round((total(key) / days.length) * 10) / 10;
    const newGuests = total('newGuests');
    const convertedGuests = total('convertedGuests');
    return {
      from: days[0]!.day,
      to: days.at(-1)!.day,
      newGuests,
      bindings: total('bindings'),
      activeUsers: Math.round(total('activeUsers') / days.length),
      plays: total('plays'),
      viewsExhausted: total('viewsExhausted'),
      vipPurchases: total('vipPurchases'),
      revenueCents: total('revenueCents'),
      grossPurchases: total('grossPurchases'),
      grossRevenueCents: total('grossRevenueCents'),
      refunds: total('refunds'),
      refundCents: total('refundCents'),
      convertedGuests,
      conversionRate: newGuests === 0 ? 0 : Math.min(1, convertedGuests / newGuests),
      averages: {
        activeUsers: average('activeUsers'),
        newGuests: average('newGuests'),
        plays: average('plays'),
        vipPurchases: average('vipPurchases'),
        revenueCents: average('revenueCents'),
        refunds: average('refunds'),
        refundCents: average('refundCents'),
      },
    };
  }

  function failuresOf(days: string[], counts: Map<string, DayCounts>, last: string): LineFailure[] {
    const from7 = addDays(last, 1 - DASHBOARD_PERIODS.days7);
    const rows = new Map<string, LineFailure>();
    for (const day of days) {
      for (const { line, event, count } of counts.get(day)!.failures) {
        const key = JSON.stringify([line, event]);
        let row = rows.get(key);
        if (!row) rows.set(key, (row = { line, event, today: 0, days7: 0, days30: 0 }));
        row.days30 += count;
        if (day >= from7) row.days7 += count;
        if (day === last) row.today += count;
      }
    }
    return [...rows.values()]
      .sort(
        (a, b) =>
          b.days30 - a.days30 ||
          (a.line ?? '\uffff').localeCompare(b.line ?? '\uffff') ||
          a.event.localeCompare(b.event),
      )
      .slice(0, LINE_FAILURE_ROWS);
  }

  return {
    /** The figures of the windows ending with business day `end` (today when absent). */
    async dashboard(end: string | undefined): Promise<DashboardReply> {
      const today = businessDay(timeZone, ctx.now());
      // The future has no figures yet; asking for it is a mistake worth saying so.
      if (end !== undefined && end > today)
        consoleFail(400, 'invalid_input', { end: 'dashboard_end_in_future' });
      const last = end ?? today;
      const first = addDays(last, 1 - DASHBOARD_SERIES_DAYS);
      const counts = await countsOf(first, last);
      const days = [...counts.keys()].sort();
      // Accounts created on a day of the window that bought VIP for the first time by `last`.
      const converted = new Map<string, number>();
      // Less those whose purchase was refunded by `last` with no paid order left (net of refunds).
      for (const day of days) {
        for (const [cohort, n] of Object.entries(counts.get(day)!.converted))
          if (cohort >= first) converted.set(cohort, (converted.get(cohort) ?? 0) + n);
        for (const [cohort, n] of Object.entries(counts.get(day)!.unconverted))
          if (cohort >= first) converted.set(cohort, (converted.get(cohort) ?? 0) - n);
      }
      const series: DashboardDay[] = days.map((day) => {
        const dayCounts = counts.get(day)!;
        return {
          day,
          newGuests: dayCounts.new_guests,
          bindings: dayCounts.bindings,
          activeUsers: dayCounts.active_users,
          plays: dayCounts.plays,
          viewsExhausted: dayCounts.views_exhausted,
          vipPurchases: dayCounts.vip_purchases - dayCounts.refunds,
          revenueCents: dayCounts.revenue_cents - dayCounts.refund_cents,
          grossPurchases: dayCounts.vip_purchases,
          grossRevenueCents: dayCounts.revenue_cents,
          refunds: dayCounts.refunds,
          refundCents: dayCounts.refund_cents,
          convertedGuests: Math.max(0, converted.get(day) ?? 0),
        };
      });
      return {
        end: last,
        timeZone,
        periods: {
          today: sumOf(series, 'today'),
          days7: sumOf(series, 'days7'),
          days30: sumOf(series, 'days30'),
        },
        series,
        lineFailures: failuresOf(days, counts, last),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
