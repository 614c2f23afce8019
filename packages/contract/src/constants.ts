/** Business constants of both spec parts, §9. A magic number gets its name here. */

// Start-up, lines, shell (part 1 §9)
export const SPEED_TEST_TIMEOUT_MS = 15_000;
export const HIDDEN_CONFIG_TAPS = 10;
export const COVER_AD_COUNTDOWN_S = 3;
export const TOAST_MS = 1000;
export const COPY_CONFIRMATION_MS = 2000;
export const BOOTSTRAP_HOST_COUNT = 4;

// Accounts (part 1 §9, DECISIONS)
export const PASSWORD_MIN_LENGTH = 6;
export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_VALIDITY_S = 1800;
export const VERIFY_RESEND_COUNTDOWN_S = 60;
export const VERIFY_MAX_TRIES = 5;
export const VERIFY_MAX_SENDS_PER_DAY = 10;
export const BIND_VIP_DAYS = 1;
export const PHONE_COUNTRY_CODES = ['+86', '+852', '+853', '+886'] as const;
export const DEFAULT_PHONE_COUNTRY_CODE = '+86';

// Sessions (DECISIONS)
export const SESSION_IDLE_DAYS = 30;

// Video and player (part 2 §9)
export const VIDEO_PIXELS = [240, 480] as const;
export type VideoPixel = (typeof VIDEO_PIXELS)[number];
export const NON_VIP_PIXEL: VideoPixel = 240;
export const DEFAULT_VIDEO_PIXEL: VideoPixel = 240;
export const PLAY_RATES = [1, 1.2, 1.5, 2] as const;
export const NON_VIP_PLAY_RATE = 1;
export const DOUBLE_TAP_WINDOW_MS = 300;
export const SWIPE_SEEK_S = 10;
export const SWIPE_SEEK_SHORT_VIDEO_S = 5;
export const SHORT_VIDEO_UNDER_S = 60;
export const SKIP_S = 15;
export const SLIDE_PANEL_CLOSE_MS = 200;
export const SLIDER_SPEED_MS = 200;
export const SLIDE_AUTOPLAY_MS = 4000;
export const SCROLL_REFRESH_DELAY_MS = 20;
export const PLAYER_AD_COUNTDOWN_S = 3;
export const VIEWS_TOAST_MS = 1000;
export const DAILY_FREE_VIEWS = 10;
export const UNLIMITED_VIEWS = -1;
export const VIEWS_RESET_HOUR = 4;

// Lists and search
export const PAGE_SIZE = 24;
export const CLASSIC_PAGE_SIZE = 6;
export const SEARCH_HISTORY_MAX = 6;
export const PLAY_COUNT_WAN = 10_000;
export const PLAY_COUNT_CAP_WAN = 9999;

// Pop-ups and dates
export const EXPIRY_WARNING_DAYS = 3;
export const ANNOUNCEMENT_DISMISS_MS = 24 * 60 * 60 * 1000;

// Purchase, rewards (part 2 §9, DECISIONS)
export const PLANS_SHOWN_BEFORE_EXPAND = 3;
export const APPEAL_IMAGE_MAX_BYTES = 5_242_880;
/** The appeal's multipart fields (`POST /v1/shop/report`) and the image types it takes, by content. */
export const APPEAL_FIELDS = { email: 'email', image: 'uploadimg' } as const;
export const APPEAL_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AppealImageType = (typeof APPEAL_IMAGE_TYPES)[number];
export const ACTIVITY_CODE_MAX_LENGTH = 6;
export const POINTS_PER_VIP_DAY = 1;
/** The default invite milestones; operators change them in the console (app info `invite_tiers`). */
export const INVITE_REWARD_TIERS = [
  { friends: 10, points: 500 },
  { friends: 20, points: 1000 },
  { friends: 30, points: 1800 },
] as const;
export const PROMOTION_LEVELS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type PromotionLevel = (typeof PROMOTION_LEVELS)[number];
export const SALE_BONUS_DAYS: Record<PromotionLevel, number> = { A: 20, B: 30, C: 40, D: 45, E: 30, F: 7 };
export const PAYMENT_WINDOW_S = 60;
export const ORDER_REQUESTS_PER_MINUTE = 1;
/**
 * How long a pending order holds the discount ticket it uses. Gateways keep an order payable well
 * past the app's 60 s notice (15 minutes is the usual EPay/Alipay time-out), and a late payment is
 * honoured, so the ticket stays with the order that long; then it is free again.
 */
export const TICKET_HOLD_MINUTES = 15;
export const VIP_UPGRADE_WITHIN_MIN = 5;
export const IMPORT_COOLDOWN_MIN = 10;
export const APPEAL_VIP_EVERY_DAYS = 7;
export const SUPPORT_HOURS = { from: 8, to: 20 } as const;
export const ADULT_AGE = 18;

// Filter enumerations (part 2 §9)
export const VIDEO_TYPES = ['long', 'short', 'original'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
export const VIDEO_ORDERS = ['time', 'views'] as const;
export const ACTOR_ORDERS = ['views', 'vcount'] as const;
export const COVER_TYPES = ['all', 'cover', 'uncover'] as const;
export const TOP_PERIODS = ['day', 'week', 'month'] as const;
export const DURATION_MINUTES = [5, 10, 20, 30] as const;
export const CUPS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const LOCATIONS = [
  'local',
  'japan',
  'korea',
  'europe_us',
  'taiwan',
  'hongkong_macau',
  'southeast_asia',
] as const;
export const MAIN_TAGS = ['limited_free', 'free', 'vip', 'exclusive'] as const;
export const SECOND_TAGS = ['uncensored', 'chinese_subtitles'] as const;
export const RECOMMEND_LAYOUTS = [1, 3, 4, 5, 10, 11, 12, 14] as const;
export type RecommendLayout = (typeof RECOMMEND_LAYOUTS)[number];

// Request limits that keep hostile input cheap.
export const MAX_JSON_BODY_BYTES = 64 * 1024;
export const TOKEN_MAX_LENGTH = 128;
/** Lists stop at this page: deeper offsets cost the database and no one scrolls that far. */
export const MAX_LIST_PAGE = 10_000;

/** Report reasons the report dialog offers; 999 means the user typed the reason in `report_content`. */
export const REPORT_REASONS = [1, 2, 3, 4, 5] as const;
export const REPORT_TYPE_TEXT = 999;
export const REPORT_CONTENT_MAX_LENGTH = 500;

/** `POST /v1/user/init`: longest `source` ("utm_source / utm_medium") the server keeps. */
export const USER_INIT_SOURCE_MAX = 200;
