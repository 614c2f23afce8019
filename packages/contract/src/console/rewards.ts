import { z } from 'zod';
import { ACTIVITY_CODE_MAX_LENGTH } from '../constants.ts';
import { ACTIVITY_GRANT_KINDS } from '../rewards.ts';
import { ConsoleListQuerySchema, consoleListReply } from './list.ts';
import { SIGNIN_CYCLE_DAYS, SIGNIN_ICONS } from '../signin.ts';

/**
 * Console §4 Rewards (issue 23): activity codes, the seven check-in rewards, exchange options and
 * invite-tier rewards. The rows edited here are the ones the app reads (features/rewards,
 * features/signin, app info), so a change reaches phones without a second copy.
 */

const MAX_INT4 = 2_147_483_647;
/** A grant or a limit: a whole number the database's integer columns hold. */
const Count = (max = MAX_INT4) => z.number().int().min(1).max(max);
/** Ten years of VIP is already far beyond any sale; a typo of a few more zeros is refused. */
export const CONSOLE_MAX_VIP_DAYS = 3650;
export const CONSOLE_MAX_POINTS = 1_000_000;
export const CONSOLE_MAX_CODE_USES = 1_000_000;

const PageQuery = ConsoleListQuerySchema;

// ── Activity codes ───────────────────────────────────────────────────────────

export const ACTIVITY_CODE_STATES = ['active', 'disabled', 'expired', 'used_up'] as const;
export type ActivityCodeState = (typeof ACTIVITY_CODE_STATES)[number];

export const ActivityCodeListQuerySchema = PageQuery.extend({
  sort: z.enum(['created_at', 'code', 'used_count', 'expires_at']).default('created_at'),
  state: z.enum(ACTIVITY_CODE_STATES).optional(),
  /** Codes starting with these letters or digits. */
  q: z
    .string()
    .trim()
    .max(ACTIVITY_CODE_MAX_LENGTH)
    .regex(/^[A-Za-z0-9]*$/)
    .optional(),
});
export type ActivityCodeListQuery = z.infer<typeof ActivityCodeListQuerySchema>;

/** Times in the console's JSON are ISO strings; the console shows them in TZ_BUSINESS. */
export const ConsoleActivityCodeSchema = z.object({
  code: z.string(),
  grantKind: z.enum(ACTIVITY_GRANT_KINDS),
  amount: z.number().int(),
  useLimit: z.number().int(),
  usedCount: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  state: z.enum(ACTIVITY_CODE_STATES),
});
export type ConsoleActivityCode = z.infer<typeof ConsoleActivityCodeSchema>;
export const ActivityCodeListSchema = consoleListReply(ConsoleActivityCodeSchema);

/**
 * A new code: letters and digits, at most 6 (what the app's field takes), upper-cased; left empty,
 * the server picks one. The grant is VIP days or points; the expiry must lie in the future.
 */
export const ActivityCodeCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .max(ACTIVITY_CODE_MAX_LENGTH, 'console_code_format')
      .regex(/^[A-Za-z0-9]*$/, 'console_code_format')
      .transform((code) => code.toUpperCase())
      .optional(),
    grantKind: z.enum(ACTIVITY_GRANT_KINDS),
    amount: Count(CONSOLE_MAX_POINTS),
    useLimit: Count(CONSOLE_MAX_CODE_USES),
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .refine((body) => body.grantKind !== 'vip' || body.amount <= CONSOLE_MAX_VIP_DAYS, {
    path: ['amount'],
    message: 'console_vip_days_too_many',
  });
export type ActivityCodeCreate = z.infer<typeof ActivityCodeCreateSchema>;

export const ActivityCodeParamsSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(ACTIVITY_CODE_MAX_LENGTH)
    .regex(/^[A-Za-z0-9]+$/)
    .transform((code) => code.toUpperCase()),
});

export const RedemptionListQuerySchema = PageQuery.extend({ sort: z.enum(['used_at']).default('used_at') });
export const RedemptionSchema = z.object({
  userId: z.number().int(),
  inviteCode: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  usedAt: z.string(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;
export const RedemptionListSchema = consoleListReply(RedemptionSchema);

// ── Check-in rewards ─────────────────────────────────────────────────────────

/** One day of the seven: `details` is the Simplified label; the Traditional one is made from it. */
export const CheckinRewardSchema = z.object({
  day: z.number().int().min(1).max(SIGNIN_CYCLE_DAYS),
  icon: z.enum(SIGNIN_ICONS),
  amount: Count(CONSOLE_MAX_POINTS),
  details: z.string().trim().min(1, 'console_required').max(40, 'console_too_long'),
  /** Which ticket a `discost` day gives; required then, ignored otherwise. */
  ticketTemplateId: z.number().int().positive().nullable(),
});
export type CheckinReward = z.infer<typeof CheckinRewardSchema>;

export const CheckinRewardsSchema = z
  .object({ rewards: z.array(CheckinRewardSchema).length(SIGNIN_CYCLE_DAYS) })
  .refine(
    (body) =>
      body.rewards
        .map((reward) => reward.day)
        .sort((a, b) => a - b)
        .join() === '1,2,3,4,5,6,7',
    { path: ['rewards'], message: 'console_checkin_days' },
  )
  .superRefine((body, context) => {
    body.rewards.forEach((reward, index) => {
      if (reward.icon === 'discost' && reward.ticketTemplateId === null)
        context.addIssue({
          code: 'custom',
          path: ['rewards', index, 'ticketTemplateId'],
          message: 'console_required',
        });
      if (reward.icon === 'vip' && reward.amount > CONSOLE_MAX_VIP_DAYS)
        context.addIssue({
          code: 'custom',
          path: ['rewards', index, 'amount'],
          message: 'console_vip_days_too_many',
        });
    });
  });
export type CheckinRewards = z.infer<typeof CheckinRewardsSchema>;

export const TicketTemplateChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export const CheckinRewardsViewSchema = z.object({
  rewards: z.array(CheckinRewardSchema),
  ticketTemplates: z.array(TicketTemplateChoiceSchema),
});

// ── Exchange options ─────────────────────────────────────────────────────────

export const ExchangeOptionEditSchema = z.object({
  day: Count(CONSOLE_MAX_VIP_DAYS),
  point: Count(CONSOLE_MAX_POINTS),
});
/** The whole list at once (the app shows it sorted by points); a price names one option only. */
export const ExchangeOptionsSchema = z
  .object({ options: z.array(ExchangeOptionEditSchema).min(1).max(12) })
  .refine((body) => new Set(body.options.map((option) => option.point)).size === body.options.length, {
    path: ['options'],
    message: 'console_exchange_duplicate',
  });
export type ExchangeOptions = z.infer<typeof ExchangeOptionsSchema>;

// ── Invite tiers ─────────────────────────────────────────────────────────────

export const InviteTierSchema = z.object({
  friends: Count(100_000),
  points: Count(CONSOLE_MAX_POINTS),
});
export type InviteTier = z.infer<typeof InviteTierSchema>;
/** Milestones in rising friend counts, each paid once when the friend count reaches it. */
export const InviteTiersSchema = z
  .object({ tiers: z.array(InviteTierSchema).max(10) })
  .refine((body) => body.tiers.every((tier, i) => i === 0 || tier.friends > body.tiers[i - 1]!.friends), {
    path: ['tiers'],
    message: 'console_tiers_order',
  });
export type InviteTiers = z.infer<typeof InviteTiersSchema>;

export const REWARDS_ROLES = ['owner', 'editor'] as const;
