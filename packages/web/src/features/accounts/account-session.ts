import { NON_VIP_PIXEL } from '@app/contract/constants';
import { chooseStreamLine } from '@app/contract/rules';
import { Status } from '@app/contract/status-codes';
import { request } from '../../app/api/client.ts';
import { clearCollectionsCache } from '../../app/collections-cache.ts';
import { rankedLines } from '../../app/lines/line-book.ts';
import { writeSetting } from '../../app/settings.ts';
import { isStandalone } from '../../app/standalone.ts';
import { startupData, updateStartupData } from '../../app/startup/startup-store.ts';
import type { SigninList } from '../../app/startup/startup.ts';
import { fetchAppInfo, fetchUserInfo, type Platform } from './api/accounts-api.ts';

/** Platform value of spec part 1 §1: pwa when launched from the home screen, else web. */
export function currentPlatform(): Platform {
  return isStandalone() ? 'pwa' : 'web';
}

/**
 * Reads user info again and applies it: VIP may have changed (binding gives a day of it), and
 * the stream line follows VIP by the rules of §4.
 */
export async function reloadUserInfo(): Promise<void> {
  const reply = await fetchUserInfo();
  if (reply.status.code !== Status.ok || !reply.response) return;
  const { userInfo } = reply.response;
  const data = startupData();
  const streamLine = data
    ? chooseStreamLine(rankedLines('stream'), userInfo.vip, data.appInfo.novip.network.lock)
    : undefined;
  if (!userInfo.vip) writeSetting('videoPixel', NON_VIP_PIXEL);
  updateStartupData({ userInfo, ...(streamLine ? { streamLine } : {}) });
}

/** A 403 on a code send may mean a channel was switched off: the forms follow the new app info. */
export async function reloadAppInfo(): Promise<void> {
  const reply = await fetchAppInfo();
  if (reply.status.code === Status.ok && reply.response) updateStartupData({ appInfo: reply.response });
}

/**
 * The app now belongs to another account, or the same one with a new binding: the new session's
 * token is kept, the previous account's favourites are forgotten, and user info and the check-in
 * list are read again.
 */
export async function enterAccount(token: string | undefined): Promise<void> {
  if (token) writeSetting('token', token);
  clearCollectionsCache();
  const signin = request<SigninList>('/v2/signin/list').then(
    (reply) => reply.status.code === Status.ok && updateStartupData({ signinList: reply.response }),
    () => undefined,
  );
  await Promise.all([reloadUserInfo(), signin]);
}
