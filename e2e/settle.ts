import type { Page } from 'playwright-core';
import { screenshotPath } from './browser.ts';

/**
 * The dialogs that are not start-up pop-ups (those are dialogs too, modal-focus.ts, marked
 * `data-testid="popup-…"`). A pop-up still opening may have no size yet: read through this, it is
 * never taken for a dialog of its own.
 */
export function textDialogs(page: Page) {
  return page.locator('[role="dialog"]:not(:has([data-testid^="popup-"]))');
}

/**
 * Closes whatever start-up shows (cover ad, pop-up chain, reminders) until the shell says every
 * start-up pop-up has been shown. Pop-ups fade out, so a control found a moment ago may be gone:
 * every tap is allowed to miss. Kept apart from phone.ts so that benchmarks use it without vitest.
 */
export async function settle(
  page: Page,
  options: { decline?: boolean; onShown?: (popup: string) => Promise<void> } = {},
) {
  let deadline = Date.now() + 45_000;
  // What each round saw, so that a run that does not settle says where it stuck.
  const trail: { what: string; times: number }[] = [];
  const saw = (what: string) => {
    const last = trail.at(-1);
    if (last?.what === what) last.times += 1;
    else trail.push({ what, times: 1 });
  };
  const tap = (action: () => Promise<unknown>) => action().catch(() => undefined);
  // A pop-up found a moment ago may be gone: a read of it must not wait the default 30 s for it.
  const READ = { timeout: 1000 };
  while (Date.now() < deadline) {
    await page.waitForTimeout(250);
    // A start-up pop-up is a dialog too (modal-focus.ts): it has its own branch below.
    const dialog = textDialogs(page).filter({ visible: true });
    const ageGate = page.getByTestId('age-gate').filter({ visible: true });
    // onShown: a look at each pop-up before it is closed (the accessibility audit); its time is
    // not start-up's.
    const shown = async (popup: string) => {
      saw(popup);
      const before = Date.now();
      await options.onShown?.(popup);
      deadline += Date.now() - before;
    };
    if (await ageGate.count()) {
      await shown('age-gate');
      // Declining the age confirmation leaves the app: always confirm.
      await tap(() => ageGate.getByRole('button').last().click({ timeout: 1000 }));
    } else if (await dialog.count()) {
      await shown(
        `dialog: ${
          (
            await dialog
              .last()
              .innerText(READ)
              .catch(() => '')
          ).split('\n')[0]
        }`,
      );
      // The last button accepts (a bind reminder's "bind now" leaves the page); the first declines.
      const buttons = dialog.last().getByRole('button');
      await tap(() => (options.decline ? buttons.first() : buttons.last()).click({ timeout: 1000 }));
    } else if (await page.getByTestId('popup-cover').filter({ visible: true }).count()) {
      await shown('popup-cover');
      // A tap on the ad itself would follow its link.
      await tap(() => page.locator('.cover-ad__skip').click({ timeout: 1000 }));
    } else if (await page.locator('[data-testid^="popup-"]').filter({ visible: true }).count()) {
      const popup = page.locator('[data-testid^="popup-"]').filter({ visible: true }).first();
      await shown((await popup.getAttribute('data-testid', READ).catch(() => null)) ?? 'popup');
      await page.mouse.click(6, 6); // the mask around a pop-up closes it
    } else if (await page.locator('[data-startup-popups="done"]').count()) return;
    else saw('nothing shown, start-up pending');
  }
  await page.screenshot({ path: screenshotPath('unsettled') });
  throw new Error(
    `start-up pop-ups did not settle at ${page.url()}; saw: ${trail
      .map(({ what, times }) => (times > 1 ? `${what} ×${times}` : what))
      .join(', ')}`,
  );
}
