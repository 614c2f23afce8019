import { EXPIRY_WARNING_DAYS } from '@app/contract/constants';
import type { UserInfo } from '@app/contract';

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
 * not on player pages), bind (a guest with neither phone nor e-mail), install (a phone, not
 * standalone, no bound account, not on player pages).
 */
export function reminders(input: {
  userInfo: UserInfo;
  now: number;
  pathname: string;
  expiryDeferred: boolean;
  isPhone: boolean;
  standalone: boolean;
}): Reminder[] {
  const { userInfo, now, pathname } = input;
  const onPlayer = isPlayerPath(pathname);
  const bound = Boolean(userInfo.email || userInfo.phone);
  const list: Reminder[] = [];
  if (!onPlayer && !input.expiryDeferred && expirySoon(userInfo.expiry, now)) list.push('expiry');
  if (!bound) list.push('bind');
  if (!onPlayer && input.isPhone && !input.standalone && !bound) list.push('install');
  return list;
}
