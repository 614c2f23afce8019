import type { AppInfo, UserInfo } from '@app/contract';
import type { SigninList } from '../startup/startup.ts';

export type ChainPopup = 'announcement' | 'promotion' | 'ad' | 'forever' | 'checkin';

/**
 * The start-up pop-up chain (spec part 1 §4), one at a time in this order: announcement, then the
 * promotion announcement (member level set, and announcement_level allows it for the user's
 * level), then the ad pop-up, then the forever address (when app info has one and it was not
 * hidden today), then the daily check-in pop-up (not yet checked in today).
 */
export function popupChain(input: {
  appInfo: AppInfo;
  userInfo: UserInfo;
  signinList: SigninList | null;
  now: number;
  announcementHiddenUntil: number;
  foreverHiddenUntil: number;
}): ChainPopup[] {
  const { appInfo, userInfo, signinList, now } = input;
  const chain: ChainPopup[] = [];
  if (appInfo.pwa.announcement_switch && appInfo.pwa.message.trim() && now >= input.announcementHiddenUntil) {
    chain.push('announcement');
  }
  const newcomer = userInfo.level === 'A' || userInfo.level === 'B';
  const levelAllowed =
    appInfo.announcement_level === 'both' || (appInfo.announcement_level === 'new' ? newcomer : !newcomer);
  if (appInfo.member_level && levelAllowed) chain.push('promotion');
  if (appInfo.ad.pop_image) chain.push('ad');
  if ((appInfo.forever_link.trim() || appInfo.forever_image.trim()) && now >= input.foreverHiddenUntil) {
    chain.push('forever');
  }
  if (signinList && !signinList.signin && signinList.result.length > 0) chain.push('checkin');
  return chain;
}

/** Today's reward in the 7-day strip: the first day not completed. */
export function todaysReward(signinList: SigninList) {
  return signinList.result.find((day) => !day.is_completed) ?? signinList.result[0];
}
