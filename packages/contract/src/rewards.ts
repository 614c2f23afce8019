import { z } from 'zod';
import { ACTIVITY_CODE_MAX_LENGTH } from './constants.ts';
import { EMAIL_PATTERN } from './rules.ts';
import { optionalBody, TokenParamSchema } from './startup.ts';
import { replySchema } from './status.ts';

/**
 * Rewards of part 2 §2.6, §3, §7.3 and §8: points exchange, activity codes, discount tickets and
 * appeals (DECISIONS "Rewards, codes, tickets, appeals"). Every grant is a ledger row with a unique
 * key, so it can be audited and never applied twice.
 */

const MAX_INT4 = 2_147_483_647;

/**
 * A positive whole number sent as a form string or a JSON number. Negative, zero, fractional,
 * exponent, huge and non-numeric values are not amounts (401).
 */
export const PositiveAmountSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  z
    .string()
    .trim()
    .regex(/^[0-9]{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_INT4)),
);

// ── Points exchange ──────────────────────────────────────────────────────────

/** An exchange option (§3): `day` VIP days for `point` points. */
export const ExchangeOptionSchema = z.object({ day: z.number().int(), point: z.number().int() });
export type ExchangeOption = z.infer<typeof ExchangeOptionSchema>;

/** `GET /v2/shop/exchange/list`: the options, and the points balance and invite_count the page shows. */
export const ExchangeListSchema = z.object({
  result: z.array(ExchangeOptionSchema),
  points: z.number().int(),
  invite_count: z.number().int(),
});
export type ExchangeList = z.infer<typeof ExchangeListSchema>;
export const ExchangeListReplySchema = replySchema(ExchangeListSchema);

/** `POST /v2/shop/exchange`: form `point`, the cost of one of the listed options. */
export const ExchangeBodySchema = optionalBody(TokenParamSchema.extend({ point: PositiveAmountSchema }));

/** After an exchange: the points left and the new VIP expiry (epoch seconds). */
export const ExchangeResultSchema = z.object({ points: z.number().int(), expiry: z.number().int() });
export type ExchangeResult = z.infer<typeof ExchangeResultSchema>;
export const ExchangeReplySchema = replySchema(ExchangeResultSchema);

// ── Activity codes ───────────────────────────────────────────────────────────

/** Activity codes are letters and digits, at most 6 (§5, §9), typed in any case. */
export const ActivityCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(ACTIVITY_CODE_MAX_LENGTH)
  .regex(/^[A-Za-z0-9]+$/)
  .transform((code) => code.toUpperCase());

/** `POST /v1/user/exchange`: form `code`. */
export const ActivityBodySchema = optionalBody(TokenParamSchema.extend({ code: ActivityCodeSchema }));

export const ACTIVITY_GRANT_KINDS = ['vip', 'point'] as const;
export type ActivityGrantKind = (typeof ACTIVITY_GRANT_KINDS)[number];
/** What a redeemed code gave: VIP days or points. */
export const ActivityResultSchema = z.object({
  grant_kind: z.enum(ACTIVITY_GRANT_KINDS),
  amount: z.number().int(),
});
export type ActivityResult = z.infer<typeof ActivityResultSchema>;
export const ActivityReplySchema = replySchema(ActivityResultSchema);

// ── Discount tickets ─────────────────────────────────────────────────────────

/** `pay`: tickets the payment page can offer now; `list`: every live ticket, for the ticket page. */
export const TICKET_LIST_TYPES = ['pay', 'list'] as const;
export type TicketListType = (typeof TICKET_LIST_TYPES)[number];
export const TicketListQuerySchema = TokenParamSchema.extend({ type: z.enum(TICKET_LIST_TYPES) });

/**
 * A discount ticket the user holds (§3). `id` is the held ticket (the buy call's `cash_id`);
 * `price` (amount off) and `limit_price` (minimum plan price) are in yuan, like plan prices;
 * `expire_time` is epoch seconds.
 */
export const TicketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  limit_price: z.number(),
  slogan: z.string(),
  expire_time: z.number().int(),
});
export type Ticket = z.infer<typeof TicketSchema>;
export const TicketListReplySchema = replySchema(z.object({ result: z.array(TicketSchema) }));

export { costWithTicket, ticketApplies } from './money.ts';

// ── Appeals ──────────────────────────────────────────────────────────────────

/**
 * `POST /v1/shop/report`: multipart form with `email` and one image `uploadimg`. The field names
 * and image types (APPEAL_FIELDS, APPEAL_IMAGE_TYPES) are in constants.ts, so the web app reads
 * them without loading zod.
 */
export const AppealEmailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN);

/** `vip`: this appeal granted the day of VIP (the first of the account in 7 days). */
export const AppealResultSchema = z.object({ success: z.boolean(), vip: z.boolean() });
export type AppealResult = z.infer<typeof AppealResultSchema>;
export const AppealReplySchema = replySchema(AppealResultSchema);
/** Days of VIP an appeal grants, at most once per APPEAL_VIP_EVERY_DAYS. */
export const APPEAL_VIP_DAYS = 1;

export const APPEAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];
/**
 * `GET /v1/shop/appeals`: the account's appeals of the last APPEAL_SHOWN_DAYS days, newest first,
 * as the orders page shows them: sent (epoch seconds), where each stands, the VIP days an approval
 * gave and an operator's reason for a rejection.
 */
export const AppealViewSchema = z.object({
  id: z.number().int(),
  create_time: z.number().int(),
  state: z.enum(APPEAL_STATES),
  days: z.number().int(),
  reason: z.string(),
});
export type AppealView = z.infer<typeof AppealViewSchema>;
export const AppealListReplySchema = replySchema(z.object({ result: z.array(AppealViewSchema) }));
export const APPEAL_SHOWN_DAYS = 30;
export const APPEAL_SHOWN_MAX = 10;

/** Every `status.message` the reward calls answer with, so the web catalogue can carry them all. */
export const REWARD_MESSAGE_KEYS = [
  'ok',
  'invalid_input',
  'token_missing',
  'session_expired',
  'logged_other_device',
  'location_error',
  'exchange_success',
  'exchange_option_unknown',
  'points_not_enough',
  'points_source_abnormal',
  'activity_success',
  'activity_code_invalid',
  'code_used',
  'code_used_up',
  'appeal_sent',
  'appeal_mail_empty',
  'appeal_mail_invalid',
  'appeal_image_empty',
  'appeal_image_too_large',
  'appeal_image_type',
] as const;
