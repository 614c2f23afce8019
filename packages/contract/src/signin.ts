import { z } from 'zod';
import { TokenBodySchema } from './startup.ts';
import { replySchema } from './status.ts';

/**
 * Daily check-in (part 1 §2–§3, part 2 §2.6, DECISIONS "Rewards"): a 7-day cycle of rewards;
 * `POST /v2/signin` checks in once a business day (which starts at 4:00 in TZ_BUSINESS).
 */

/** Reward kinds the server applies; the spec lets a day carry another icon, shown as "other". */
export const SIGNIN_ICONS = ['view', 'vip', 'discost', 'point'] as const;
export type SigninIcon = (typeof SIGNIN_ICONS)[number];

/** Days in one check-in cycle; after day 7 (or a missed day) the next check-in is day 1. */
export const SIGNIN_CYCLE_DAYS = 7;

/**
 * One day's reward: `view` extra views for that business day, `vip` VIP days, `discost` discount
 * tickets, `point` points; `amount` is how many.
 */
export const SigninRewardSchema = z.object({
  day: z.number().int(),
  icon: z.string(),
  amount: z.number().int(),
  details: z.string(),
});
export type SigninReward = z.infer<typeof SigninRewardSchema>;

/** A day of the strip; `is_completed` marks days of the current cycle already checked in. */
export const SigninDaySchema = SigninRewardSchema.extend({ is_completed: z.boolean() });

/** `GET /v2/signin/list`: `signin` is whether today is checked in, `cont_total` the live streak. */
export const SigninListSchema = z.object({
  signin: z.boolean(),
  result: z.array(SigninDaySchema),
  cont_total: z.number().int(),
});
export type SigninList = z.infer<typeof SigninListSchema>;
export const SigninListReplySchema = replySchema(SigninListSchema);

/** `POST /v2/signin`: only the token (query, form or JSON). */
export const CheckInBodySchema = TokenBodySchema;

/**
 * The check-in's reply: the reward just applied (null when the operator set none for that day)
 * and the strip as it stands afterwards, so the client needs no second call.
 */
export const CheckInSchema = SigninListSchema.extend({ reward: SigninRewardSchema.nullable() });
export type CheckIn = z.infer<typeof CheckInSchema>;
export const CheckInReplySchema = replySchema(CheckInSchema);

/** Every `status.message` the check-in calls answer with. */
export const SIGNIN_MESSAGE_KEYS = [
  'ok',
  'checkin_success',
  'checkin_done',
  'invalid_input',
  'token_missing',
  'session_expired',
  'logged_other_device',
  'location_error',
] as const;
