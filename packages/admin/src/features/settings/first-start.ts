import type { AppInfo, UserInfo } from '@app/contract';
import type { AppSettings } from '@app/contract/console/settings';
import { popupChain, type ChainPopup } from '@app/web/src/app/popups/popup-chain.ts';
import { reminders, type Reminder } from '@app/web/src/app/popups/reminders.ts';

/** What a new guest's phone shows on its first start, one after another. */
export type FirstStartStep = 'age_gate' | 'cover_ad' | ChainPopup | Reminder;

/** A guest made a moment ago: level A, never paid, nothing bound. */
const NEW_GUEST = {
  level: 'A',
  vip: false,
  paid_at: 0,
  expiry: 0,
  email: '',
  phone: '',
} as unknown as UserInfo;

/**
 * The order the app itself decides (AppShell: age gate, else cover ad; then the pop-up chain; then
 * the reminders), computed with the app's own functions from these settings, so the console says
 * exactly what a new guest's first start on a phone browser shows. Check-in rewards are assumed set
 * (they live on the rewards page): the chain ends with 每日签到 when any day has a reward.
 */
export function firstStartSteps(settings: Partial<AppSettings>): FirstStartStep[] {
  const appInfo = {
    ...settings,
    pwa: { announcement_switch: false, message: '', ...settings.pwa },
    ad: { pop_image: '', ...settings.ad },
    forever_link: settings.forever_link ?? '',
    forever_image: settings.forever_image ?? '',
    announcement_level: settings.announcement_level ?? 'both',
    member_level: settings.member_level ?? false,
  } as unknown as AppInfo;
  const now = Date.now();
  const steps: FirstStartStep[] = [];
  // The age gate asks first; the cover ad and the pop-ups wait until it is confirmed.
  if (settings.age_gate) steps.push('age_gate');
  if (settings.ad?.cover_display && settings.ad.cover_image) steps.push('cover_ad');
  steps.push(
    ...popupChain({
      appInfo,
      userInfo: NEW_GUEST,
      signinList: { signin: false, result: [{ is_completed: false }] } as never,
      now,
      announcementHiddenUntil: 0,
      foreverHiddenUntil: 0,
    }),
    ...reminders({
      userInfo: NEW_GUEST,
      now,
      pathname: '/',
      expiryDeferred: false,
      isPhone: true,
      standalone: false,
    }),
  );
  return steps;
}
