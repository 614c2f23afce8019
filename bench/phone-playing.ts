import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, phoneContext } from '../e2e/browser.ts';
import { settle } from '../e2e/settle.ts';

/** The throttled phone of bench:player and bench:edge: a phone's network and CPU (4× slowdown). */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
const CPU_SLOWDOWN = 4;
/** The same hls.js build the web app bundles (its package's own browser file). */
const HLS_SCRIPT = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/**
 * A guest of its own made VIP by buying a month through the sandbox gateway, as a user would (a
 * production database has no demo activity codes).
 */
export async function vipGuest(base: string): Promise<string> {
  const { code } = (await (await fetch(`${base}/v1/launch`, { method: 'POST' })).json()).response;
  const login = await (await fetch(`${base}/v1/fastlogin`, { headers: { 'x-fast-code': code } })).json();
  const token = login.response.token as string;
  const plans = (await (await fetch(`${base}/v2/shop/api`)).json()).response.plan2;
  const plan = plans[0];
  const payment = plan.payments[0].payments[0].id;
  const query = new URLSearchParams({ token, plan: String(plan.id), payment: String(payment) });
  const bought = await (await fetch(`${base}/v2/shop/buy?${query}`)).json();
  if (bought.status.code !== 200) throw new Error(`the buy was refused: ${bought.status.message}`);
  // The sandbox checkout's Pay button posts the signed order back; the gateway then notifies.
  const checkout = new URL(bought.response.url as string);
  const paid = await fetch(`${base}/sandbox-pay/pay`, {
    method: 'POST',
    body: new URLSearchParams(checkout.searchParams),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`the sandbox payment failed (${paid.status})`);
  return token;
}

export interface TapRun {
  /** The web app's origin. */
  base: string;
  token: string;
  /** Which video card of the feed (each run its own, so no run finds another's segments cached). */
  run: number;
  throttled: boolean;
  /** Where a screenshot goes when the feed has no such card. */
  dataDir: string;
  /** Told the card's address before the tap (and awaited): bench:player warms the server for it. */
  beforeTap?: (href: string) => Promise<void>;
}

/** One cold phone: start-up settled, then the n-th video card of the feed tapped; ms to `playing`. */
export async function tapToPlaying(
  browser: Browser,
  { base, token, run, throttled, dataDir, beforeTap }: TapRun,
) {
  const context = await phoneContext(browser, {
    noServiceWorkerBecause:
      'every run is a cold phone; a worker installing in the background would compete with the tap',
  });
  // tsx names the functions it compiles with a `__name` helper the page does not have.
  await context.addInitScript('globalThis.__name = (fn) => fn');
  await context.addInitScript((stored) => localStorage.setItem('app.token', JSON.stringify(stored)), token);
  const page = await context.newPage();
  await page.goto(`${base}/long`);
  await page.locator('.app-tab-bar').waitFor();
  await settle(page, { decline: true }); // the guest's bind reminder would lead away from the feed
  // The feed's blocks below the first screen render as they scroll into view.
  const card = page.locator('.home__feed a.video-card').nth(run);
  for (let scrolls = 0; !(await card.count()); scrolls++) {
    if (scrolls === 100) {
      await page.screenshot({ path: path.join(dataDir, 'no-card.png') });
      throw new Error(`no video card ${run + 1} on the long home (see ${dataDir}/no-card.png)`);
    }
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
  }
  await card.scrollIntoViewIfNeeded();
  await card.locator('img').first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => {
    const marks: { tap?: number; playing?: number } = {};
    (window as unknown as { __bench: typeof marks }).__bench = marks;
    document.addEventListener('pointerdown', () => (marks.tap ??= performance.now()), { capture: true });
    // `playing` does not bubble; a capturing listener on the document still hears it.
    document.addEventListener(
      'playing',
      (event) => {
        if ((event.target as Element).matches('video.player__video')) marks.playing ??= performance.now();
      },
      { capture: true },
    );
  });
  if (beforeTap) await beforeTap((await card.getAttribute('href')) ?? '');
  if (throttled) await throttle(context, page);
  if (process.env.BENCH_VERBOSE) console.log(`  run ${run + 1}: tapping ${await card.getAttribute('href')}`);
  await card.tap();
  await page.waitForFunction(
    () => (window as unknown as { __bench: { playing?: number } }).__bench.playing,
    null,
    {
      timeout: 60_000,
    },
  );
  const ms = await page.evaluate(() => {
    const marks = (window as unknown as { __bench: { tap: number; playing: number } }).__bench;
    return marks.playing - marks.tap;
  });
  // BENCH_TIMELINE=1 prints what the page fetched after the tap, to see what the first frame waits for.
  if (process.env.BENCH_TIMELINE) console.log(await page.evaluate(timeline));
  await context.close();
  return ms;
}

export interface ReferenceRun {
  base: string;
  token: string;
  /** The video to play (the bench plays the same feed video in the app's run). */
  avkey: string;
  /** The quality the app asks for first (its stored `videoPixel`). */
  pixel: string;
  throttled: boolean;
}

/**
 * The reference of bench:player, measured on the same phone (cold context, same throttling switched
 * on just before the tap): a bare page of the same server (`/speed.html`, nothing of the app) with
 * hls.js loaded before the tap. On the tap it asks for the same video info the app asks for (the
 * one call no client can skip: it says what the account may play), then hands hls.js, with its
 * defaults, the playlist of `video_urls[pixel]`: playlist, key and first segment from the stream
 * line as any player would fetch them. It draws nothing else, so the app's cost over it is its own
 * work: the play page's render, the player's set-up and the requests it could not overlap.
 */
export async function referenceTapToPlaying(browser: Browser, run: ReferenceRun): Promise<number> {
  // The same phone as phoneContext's, with no service worker (a bare page has none), and with the
  // page's script policy lifted so that the bench can put hls.js into it before the tap.
  const context = await browser.newContext({
    ...PHONE,
    locale: 'zh-CN',
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  const page = await context.newPage();
  await page.goto(`${run.base}/speed.html`);
  await page.addScriptTag({ path: HLS_SCRIPT });
  await page.evaluate(({ base, token, avkey, pixel }) => {
    document.body.innerHTML =
      '<button id="tap" style="width:200px;height:80px">play</button><video playsinline muted style="width:100%"></video>';
    const video = document.querySelector('video')!;
    const marks: { tap?: number; playing?: number } = {};
    (window as unknown as { __bench: typeof marks }).__bench = marks;
    video.addEventListener('playing', () => (marks.playing ??= performance.now()));
    const button = document.querySelector('#tap')!;
    button.addEventListener('pointerdown', () => (marks.tap ??= performance.now()), { once: true });
    button.addEventListener(
      'click',
      async () => {
        const query = new URLSearchParams({ token, pixel });
        const reply = await fetch(`${base}/v1/video/info/${encodeURIComponent(avkey)}?${query}`);
        const info = (await reply.json()).response as { video_urls: Record<string, string> };
        const Hls = (window as unknown as { Hls: new () => HlsLike }).Hls;
        const hls = new Hls();
        hls.loadSource(new URL(info.video_urls[pixel] ?? info.video_urls['240']!, base).href);
        hls.attachMedia(video);
        void video.play().catch(() => undefined);
      },
      { once: true },
    );
    interface HlsLike {
      loadSource(url: string): void;
      attachMedia(media: HTMLMediaElement): void;
    }
  }, run);
  if (run.throttled) await throttle(context, page);
  await page.locator('#tap').tap();
  await page.waitForFunction(
    () => (window as unknown as { __bench: { playing?: number } }).__bench.playing,
    null,
    {
      timeout: 60_000,
    },
  );
  const ms = await page.evaluate(() => {
    const marks = (window as unknown as { __bench: { tap: number; playing: number } }).__bench;
    return marks.playing - marks.tap;
  });
  await context.close();
  return ms;
}

function timeline(): string {
  const tap = (window as unknown as { __bench: { tap: number } }).__bench.tap;
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((entry) => entry.responseEnd > tap)
    .map(
      (entry) =>
        `    ${(entry.startTime - tap).toFixed(0).padStart(5)}–${(entry.responseEnd - tap).toFixed(0).padStart(5)} ms ${(entry.transferSize / 1024).toFixed(1).padStart(6)} KB  ${new URL(entry.name).pathname.slice(0, 60)}`,
    )
    .join('\n');
}
