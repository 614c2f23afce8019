import type { AppInfo, UserInfo } from '@app/contract';
import type { SigninList } from '../startup/startup.ts';
import { justPaid, shownToday, type DailyPopup } from './popup-cadence.ts';

export type ChainPopup = 'announcement' | 'promotion' | 'ad' | 'forever' | 'checkin';

/**
 * The start-up pop-up chain (spec part 1 §4), one at a time in this order: announcement, then the
 * promotion announcement (member level set, and announcement_level allows it for the user's
 * level), then the ad pop-up, then the forever address (when app info has one and it was not
 * hidden today), then the daily check-in pop-up (not yet checked in today).
 *
 * Cadence (issue 25): the announcement and the forever address keep their own "hide today" rule;
 * the promotion, the ad and the check-in show at most once a day; of the two marketing pop-ups
 * (promotion, ad) a start shows at most one, and a VIP who paid in the last day sees neither.
 */
export function popupChain(input: {
  appInfo: AppInfo;
  userInfo: UserInfo;
  signinList: SigninList | null;
  now: number;
  announcementHiddenUntil: number;
  foreverHiddenUntil: number;
  /** The day each daily pop-up was last shown (popup-cadence.ts); none: every one is due. */
  shownOn?: Partial<Record<DailyPopup, string>>;
}): ChainPopup[] {
  const { appInfo, userInfo, signinList, now } = input;
  const due = (popup: DailyPopup) => !shownToday(input.shownOn ?? {}, popup, now);
  const chain: ChainPopup[] = [];
  if (appInfo.pwa.announcement_switch && appInfo.pwa.message.trim() && now >= input.announcementHiddenUntil) {
    chain.push('announcement');
  }
  const newcomer = userInfo.level === 'A' || userInfo.level === 'B';
  const levelAllowed =
    appInfo.announcement_level === 'both' || (appInfo.announcement_level === 'new' ? newcomer : !newcomer);
  const selling = !justPaid(userInfo, now);
  if (selling && appInfo.member_level && levelAllowed && due('promotion')) chain.push('promotion');
  else if (selling && appInfo.ad.pop_image && due('ad')) chain.push('ad');
  if ((appInfo.forever_link.trim() || appInfo.forever_image.trim()) && now >= input.foreverHiddenUntil) {
    chain.push('forever');
  }
  if (signinList && !signinList.signin && signinList.result.length > 0 && due('checkin'))
    chain.push('checkin');
  return chain;
}

/** Today's reward in the 7-day strip: the first day not completed. */
export function todaysReward(signinList: SigninList) {
  return signinList.result.find((day) => !day.is_completed) ?? signinList.result[0];
}
