import type {
  Ad,
  AppInfo,
  Category,
  HostList,
  SigninList,
  StreamLine,
  UserInfo,
  VideoType,
} from '@app/contract';
export type { SigninList } from '@app/contract';
import { NON_VIP_PIXEL } from '@app/contract/constants';
import { chooseStreamLine } from '@app/contract/rules';
import { Status } from '@app/contract/status-codes';
import { FAST_CODE_HEADER, isHostTestLine } from '@app/contract/wire';
import { received, request, type Envelope } from '../api/client.ts';
import { bootstrapHosts, defaultHostList, loadHostList } from '../lines/host-list.ts';
import { setRankedLines } from '../lines/line-book.ts';
import { raceLines, sharedSpeedTests, type RaceOutcome } from '../lines/speed-race.ts';
import { readSetting, writeSetting } from '../settings.ts';
import { isStandalone } from '../standalone.ts';
import { takeEarlyFastLogin } from './early-fast-login.ts';
import { landingSource, sendUserInit } from './user-init.ts';
import { afterFirstCover, markOnce, PerfMark } from '../perf-marks.ts';

/** Error dialog markers of spec part 1 §8: app info, token, data load, user info. */
export type StartupMarker = 0 | 1 | 2 | 3;

export class StartupError extends Error {
  constructor(readonly marker: StartupMarker) {
    super(`start-up failed at marker ${marker}`);
  }
}

/** `pwa.allow` is false: the service error text shows and start-up stops. */
export class ServiceClosedError extends Error {}

export interface StartupData {
  hostList: HostList;
  raceOutcome: RaceOutcome;
  appInfo: AppInfo;
  userInfo: UserInfo;
  menus: Record<VideoType, { menu_id: number; menu_name: string }[]>;
  categories: Record<VideoType, Category[]>;
  adPosters: Record<VideoType, Ad[]>;
  imageChain: string[];
  /** Null until the sign-in list is in (`signinListIn`), and when it could not be read. */
  signinList: SigninList | null;
  /**
   * The sign-in list start-up asked for: only the check-in pop-up and the member pages use it, so
   * the first screen does not wait for it; the shell puts it in the data when it comes.
   */
  signinListIn: Promise<SigninList | null>;
  streamLine: StreamLine | undefined;
  /** A landing URL's `video_type` and `video_id`, opened once start-up is done. */
  landingVideo: { type: string; id: string } | null;
}

async function sendEvent(event: string, detail?: string) {
  await request('/v1/analytics/event', { form: { event, detail } }).catch(() => undefined);
}

function ok<T>(envelope: Envelope<T>): T {
  if (envelope.status.code !== Status.ok && envelope.status.code !== Status.created) {
    throw new Error(envelope.status.message);
  }
  return envelope.response;
}

/** The lines are exactly this page's origin (no other line to race it against). */
function onlyOwnOrigin(lines: { url: string }[]): boolean {
  return lines.length === 1 && new URL(lines[0]!.url, location.origin).origin === location.origin;
}

export interface StartUpHooks {
  /** The ad posters are in and the image line is chosen (before start-up is through). */
  adPostersIn?: (posters: StartupData['adPosters']) => void;
}

/** Start-up's calls with the token, read in step 4 (each is caught there). */
function sendUserCalls(hostList: HostList) {
  const calls = {
    user: request<{ userInfo: UserInfo }>('/v1/user/info', { method: 'POST' }),
    imageChain: request<{ lines: string[] }>(`/v1/user/image/${hostList.img_pwa[0]?.chain ?? 'main'}`, {
      method: 'POST',
    }),
    signinList: request<SigninList>('/v2/signin/list'),
  };
  // Read only once app info is in: a failure meanwhile is not an unhandled one.
  for (const call of Object.values(calls)) call.catch(() => undefined);
  return calls;
}

let begun: Promise<StartupData | null> | undefined;
/** Set in this tab once a refused launch code sent it to the jump page. */
const REFUSED_CODE_KEY = 'app.refusedCodeJump';

/** Starts start-up once, from the boot entry, before React and the pages have even downloaded. */
export function beginStartUp(hooks: StartUpHooks = {}): Promise<StartupData | null> {
  begun ??= startUp(hooks);
  begun.catch(() => undefined); // the shell reads the outcome; never an unhandled rejection meanwhile
  return begun;
}

/** The start-up the boot entry began (a retry starts a new one). */
export function takeStartUp(): Promise<StartupData | null> {
  const running = begun ?? startUp();
  begun = undefined;
  return running;
}

/**
 * The start-up order of spec part 1 §4 with every independent call in parallel. Returns null when
 * the browser is being sent to the jump address (no code and no stored token).
 */
export async function startUp(hooks: StartUpHooks = {}): Promise<StartupData | null> {
  // 1. Host list from the bootstrap hosts; built-in default lines when none answers.
  let hostListFailed = false;
  const hostList = await loadHostList(bootstrapHosts(), 15_000).catch(() => {
    hostListFailed = true;
    return defaultHostList();
  });
  const apiLines = hostList.api_pwa.filter(isHostTestLine);
  const imgLines = hostList.img_pwa.filter(isHostTestLine);
  // A manual line from the hidden config dialog (development) goes before every raced line.
  const manual = readSetting('manualApiLine');
  const withManual = (ranked: typeof apiLines) => (manual ? [{ url: manual }, ...ranked] : ranked);
  // The full ranking of a kind, once every line of it has answered, replaces the first-answer one.
  const settled = { api: false, img: false, stream: false };
  const fallback = defaultHostList();
  // Each kind takes its first-answer ranking as its own race resolves: the api calls wait only for
  // the api race, the images for the image race, the stream line (step 5) for the stream race. A
  // line address two kinds share is tested once for both.
  const speedTest = sharedSpeedTests();
  const apiRace = raceLines(
    apiLines,
    (ranked) => {
      settled.api = true;
      setRankedLines('api', withManual(ranked));
    },
    undefined,
    speedTest,
  ).then((api) => {
    if (!settled.api) setRankedLines('api', withManual(api.outcome === 'ok' ? api.ranked : fallback.api_pwa));
    return api;
  });
  const imgRace = raceLines(
    imgLines,
    (ranked) => {
      settled.img = true;
      setRankedLines('img', ranked);
    },
    undefined,
    speedTest,
  ).then((img) => {
    if (!settled.img)
      setRankedLines('img', img.outcome === 'ok' ? img.ranked : [...imgLines, ...fallback.img_pwa]);
    return img;
  });
  const streamRace = raceLines(
    hostList.stream_pwa,
    (ranked) => {
      settled.stream = true;
      setRankedLines('stream', ranked);
    },
    undefined,
    speedTest,
  ).then((stream) => {
    if (!settled.stream)
      setRankedLines('stream', stream.outcome === 'ok' ? stream.ranked : fallback.stream_pwa);
    return stream;
  });
  if (hostListFailed) void sendEvent('host_domain_fail');
  // When the page's own origin is the only api line, the race cannot send a call anywhere else
  // (a failed race falls back to this origin too), so the calls go now, beside the race, instead of
  // one round trip after it. Otherwise they wait for the race's first answer.
  const ownLineOnly = !manual && onlyOwnOrigin(apiLines);
  if (ownLineOnly) setRankedLines('api', apiLines);
  else await apiRace;

  // 2. App info, and 3. fast login with the URL code beside it: the login needs nothing from app
  // info, so it is sent at once, but its outcome is only used once app info allows the service.
  // A stored session comes first: the address's code only starts a session where there is none
  // (the jump page's hand-over, a home-screen launch with storage of its own), so a link someone
  // else made cannot swap the account the app is in.
  const landing = new URLSearchParams(location.search);
  const code = readSetting('token') ? null : landing.get('code');
  const standalone = isStandalone();
  const platform = standalone ? 'pwa' : 'web';
  const sendFastLogin = (launchCode: string) =>
    request<{ token: string }>('/v1/fastlogin', {
      withoutToken: true,
      query: { platform },
      headers: { [FAST_CODE_HEADER]: launchCode },
    });
  // The page's own early call, when it went to the line this start-up uses (this origin alone);
  // a reply that did not come through is asked for again.
  const early = code && ownLineOnly ? takeEarlyFastLogin(code, platform) : undefined;
  const fastLogin = code
    ? early
      ? early.then((reply) => (reply ? received(reply) : sendFastLogin(code)))
      : sendFastLogin(code)
    : null;
  fastLogin?.catch(() => undefined); // read below, after app info
  // The ad posters need no token: asked for now, so the first banner can start as soon as the
  // image line is known rather than after the fast login (step 4 reads them).
  const adPostersCall = request<StartupData['adPosters']>('/v1/ad/poster', { withoutToken: true })
    .then(ok)
    .catch(() => {
      void sendEvent('advert_get_fail');
      return { long: [], short: [], original: [] };
    });
  // The calls that need the token go as soon as it is here (stored, or the fast login's), beside
  // app info rather than after it; step 4 reads them once app info has allowed the service.
  const tokenIn = fastLogin
    ? fastLogin.then(
        (login) => {
          const token = login.status.code === Status.ok ? login.response?.token : undefined;
          if (token) writeSetting('token', token);
          return Boolean(token);
        },
        () => false,
      )
    : Promise.resolve(Boolean(readSetting('token')));
  const userCalls = tokenIn.then((token) => (token ? sendUserCalls(hostList) : null));
  const appInfo = await request<AppInfo>('/v1/appinfo', { withoutToken: true })
    .then(ok)
    .catch(() => {
      void sendEvent('appinfo_get_fail');
      throw new StartupError(0);
    });
  if (!appInfo.pwa.allow) throw new ServiceClosedError('pwa.allow is false');
  // Built-in lines carry no image key; app info names the image line of last resort with its key.
  const imgReady = imgRace.then((img) => {
    if (hostListFailed || img.outcome !== 'ok') {
      setRankedLines('img', [{ url: appInfo.imgUrl.url, key: appInfo.imgUrl.key, encrypt: true }]);
    }
  });
  // The first banner, the first screen's largest picture, downloads as soon as the posters and the
  // image line are in: beside the fast login and the user calls, not after them.
  if (hooks.adPostersIn) {
    const { adPostersIn } = hooks;
    void Promise.all([adPostersCall, imgReady]).then(([posters]) => adPostersIn(posters));
  }
  const jumpAddress = `${standalone ? appInfo.pwa.jump : appInfo.web.jump}${location.search}`;

  // 3. The stored token, else the URL code's session, else the jump address.
  if (code && fastLogin) {
    const login = await fastLogin.catch(() => null);
    if (login?.status.code === Status.invalid && !sessionStorage.getItem(REFUSED_CODE_KEY)) {
      // The code lapsed or was revoked with its session: a fresh start through the jump page
      // (once per tab, so a refused fresh code cannot bounce between the two).
      sessionStorage.setItem(REFUSED_CODE_KEY, '1');
      location.replace(jumpAddress);
      return null;
    }
    const token = login?.status.code === Status.ok ? login.response?.token : undefined;
    if (!token) {
      void sendEvent('token_get_fail');
      throw new StartupError(1);
    }
    sessionStorage.removeItem(REFUSED_CODE_KEY);
    writeSetting('token', token);
    writeSetting('launchCode', code);
  } else if (!readSetting('token')) {
    location.replace(jumpAddress);
    return null;
  }
  // The campaign is read before the address is rewritten (the jump page keeps it in the query). A
  // home-screen launch that carries none counts as the console's launch parameters (pwa.launch).
  const source =
    landingSource(landing) ??
    (standalone ? landingSource(new URLSearchParams(appInfo.pwa.launch.trim())) : undefined);
  if (landing.has('code')) {
    const keep = new URLSearchParams();
    for (const name of ['video_type', 'video_id']) if (landing.get(name)) keep.set(name, landing.get(name)!);
    history.replaceState(null, '', `/long${keep.size ? `?${keep}` : ''}`);
  }

  // 4. User data, all at once. The public calls (ad posters, menus, categories) go without the
  // token: when this origin is the only api line, the server's page has preloaded them (issue 39,
  // features/pwa/app-shell.ts on the server), the same reply for every user of the locale.
  const calls = (await userCalls) ?? sendUserCalls(hostList);
  const signinListIn = calls.signinList.then(ok).catch(() => null);
  const [adPosters, user, menus, categories, imageChain] = await Promise.all([
    adPostersCall,
    calls.user.then(ok).catch(() => {
      void sendEvent('userinfo_get_fail');
      throw new StartupError(3);
    }),
    request<{ menus: StartupData['menus'] }>('/v1/menu/type', { withoutToken: true })
      .then(ok)
      .catch(() => {
        void sendEvent('menu_get_fail');
        throw new StartupError(2);
      }),
    Promise.all(
      (['long', 'short', 'original'] as const).map((type) =>
        request<{ categories: Category[] }>(`/v2/category/${type}`, { withoutToken: true }).then(ok),
      ),
    ).catch(() => {
      throw new StartupError(2);
    }),
    calls.imageChain
      .then(ok)
      .then((chain) => chain.lines)
      .catch(() => [] as string[]),
  ]);

  // An account's first start says where it came from, once (the server keeps the first answer),
  // once its first covers are on screen: it never shares the line with them.
  if (!user.userInfo.init) afterFirstCover(() => sendUserInit(source, standalone));

  // 5. Stream line by the VIP / no-VIP / lock rules; non-VIP watch at 240.
  const [api, stream] = await Promise.all([apiRace, streamRace, imgReady]);
  const vip = user.userInfo.vip;
  const streamLine = chooseStreamLine(
    stream.outcome === 'ok' ? stream.ranked : fallback.stream_pwa,
    vip,
    appInfo.novip.network.lock,
  );
  if (!vip) writeSetting('videoPixel', NON_VIP_PIXEL);
  // "Loading finished" is the moment the stream line is set (part 1 §4).
  markOnce(PerfMark.loadingFinished);

  const videoId = landing.get('video_id');
  const videoType = landing.get('video_type');
  return {
    hostList,
    raceOutcome: api.outcome,
    appInfo,
    userInfo: user.userInfo,
    menus: menus.menus,
    categories: {
      long: categories[0]!.categories,
      short: categories[1]!.categories,
      original: categories[2]!.categories,
    },
    adPosters,
    imageChain,
    signinList: null,
    signinListIn,
    streamLine,
    landingVideo: videoId && videoType ? { type: videoType, id: videoId } : null,
  };
}
