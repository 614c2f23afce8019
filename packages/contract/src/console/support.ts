import { ORDER_STATES } from '../shop.ts';
import { z } from 'zod';
import { APPEAL_STATES } from '../rewards.ts';
import { CONSOLE_MAX_POINTS, CONSOLE_MAX_VIP_DAYS } from './rewards.ts';
import { ConsoleListQuerySchema, consoleListReply } from './list.ts';

/**
 * Console §5 Support (issue 23): the appeal queue, the video-report queue and user lookup with its
 * grants, session ends and bans. Every change goes through the ledger or the rows the app reads,
 * and into the audit log with its before and after.
 */

export const SUPPORT_ROLES = ['owner', 'support'] as const;

/** A row id in a path or query: digits only (no signs, exponents or hex), within a safe integer. */
const RowId = z
  .string()
  .regex(/^[0-9]{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().min(1));
const IdParams = z.object({ id: RowId });
export const SupportIdParamsSchema = IdParams;

/** A reason an operator writes (shown to the user for a rejected appeal, kept in the ledger otherwise). */
const Reason = z.string().trim().min(1, 'console_required').max(200, 'console_too_long');

/**
 * One form submission: the console makes this id when a form opens, so a double click or a retry
 * of the same submission grants once (it is part of the ledger key).
 */
const RequestId = z.uuid();

// ── Appeals ──────────────────────────────────────────────────────────────────

export const AppealListQuerySchema = ConsoleListQuerySchema.extend({
  sort: z.enum(['created_at']).default('created_at'),
  state: z.enum([...APPEAL_STATES, 'all']).default('pending'),
  userId: RowId.optional(),
});
export type AppealListQuery = z.infer<typeof AppealListQuerySchema>;

export const ConsoleAppealSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The contact address the user typed into the appeal. */
  email: z.string(),
  accountEmail: z.string().nullable(),
  accountPhone: z.string().nullable(),
  createdAt: z.string(),
  imageType: z.string(),
  imageBytes: z.number().int(),
  /** The automatic day of VIP the app gave when the appeal was sent (DECISIONS "Appeals"). */
  autoVip: z.boolean(),
  state: z.enum(APPEAL_STATES),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  approvedDays: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
});
export type ConsoleAppeal = z.infer<typeof ConsoleAppealSchema>;
export const AppealListSchema = consoleListReply(ConsoleAppealSchema);

export const ConsoleOrderSchema = z.object({
  id: z.number().int(),
  outTradeNo: z.string(),
  name: z.string(),
  nameTw: z.string().nullable(),
  method: z.string(),
  /** The payment method's Traditional name as the buyer saw it (null: convert `method`). */
  methodTw: z.string().nullable(),
  amountCents: z.number().int(),
  days: z.number().int(),
  bonusDays: z.number().int(),
  status: z.enum(ORDER_STATES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** A refunded order's refund, with the reason the operator typed. */
  refundedAt: z.string().nullable(),
  refundReason: z.string().nullable(),
});
export type ConsoleOrder = z.infer<typeof ConsoleOrderSchema>;

/** An appeal with the user's newest orders beside it, and the days an approval would give by default. */
export const AppealDetailSchema = z.object({
  appeal: ConsoleAppealSchema,
  orders: z.array(ConsoleOrderSchema),
  suggestedDays: z.number().int(),
});

export const AppealApproveSchema = z.object({
  days: z.number().int().min(1).max(CONSOLE_MAX_VIP_DAYS),
});
export const AppealRejectSchema = z.object({ reason: Reason });

// ── Video reports ────────────────────────────────────────────────────────────

export const REPORT_STATES = ['open', 'resolved', 'all'] as const;
export const ReportListQuerySchema = ConsoleListQuerySchema.extend({
  sort: z.enum(['created_at']).default('created_at'),
  state: z.enum(REPORT_STATES).default('open'),
});
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;

export const ConsoleReportSchema = z.object({
  id: z.number().int(),
  videoId: z.number().int(),
  avkey: z.string(),
  videoType: z.string(),
  videoTitle: z.string(),
  videoUnpublished: z.boolean(),
  /** Where the video plays in the phone app (the console opens it in a new tab). */
  videoPath: z.string(),
  userId: z.number().int(),
  reportType: z.number().int(),
  reportContent: z.string(),
  deviceOs: z.string(),
  imgHost: z.string(),
  streamHost: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolution: z.enum(['resolved', 'unpublished']).nullable(),
});
export type ConsoleReport = z.infer<typeof ConsoleReportSchema>;
export const ReportListSchema = consoleListReply(ConsoleReportSchema);

// ── Users ────────────────────────────────────────────────────────────────────

export const USER_LOOKUP_FIELDS = ['id', 'email', 'phone', 'invite'] as const;
export type UserLookupField = (typeof USER_LOOKUP_FIELDS)[number];
export const UserLookupQuerySchema = z.object({
  by: z.enum(USER_LOOKUP_FIELDS),
  q: z.string().trim().min(1, 'console_required').max(254, 'console_too_long'),
});

export const UserSummarySchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  inviteCode: z.string(),
  createdAt: z.string(),
  vipExpiry: z.string().nullable(),
  vip: z.boolean(),
  points: z.number().int(),
  bannedAt: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;
export const UserLookupReplySchema = z.object({ items: z.array(UserSummarySchema) });

/**
 * `GET /admin/api/support/users`: browse accounts, not only look one up (issue 37 §16). `filter`
 * narrows to VIP now, banned, guests (no e-mail or phone) or bound accounts; `q` matches an id,
 * an e-mail or phone (exactly, or an e-mail's start) or an invite code. Newest first by default.
 */
export const USER_BROWSE_FILTERS = ['all', 'vip', 'banned', 'guest', 'bound'] as const;
export const USER_BROWSE_SORTS = ['id', 'vipExpiry', 'points', 'bannedAt'] as const;
/** Totals are exact up to this many matches; beyond, `totalExact` is false ("200+"). */
export const USER_COUNT_CEILING = 200;
export const UserBrowseQuerySchema = ConsoleListQuerySchema.extend({
  sort: z.enum(USER_BROWSE_SORTS).default('id'),
  filter: z.enum(USER_BROWSE_FILTERS).default('all'),
  q: z.string().trim().max(254, 'console_too_long').optional(),
});
export type UserBrowseQuery = z.infer<typeof UserBrowseQuerySchema>;
export const UserBrowseReplySchema = consoleListReply(UserSummarySchema).extend({
  /** False when `total` is only a lower bound (USER_COUNT_CEILING or one page past the asked one). */
  totalExact: z.boolean(),
});

/**
 * What each ledger entry (a grant or a taking back) is, in words (issue 37 §13): the console never
 * shows `activity_vip`. A kind not listed here is shown as "other" by the front-end.
 */
export const GRANT_KIND_WORDS = {
  order: { cn: '购买 VIP', tw: '購買 VIP' },
  refund: { cn: '退款扣回 VIP', tw: '退款扣回 VIP' },
  activity_vip: { cn: '活动码赠送 VIP', tw: '活動碼贈送 VIP' },
  activity_point: { cn: '活动码赠送积分', tw: '活動碼贈送點數' },
  appeal_vip: { cn: '提交申诉自动赠送 VIP', tw: '提交申訴自動贈送 VIP' },
  appeal_approved: { cn: '申诉通过赠送 VIP', tw: '申訴核准贈送 VIP' },
  bind_vip: { cn: '绑定账号赠送 VIP', tw: '綁定帳號贈送 VIP' },
  invite_friend: { cn: '邀请好友奖励', tw: '邀請好友獎勵' },
  invite_tier: { cn: '邀请阶梯奖励', tw: '邀請階梯獎勵' },
  exchange: { cn: '积分兑换', tw: '點數兌換' },
  signin_view: { cn: '签到奖励观看次数', tw: '簽到獎勵觀看次數' },
  signin_vip: { cn: '签到奖励 VIP', tw: '簽到獎勵 VIP' },
  signin_discost: { cn: '签到奖励优惠券', tw: '簽到獎勵優惠券' },
  signin_point: { cn: '签到奖励积分', tw: '簽到獎勵點數' },
  signin_other: { cn: '签到奖励', tw: '簽到獎勵' },
  console_vip_grant: { cn: '客服赠送 VIP', tw: '客服贈送 VIP' },
  console_vip_removal: { cn: '客服扣除 VIP', tw: '客服扣除 VIP' },
  console_points_grant: { cn: '客服赠送积分', tw: '客服贈送點數' },
  console_points_removal: { cn: '客服扣除积分', tw: '客服扣除點數' },
} as const satisfies Record<string, { cn: string; tw: string }>;
export type GrantKind = keyof typeof GRANT_KIND_WORDS;

export const UserDetailSchema = z.object({
  user: UserSummarySchema.extend({
    banReason: z.string().nullable(),
    paidOrders: z.number().int(),
    inviteCount: z.number().int(),
    /** The points the ledger accounts for: a balance above it is refused by the exchange. */
    ledgerPoints: z.number().int(),
  }),
  orders: z.array(ConsoleOrderSchema),
  tickets: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      grantedAt: z.string(),
      expiresAt: z.string(),
      spentAt: z.string().nullable(),
    }),
  ),
  checkins: z.array(z.object({ day: z.string(), streak: z.number().int() })),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      platform: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      endedAt: z.string().nullable(),
      endedReason: z.string().nullable(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      points: z.number().int(),
      vipDays: z.number().int(),
      extraViews: z.number().int(),
      /** What the operator typed (refunds, console grants, approved appeals); null for the app's own grants. */
      reason: z.string().nullable(),
      /** For a refund: the order it took back (its number), so the grant names what it undid. */
      orderNo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** VIP days given (positive) or taken back (negative), with the reason the ledger keeps. */
export const VipGrantSchema = z.object({
  days: z
    .number()
    .int()
    .min(-CONSOLE_MAX_VIP_DAYS)
    .max(CONSOLE_MAX_VIP_DAYS)
    .refine((days) => days !== 0, 'console_not_zero'),
  reason: Reason,
  requestId: RequestId,
});
export const PointsGrantSchema = z.object({
  points: z
    .number()
    .int()
    .min(-CONSOLE_MAX_POINTS)
    .max(CONSOLE_MAX_POINTS)
    .refine((points) => points !== 0, 'console_not_zero'),
  reason: Reason,
  requestId: RequestId,
});
export const BanSchema = z.object({ reason: Reason });
export const SessionsEndedSchema = z.object({ ended: z.number().int() });
