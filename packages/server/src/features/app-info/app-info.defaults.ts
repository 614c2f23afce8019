import type { AppInfo } from '@app/contract';
import {
  DAILY_FREE_VIEWS,
  INVITE_REWARD_TIERS,
  PLAYER_AD_COUNTDOWN_S,
  VERIFY_CODE_VALIDITY_S,
  VERIFY_RESEND_COUNTDOWN_S,
} from '@app/contract';

/**
 * The operator-editable part of app info; origin-dependent fields are filled per request, and the
 * sale bonus days, kept under their own settings key, are joined when served.
 */
export type StoredAppInfo = Omit<AppInfo, 'app_url' | 'imgUrl' | 'confirmCodeLimit' | 'sale_bonus_days'>;

export const defaultAppInfo: StoredAppInfo = {
  confirm_code: { limit: VERIFY_CODE_VALIDITY_S },
  binding: {
    default: { type: 'email' },
    phone: { switch: true, countdown: VERIFY_RESEND_COUNTDOWN_S },
    email: { switch: true, countdown: VERIFY_RESEND_COUNTDOWN_S },
  },
  pwa: {
    allow: true,
    launch: '',
    version: '1.0.70',
    announcement_switch: true,
    message: '',
    sub_message: '',
    qrcode_img_url: '',
    jump: '/jump',
    home_android_link: '',
    home_forever_link: '',
  },
  web: { jump: '/jump' },
  ad: {
    cover_display: true,
    cover_image: '',
    cover_link: 'vip',
    pop_image: '',
    pop_link: 'share',
    img_url: '',
    player_image: '',
    player_link: 'vip',
    player_countdown: PLAYER_AD_COUNTDOWN_S,
  },
  novip: { network: { lock: true } },
  member_level: true,
  announcement_level: 'both',
  member_level_page_n: 3,
  member_level_collect_n: 2,
  forever_image: '',
  forever_link: '',
  share: { days: 3 },
  invite_tiers: INVITE_REWARD_TIERS.map((tier) => ({ ...tier })),
  follower_import_switch: true,
  age_gate: true,
  shop_icon: '',
  cash: { maintain: false },
  home: { news_content: '' },
  views: { daily_free: DAILY_FREE_VIEWS },
  support_mail: 'support@streamapp.example',
};
