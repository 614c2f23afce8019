import { FAST_CODE_HEADER, type AppInfo, type UserInfo } from '@app/contract';
import { call, fetchHostList } from './api-client.ts';
import { readToken, writeToken } from './settings.ts';

export interface StartupResult {
  appInfo: AppInfo;
  userInfo: UserInfo;
  menus: Record<'long' | 'short' | 'original', { menu_id: number; menu_name: string }[]>;
}

/**
 * The start-up order of spec part 1 §4: host list, app info, fast login (URL code, stored token or
 * the jump page), then user data. Returns null when the browser is being sent to the jump page.
 */
export async function startUp(): Promise<StartupResult | null> {
  const hosts = await fetchHostList();
  const apiLine = hosts?.api_pwa.find((line) => !line.encrypt)?.url ?? location.origin;
  const appInfo = (await call<AppInfo>(apiLine, '/v1/appinfo')).response;
  const standalone = matchMedia('(display-mode: standalone)').matches;
  const landing = new URLSearchParams(location.search);
  const code = landing.get('code');
  let token = readToken();
  if (code) {
    const login = await call<{ token: string }>(
      apiLine,
      `/v1/fastlogin?platform=${standalone ? 'pwa' : 'web'}`,
      {
        headers: { [FAST_CODE_HEADER]: code },
      },
    );
    token = login.response?.token ?? null;
    writeToken(token);
    history.replaceState(null, '', '/long');
  }
  if (!token) {
    location.replace(`${standalone ? appInfo.pwa.jump : appInfo.web.jump}${location.search}`);
    return null;
  }
  const [user, menus] = await Promise.all([
    call<{ userInfo: UserInfo }>(apiLine, '/v1/user/info', { method: 'POST', token }),
    call<{ menus: StartupResult['menus'] }>(apiLine, '/v1/menu/type', { token }),
  ]);
  return { appInfo, userInfo: user.response.userInfo, menus: menus.response.menus };
}
