import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'test-results', 'screenshots');

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install it with "apt-get install -y chromium" (see README)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A phone as users have it: the app's service worker installs on the first visit and answers the
 * app's own pages from then on. A test that must do without it names the reason
 * (`noServiceWorkerBecause`), so the suites never quietly test a browser no user has.
 */
export async function phoneContext(
  browser: Browser,
  options: { locale?: string; userAgent?: string; noServiceWorkerBecause?: string; ageGate?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...PHONE,
    locale: options.locale ?? 'zh-CN',
    userAgent: options.userAgent,
    serviceWorkers: options.noServiceWorkerBecause ? 'block' : 'allow',
  });
  // The device has answered the age confirmation already, unless the test is about it (ageGate).
  if (!options.ageGate) await context.addInitScript(rememberAgeConfirmed);
  return context;
}

/** Runs in the page: the app's remembered "18 or over" answer (settings.ts `ageConfirmed`). */
function rememberAgeConfirmed() {
  try {
    if (localStorage.getItem('app.ageConfirmed') === null) localStorage.setItem('app.ageConfirmed', 'true');
  } catch {
    // about:blank and other opaque origins have no storage
  }
}

export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}
