import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../packages/server/src/media/ffmpeg.ts';
import { testClipArgs } from '../packages/server/src/media/ffmpeg-args.ts';
import { launchChromium, screenshotPath } from './browser.ts';
import type { TranscodeJob } from '@app/contract/console/media';
import { asOwner, consolePage } from './console.ts';
import { baseUrl, boundAccount, open, phoneWith, shot, startedPhone } from './phone.ts';

/**
 * Issue 24 in a browser: an editor uploads a generated 20-second clip through the console
 * (1280×800), watches it upload and transcode to 100 %, picks a cover and publishes; then a
 * phone (390×844) finds it by its title and plays it, as a guest at 240 and as a VIP at 480.
 */
let browser: Browser;
let work: string;
let clip: string;
const TITLE_PREFIX = 'Upload Check';
const title = `${TITLE_PREFIX} ${Date.now().toString(36)}`;

/**
 * Deletes this spec's videos (also those a stopped earlier run left behind): published, the upload
 * is the newest long video, the first card other suites open from 最新 for its actors.
 */
async function removeOurs() {
  const call = await asOwner();
  const { items } = await call<{ items: TranscodeJob[] }>('GET', '/transcode/jobs?limit=200');
  for (const job of items)
    if (job.title.startsWith(TITLE_PREFIX) && job.video) await call('DELETE', `/videos/${job.video.id}`);
}

beforeAll(async () => {
  await removeOurs();
  browser = await launchChromium();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'console-upload-'));
  clip = path.join(work, `${title}.mp4`);
  await runFfmpeg(
    testClipArgs({ pattern: 'testsrc', title, seconds: 20, width: 640, height: 360, out: clip }),
  );
});
afterAll(async () => {
  await removeOurs();
  await browser?.close();
  await fs.rm(work, { recursive: true, force: true });
});

/** Segment requests of the uploaded video's asset, by rendition. */
function segmentsOf(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = /\/hls\/(up-[0-9a-f]+)\/(\w+)\/[^?]+\.ts/.exec(request.url());
    if (match) seen.push(match[2]!);
  });
  return seen;
}

async function playsPast(page: Page, seconds: number) {
  await page.waitForFunction(
    (limit) => {
      const element = document.querySelector<HTMLVideoElement>('video.player__video');
      return Boolean(element && !element.paused && element.currentTime > limit);
    },
    seconds,
    { timeout: 30_000 },
  );
}

/** Search by the title in the app and open the result. */
async function searchAndOpen(page: Page) {
  await open(page, '/long/search');
  const box = page.getByTestId('search-box').locator('input');
  await box.fill(title);
  await box.press('Enter');
  const results = page.getByTestId('search-results');
  await results.getByText(title).first().click();
  await page.getByTestId('player').waitFor();
}

describe('console: upload and transcode', () => {
  it('uploads a clip, shows it reach 100 %, picks a cover, publishes; the app finds and plays it', async () => {
    const { page, context } = await consolePage(browser, 'editor');
    await page.goto(`${baseUrl}/admin/media-upload`);
    await page.getByText('把视频文件拖到这里，或点击选择').waitFor();
    await page.locator('input[type=file]').setInputFiles(clip);

    // The file's own row: bytes sent against its size, then done.
    const uploadRow = page.getByRole('listitem', { name: `${title}.mp4` });
    await uploadRow.getByText('上传完成').waitFor({ timeout: 60_000 });
    await expect.poll(() => uploadRow.innerText()).toContain('100%');

    // The job row moves through its stages live and ends at 100 %.
    const jobRow = page.getByRole('row').filter({ hasText: title });
    const stages = new Set<string>();
    const deadline = Date.now() + 240_000;
    while (!(await jobRow.getByText('已完成').count())) {
      const text = await jobRow.innerText().catch(() => '');
      for (const stage of ['读取文件', '生成 240p', '生成 480p', '生成预告片段', '截取封面'])
        if (text.includes(stage)) stages.add(stage);
      if (text.includes('失败')) throw new Error(`the job failed: ${text}`);
      if (Date.now() > deadline) throw new Error('the job did not finish in time');
      await page.waitForTimeout(200);
    }
    expect(stages.size).toBeGreaterThan(0);
    await expect.poll(() => jobRow.innerText()).toContain('100%');
    expect(await page.getByText('实时更新').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('console-upload-done') });

    await jobRow.getByRole('button', { name: '选择封面' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByText('候选 4').waitFor();
    // Every candidate shows its decrypted picture.
    await expect.poll(() => picker.locator('img[src^="blob:"]').count()).toBe(8);
    await page.screenshot({ path: screenshotPath('console-upload-covers') });
    await picker.getByRole('button', { name: '使用这张 候选 3' }).click();
    await page.getByText('封面已更换').waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });

    await jobRow
      .getByRole('button', { name: '发 布' })
      .or(jobRow.getByRole('button', { name: '发布' }))
      .click();
    await page.getByText('已发布，App 的列表和搜索几秒内可见').waitFor();
    await jobRow.getByText('已发布').waitFor();
    await context.close();

    // A guest finds it and plays it at 240.
    const guest = await startedPhone(browser);
    const guestSegments = segmentsOf(guest.page);
    await searchAndOpen(guest.page);
    await playsPast(guest.page, 2);
    await shot(guest.page, 'console-upload-phone-guest');
    expect(guestSegments.length).toBeGreaterThan(0);
    expect(new Set(guestSegments)).toEqual(new Set(['240']));
    await guest.context.close();

    // A VIP plays it at 480.
    const vip = await phoneWith(browser, (await boundAccount('secret123')).token);
    const vipSegments = segmentsOf(vip.page);
    await searchAndOpen(vip.page);
    await playsPast(vip.page, 2);
    await vip.page.getByTestId('switch-quality').click();
    await vip.page.getByText('高清 480P', { exact: true }).click();
    await expect.poll(() => vipSegments.includes('480'), { timeout: 15_000 }).toBe(true);
    const at = await vip.page
      .locator('video.player__video')
      .evaluate((element: HTMLVideoElement) => element.currentTime);
    await playsPast(vip.page, at + 1);
    await shot(vip.page, 'console-upload-phone-vip');
    await vip.context.close();
  });
});
