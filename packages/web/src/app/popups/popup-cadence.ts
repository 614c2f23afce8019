import type { UserInfo } from '@app/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The pop-ups shown at most once a day (their own rules may show them less often). */
export type DailyPopup = 'promotion' | 'ad' | 'checkin' | 'bind' | 'install';

/** The phone's calendar day, as the user counts "today". */
export function localDay(now: number): string {
  const date = new Date(now);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** Whether `popup` was shown on the day of `now`, by the record of the days each was last shown. */
export function shownToday(record: Partial<Record<DailyPopup, string>>, popup: DailyPopup, now: number) {
  return record[popup] === localDay(now);
}

/** A VIP who paid in the last day is sold nothing: no promotion, ad or renewal pop-up. */
export function justPaid(userInfo: Pick<UserInfo, 'vip' | 'paid_at'>, now: number): boolean {
  return userInfo.vip && userInfo.paid_at > 0 && now - userInfo.paid_at * 1000 < DAY_MS;
}
