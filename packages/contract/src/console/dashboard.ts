import { z } from 'zod';
import { ANALYTICS_EVENTS } from '../startup.ts';

/**
 * Operator console §1, the dashboard: figures of the last business day, 7 and 30 business days
 * (TZ_BUSINESS, days start at 4:00 like daily views), one point per day for the charts, and the
 * start-up failures the app reported per host line.
 */

/** The windows the dashboard sums over, in business days ending with `end` (by default today). */
export const DASHBOARD_PERIODS = { today: 1, days7: 7, days30: 30 } as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS;
/** The charts show one point per business day of the longest window. */
export const DASHBOARD_SERIES_DAYS = DASHBOARD_PERIODS.days30;

/** Written by the server when a play page is refused because the day's free views are used up. */
export const VIEWS_EXHAUSTED_EVENT = 'views_exhausted';
/**
 * The client's failure events (part 1 §7), counted per line. A report whose token was refused
 * (a banned account, an ended or lapsed session) is the account's failure, not the line's: the
 * line answered. Those are not counted (issue 37 §11).
 */
export const LINE_FAILURE_EVENTS = ANALYTICS_EVENTS;
export type LineFailureEvent = (typeof LINE_FAILURE_EVENTS)[number];

const BusinessDaySchema = z.iso.date();

export const DashboardQuerySchema = z.object({
  /** The last business day of every window (YYYY-MM-DD); today when absent, never later. */
  end: BusinessDaySchema.optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

const count = z.number().int().nonnegative();

/** One business day's figures; also the shape of a whole window's sums. */
export const DashboardDaySchema = z.object({
  day: BusinessDaySchema,
  /** Accounts created that day (every account starts as a guest). */
  newGuests: count,
  /** Guests that bound an e-mail or phone that day. */
  bindings: count,
  /** Accounts that used the app (any signed request) that day. */
  activeUsers: count,
  /** First plays of a video by a user that day (the play count the app shows). */
  plays: count,
  /** Play pages refused because the free views were used up. */
  viewsExhausted: count,
  /**
   * VIP purchases net of refunds: orders paid that day less orders refunded that day (a refund
   * counts on the day it was made, so a closed day's figures never change; a day may go below 0).
   */
  vipPurchases: z.number().int(),
  /** Revenue net of refunds, in cents: paid that day less refunded that day. */
  revenueCents: z.number().int(),
  /** Orders paid that day and what they were paid (before refunds). */
  grossPurchases: count,
  grossRevenueCents: count,
  /** Orders refunded that day and the amount given back. */
  refunds: count,
  refundCents: count,
  /**
   * Of that day's new guests, those that had bought VIP by the window's last day and not had that
   * purchase refunded (a refund of an account's only paid order takes its conversion back).
   */
  convertedGuests: count,
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

export const DashboardFiguresSchema = DashboardDaySchema.omit({ day: true, activeUsers: true }).extend({
  /** First and last business day of the window. */
  from: BusinessDaySchema,
  to: BusinessDaySchema,
  /** Daily active users averaged over the window's days (rounded; `averages.activeUsers` has a decimal). */
  activeUsers: count,
  /** convertedGuests / newGuests (net of refunds), 0 when there were no new guests. */
  conversionRate: z.number().min(0).max(1),
  /**
   * Per-day averages over the window (sum / days, one decimal): what a "7-day average" beside
   * today's figure shows. The window's sums are the fields above.
   */
  averages: z.object({
    activeUsers: z.number(),
    newGuests: z.number(),
    plays: z.number(),
    vipPurchases: z.number(),
    revenueCents: z.number(),
    refunds: z.number(),
    refundCents: z.number(),
  }),
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;

export const LineFailureSchema = z.object({
  /** The host line the app reported (null when it sent none). */
  line: z.string().nullable(),
  event: z.enum(LINE_FAILURE_EVENTS),
  today: count,
  days7: count,
  days30: count,
});
export type LineFailure = z.infer<typeof LineFailureSchema>;

export const DashboardReplySchema = z.object({
  end: BusinessDaySchema,
  timeZone: z.string(),
  periods: z.object({
    today: DashboardFiguresSchema,
    days7: DashboardFiguresSchema,
    days30: DashboardFiguresSchema,
  }),
  /** Oldest first, one per business day of the 30-day window, days without activity included. */
  series: z.array(DashboardDaySchema),
  /** Most failures in 30 days first. */
  lineFailures: z.array(LineFailureSchema),
});
export type DashboardReply = z.infer<typeof DashboardReplySchema>;
