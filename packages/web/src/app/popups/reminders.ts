import { EXPIRY_WARNING_DAYS } from '@app/contract/constants';
import type { UserInfo } from '@app/contract';
import { justPaid, shownToday, type DailyPopup } from './popup-cadence.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Player pages suppress the expiry and install pop-ups (spec part 1 §4). */
export function isPlayerPath(pathname: string): boolean {
  return /^\/(long|short)\/play\//.test(pathname);
}

/** VIP that ends in the future but in under 3 days (expiry in epoch seconds). */
export function expirySoon(expiry: number, now: number): boolean {
  const until = expiry * 1000 - now;
  return until > 0 && until < EXPIRY_WARNING_DAYS * DAY_MS;
}

export type Reminder = 'expiry' | 'bind' | 'install';

/**
 * Reminders after the start-up chain, in order: expiry (unless "Next time" was chosen this session,
 * not on player pages, not to a VIP who paid in the last day), bind (a guest with neither phone nor
 * e-mail), install (a phone, not standalone, no bound account, not on player pages). Bind and
 * install show at most once a day: "以后再说" is not undone by a reload.
 */
export function reminders(input: {
  userInfo: UserInfo;
  now: number;
  pathname: string;
  expiryDeferred: boolean;
  isPhone: boolean;
  standalone: boolean;
  /** The day each daily pop-up was last shown (popup-cadence.ts); none: every one is due. */
  shownOn?: Partial<Record<DailyPopup, string>>;
}): Reminder[] {
  const { userInfo, now, pathname } = input;
  const due = (popup: DailyPopup) => !shownToday(input.shownOn ?? {}, popup, now);
  const onPlayer = isPlayerPath(pathname);
  const bound = Boolean(userInfo.email || userInfo.phone);
  const list: Reminder[] = [];
  if (!onPlayer && !input.expiryDeferred && expirySoon(userInfo.expiry, now) && !justPaid(userInfo, now))
    list.push('expiry');
  if (!bound && due('bind')) list.push('bind');
  if (!onPlayer && input.isPhone && !input.standalone && !bound && due('install')) list.push('install');
  return list;
}
