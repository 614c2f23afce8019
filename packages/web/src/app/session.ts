import { NON_VIP_PIXEL } from '@app/contract/constants';
import { chooseStreamLine } from '@app/contract/rules';
import { Status } from '@app/contract/status-codes';
import type { AppInfo, Platform, UserInfo } from '@app/contract';
import { request } from './api/client.ts';
import { clearCollectionsCache } from './collections-cache.ts';
import { mintLaunchCode } from './launch-code.ts';
import { forgetLikes } from './likes.ts';
import { rankedLines } from './lines/line-book.ts';
import { writeSetting } from './settings.ts';
import { isStandalone } from './standalone.ts';
import { startupData, updateStartupData } from './startup/startup-store.ts';
import type { SigninList } from './startup/startup.ts';

/**
 * The session after start-up: who the app belongs to now. Sign-in, binding and the shell's
 * relogin (a new guest) all enter an account the same way.
 */

/** Platform value of spec part 1 §1: pwa when launched from the home screen, else web. */
export function currentPlatform(): Platform {
  return isStandalone() ? 'pwa' : 'web';
}

/**
 * Reads user info again and applies it: VIP may have changed (binding gives a day of it), and
 * the stream line follows VIP by the rules of §4.
 */
export async function reloadUserInfo(): Promise<void> {
  const reply = await request<{ userInfo: UserInfo }>('/v1/user/info', { method: 'POST' });
  if (reply.status.code !== Status.ok || !reply.response) throw new Error(reply.status.message);
  const { userInfo } = reply.response;
  const data = startupData();
  const streamLine = data
    ? chooseStreamLine(rankedLines('stream'), userInfo.vip, data.appInfo.novip.network.lock)
    : undefined;
  if (!userInfo.vip) writeSetting('videoPixel', NON_VIP_PIXEL);
  updateStartupData({ userInfo, ...(streamLine ? { streamLine } : {}) });
}

/** A binding channel was switched off (`bind_channel_off`): the forms follow the new app info. */
export async function reloadAppInfo(): Promise<void> {
  const reply = await request<AppInfo>('/v1/appinfo', { withoutToken: true });
  if (reply.status.code === Status.ok && reply.response) updateStartupData({ appInfo: reply.response });
}

/**
 * The app now belongs to another account, or the same one with a new binding: the new session's
 * token is kept, the previous account's favourites are forgotten, user info and the check-in list
 * are read again, and the session gets a launch code of its own.
 */
export async function enterAccount(token: string | undefined): Promise<void> {
  if (token) writeSetting('token', token);
  clearCollectionsCache();
  forgetLikes();
  // The session is already this account's: a failed reload leaves the old figures until the next one.
  // A code is never carried over from the previous account: the new session asks for its own.
  await Promise.all([
    reloadUserInfo().catch(() => undefined),
    reloadSigninList().catch(() => undefined),
    mintLaunchCode(),
  ]);
}

/** The 7-day check-in strip read again (after a check-in, an exchange or another account). */
export async function reloadSigninList(): Promise<void> {
  const reply = await request<SigninList>('/v2/signin/list');
  if (reply.status.code !== Status.ok || !reply.response) throw new Error(reply.status.message);
  updateStartupData({ signinList: reply.response });
}
