import type { UserInfo } from '@app/contract';
import { UNLIMITED_VIEWS } from '@app/contract/constants';

/** The bound address shown under the avatar, partly hidden (someone may look at the screen). */
export function maskedAccount(user: Pick<UserInfo, 'email' | 'phone'>): string {
  if (user.email) {
    const [name = '', domain = ''] = user.email.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  if (user.phone)
    return `${user.phone.slice(0, Math.max(0, user.phone.length - 8))}****${user.phone.slice(-4)}`;
  return '';
}

export function isBound(user: Pick<UserInfo, 'email' | 'phone'>): boolean {
  return Boolean(user.email || user.phone);
}

/** Views left today for layout B: `used/total`, or null for VIP (unlimited, shown as ∞). */
export function viewsLeft([used, total]: readonly [number, number]): { used: number; total: number } | null {
  return total === UNLIMITED_VIEWS ? null : { used, total };
}

/** The friend-code entry is hidden for promoters and when invites give nothing (part 1 §2). */
export function friendEntryShown(user: Pick<UserInfo, 'promoter'>, shareDays: number): boolean {
  return !user.promoter && shareDays > 0;
}

export { supportMailHref } from '../../app/support-mail.ts';

/** Messenger links of the host list, in a stable order, only those that are set. */
export function messengerLinks(hostList: Record<string, unknown>): { name: string; url: string }[] {
  return (['potato', 'telegream'] as const)
    .map((name) => ({ name, url: typeof hostList[name] === 'string' ? (hostList[name] as string) : '' }))
    .filter((link) => /^https?:\/\//.test(link.url));
}
