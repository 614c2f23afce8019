import type { AppInfo, UserInfo } from '@app/contract';

/**
 * Whether the member page offers the invite-code entry (spec part 1 §6): never to promoters, and
 * not at all while invites earn nothing (share days 0).
 */
export function canEnterInviteCode(
  userInfo: Pick<UserInfo, 'promoter'>,
  appInfo: { share: Pick<AppInfo['share'], 'days'> },
): boolean {
  return !userInfo.promoter && appInfo.share.days > 0;
}
