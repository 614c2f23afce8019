import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { APPEAL_IMAGE_MAX_BYTES, type Plan } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { checkoutParams, gatewayNotify, TEST_PAYMENT } from '../../test/shop-kit.ts';
import { JPEG, jpegOfSize, PNG, WEBP } from './image-fixtures.ts';
import { mediaStoreOf, visibilityOf } from '../../platform/media-store/index.ts';
import { appealFilesOf, appealKey, appealsDir } from './appeal-files.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
beforeAll(async () => {
  // Dozens of appeals from one address within a minute: far above a person's limit.
  sut = await buildTestApp({ ...TEST_PAYMENT, RATE_LIMIT_APPEAL: '1000/1m', ...ownPrefix() });
  kit = accountsKit(sut);
});
afterAll(async () => sut.close());

const DAY_MS = 24 * 60 * 60 * 1000;

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body the way a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----appeal${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\ncontent-type: ${part.type}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.bytes : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const image = (bytes: Buffer, filename = 'paid.jpg', type = 'image/jpeg'): Part => ({
  name: 'uploadimg',
  filename,
  type,
  bytes,
});
const email = (value = 'buyer@example.com'): Part => ({ name: 'email', value });

function appeal(token: string | undefined, parts: Part[]) {
  return appealTo(sut, token, parts);
}

async function appealTo(target: TestApp, token: string | undefined, parts: Part[]) {
  const body = multipart(parts);
  const reply = await target.app.inject({
    method: 'POST',
    url: token ? `/v1/shop/report?token=${encodeURIComponent(token)}` : '/v1/shop/report',
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
  const json = reply.json();
  return {
    http: reply.statusCode,
    code: json.status.code as number,
    message: json.status.message,
    response: json.response,
  };
}

async function account() {
  const token = await kit.guest();
  return { token, id: await kit.userIdOf(token) };
}

const appealsOf = (userId: number) =>
  sut.db.selectFrom('appeals').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/**
 * With TEST_MEDIA_STORE=s3 each server of this file keeps its screenshots under a prefix of its
 * own, so the files another test file's appeals leave in the shared bucket are not counted here.
 */
function ownPrefix(): Record<string, string> {
  return process.env.TEST_MEDIA_STORE === 's3' ? { S3_PREFIX: `appeal-test-${crypto.randomUUID()}` } : {};
}

async function storedFiles(target: TestApp = sut): Promise<string[]> {
  if (target.config.mediaStore.kind === 's3')
    return (await mediaStoreOf(target.config).list('appeals/')).map((entry) => entry.key);
  const dir = appealsDir(target.config.dataDir);
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('appeal uploads', () => {
  it('accepts an image of exactly 5 MB and stores it privately, one row per appeal', async () => {
    const user = await account();
    const bytes = jpegOfSize(APPEAL_IMAGE_MAX_BYTES);
    expect(bytes.length).toBe(5_242_880);
    const reply = await appeal(user.token, [email(' Buyer@Example.com '), image(bytes)]);
    expect(reply).toMatchObject({ http: 200, code: 200, message: 'appeal_sent' });
    const [row, ...more] = await appealsOf(user.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      email: 'Buyer@Example.com',
      image_type: 'image/jpeg',
      image_bytes: 5_242_880,
    });
    expect((await appealFilesOf(sut.config).read(row!.image_file))?.equals(bytes)).toBe(true);
    if (sut.config.mediaStore.kind === 's3') {
      // In the bucket's private prefix: no public-read, no edge caching, only the console reads it.
      const [stored] = await mediaStoreOf(sut.config).list(appealKey(row!.image_file));
      expect(stored).toMatchObject({ key: `appeals/${row!.image_file}`, size: bytes.length });
      expect(visibilityOf(stored!.key)).toBe('private');
      expect(await fs.stat(appealsDir(sut.config.dataDir)).catch(() => undefined)).toBeUndefined();
    } else {
      const file = path.join(appealsDir(sut.config.dataDir), row!.image_file);
      // Kept outside the media directory, so no static route can reach it.
      expect(path.relative(sut.config.mediaDir, file).startsWith('..')).toBe(true);
    }
    // (Where the web app is built, the path falls through to its index page, never to the file.)
    const served = await sut.app.inject({ method: 'GET', url: `/img/../appeals/${row!.image_file}` });
    expect(served.rawPayload.equals(bytes)).toBe(false);
    expect(served.headers['content-type']).not.toMatch(/^image\//);
  });

  it('refuses 5 MB + 1 byte with 401, storing nothing', async () => {
    const user = await account();
    const before = await storedFiles();
    const reply = await appeal(user.token, [email(), image(jpegOfSize(APPEAL_IMAGE_MAX_BYTES + 1))]);
    expect(reply).toMatchObject({ http: 401, code: 401, message: 'appeal_image_too_large' });
    expect(await appealsOf(user.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('takes PNG and WebP too, judged by content whatever the name says', async () => {
    const user = await account();
    expect((await appeal(user.token, [email(), image(PNG, 'shot.jpg', 'image/jpeg')])).code).toBe(200);
    expect((await appeal(user.token, [image(WEBP, 'shot', 'application/octet-stream'), email()])).code).toBe(
      200,
    );
    expect((await appealsOf(user.id)).map((row) => row.image_type)).toEqual(['image/png', 'image/webp']);
  });

  it('refuses a text file renamed .png', async () => {
    const user = await account();
    const text = Buffer.from('I paid yesterday, please check my order.\n');
    const reply = await appeal(user.token, [email(), image(text, 'screenshot.png', 'image/png')]);
    expect(reply).toMatchObject({ http: 401, code: 401, message: 'appeal_image_type' });
    expect(await appealsOf(user.id)).toEqual([]);
  });

  it('refuses a truncated JPEG', async () => {
    const user = await account();
    const cut = jpegOfSize(200_000).subarray(0, 199_990);
    const reply = await appeal(user.token, [email(), image(cut)]);
    expect(reply).toMatchObject({ http: 401, code: 401, message: 'appeal_image_type' });
    expect(await appealsOf(user.id)).toEqual([]);
  });

  it('refuses an appeal without a file, and with an empty file', async () => {
    const user = await account();
    expect(await appeal(user.token, [email()])).toMatchObject({ http: 401, message: 'appeal_image_empty' });
    expect(await appeal(user.token, [email(), image(Buffer.alloc(0))])).toMatchObject({
      http: 401,
      message: 'appeal_image_empty',
    });
  });

  it('refuses an appeal without an e-mail, or with an empty one', async () => {
    const user = await account();
    expect(await appeal(user.token, [image(JPEG)])).toMatchObject({
      http: 401,
      message: 'appeal_mail_empty',
    });
    expect(await appeal(user.token, [email('  '), image(JPEG)])).toMatchObject({
      http: 401,
      message: 'appeal_mail_empty',
    });
    expect(await appealsOf(user.id)).toEqual([]);
  });

  it.each([
    ['buyer'],
    ['buyer@'],
    ['@example.com'],
    ['buyer@example'],
    ['a b@example.com'],
    [`${'a'.repeat(250)}@example.com`],
  ])('refuses the e-mail %j', async (address) => {
    const user = await account();
    expect(await appeal(user.token, [email(address), image(JPEG)])).toMatchObject({
      http: 401,
      message: 'appeal_mail_invalid',
    });
  });

  it('refuses two files, a file under another name, an overlong field and a body that is not multipart', async () => {
    const user = await account();
    expect((await appeal(user.token, [email(), image(JPEG), image(PNG)])).code).toBe(401);
    expect(
      (await appeal(user.token, [email(), { ...(image(JPEG) as object), name: 'other' } as Part])).code,
    ).toBe(401);
    expect((await appeal(user.token, [email(`${'a'.repeat(2000)}@example.com`), image(JPEG)])).code).toBe(
      401,
    );
    const json = await sut.app.inject({
      method: 'POST',
      url: `/v1/shop/report?token=${encodeURIComponent(user.token)}`,
      payload: { email: 'buyer@example.com', uploadimg: 'x' },
    });
    expect(json.json().status.code).toBe(401);
    const broken = await sut.app.inject({
      method: 'POST',
      url: `/v1/shop/report?token=${encodeURIComponent(user.token)}`,
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\ncontent-disposition: form-data; name="email"\r\n\r\nbuyer@exa',
    });
    expect(broken.json().status.code).toBe(401);
    const noBoundary = await sut.app.inject({
      method: 'POST',
      url: `/v1/shop/report?token=${encodeURIComponent(user.token)}`,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'email=buyer@example.com',
    });
    expect(noBoundary.json().status.code).toBe(401);
    expect(await appealsOf(user.id)).toEqual([]);
  });

  it('takes the token as a form field too, and needs one', async () => {
    const user = await account();
    expect((await appeal(undefined, [email(), image(JPEG)])).code).toBe(497);
    expect((await appeal(undefined, [{ name: 'token', value: user.token }, email(), image(JPEG)])).code).toBe(
      200,
    );
  });
});

/** A pending order of the seeded monthly plan: a buyer who went to the gateway. */
async function unpaidOrder(token: string) {
  const plans = (await sut.app.inject({ method: 'GET', url: '/v2/shop/api' })).json().response
    .plan2 as Plan[];
  const monthly = plans.find((plan) => plan.name === '月卡')!;
  const payment = monthly.payments[0]!.payments[0]!.id;
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/v2/shop/buy?token=${encodeURIComponent(token)}&plan=${monthly.id}&payment=${payment}`,
  });
  expect(reply.json().status.code).toBe(200);
  return checkoutParams(reply.json().response.url as string);
}

const ageAppeals = (userId: number, ms: number) =>
  sut.db
    .updateTable('appeals')
    .set({ created_at: new Date(Date.now() - ms) })
    .where('user_id', '=', userId)
    .execute();
const ageOrders = (userId: number, ms: number) =>
  sut.db
    .updateTable('orders')
    .set({ created_at: new Date(Date.now() - ms) })
    .where('user_id', '=', userId)
    .execute();
const appealGrants = (userId: number) =>
  sut.db
    .selectFrom('ledger')
    .select(['vip_days'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'appeal_vip')
    .execute();

describe('the appeal VIP day', () => {
  it('is not granted to a fresh guest: the appeal is recorded with `vip: false` and no VIP', async () => {
    const user = await account();
    const reply = await appeal(user.token, [email(), image(JPEG)]);
    expect(reply).toMatchObject({
      http: 200,
      code: 200,
      message: 'appeal_sent',
      response: { success: true, vip: false },
    });
    expect((await appealsOf(user.id)).map((row) => row.vip_granted)).toEqual([false]);
    expect((await kit.userInfo(user.token)).response.userInfo.vip).toBe(false);
    expect(await appealGrants(user.id)).toEqual([]);
  });

  it('goes to an account with an unpaid order from the last 7 days, once in 7 days, through the ledger', async () => {
    const user = await account();
    await unpaidOrder(user.token);
    const first = await appeal(user.token, [email(), image(JPEG)]);
    expect(first.response).toEqual({ success: true, vip: true });
    const info = (await kit.userInfo(user.token)).response.userInfo;
    expect(info.vip).toBe(true);
    const expiry = info.expiry as number;
    expect(expiry).toBeGreaterThan(Date.now() / 1000 + 0.9 * 86_400);
    expect(expiry).toBeLessThanOrEqual(Date.now() / 1000 + 86_400);

    // A second appeal within 7 days is recorded without another day.
    const second = await appeal(user.token, [email(), image(PNG)]);
    expect(second).toMatchObject({
      code: 200,
      message: 'appeal_sent',
      response: { success: true, vip: false },
    });
    expect((await kit.userInfo(user.token)).response.userInfo.expiry).toBe(expiry);

    // Eight days after the grant, with the order still unpaid and 6 days old, a day again.
    await ageAppeals(user.id, 8 * DAY_MS);
    await ageOrders(user.id, 6 * DAY_MS);
    const later = await appeal(user.token, [email(), image(WEBP)]);
    expect(later.response).toEqual({ success: true, vip: true });
    expect((await kit.userInfo(user.token)).response.userInfo.expiry).toBe(expiry + 86_400);

    // An order older than 7 days no longer earns one.
    await ageAppeals(user.id, 8 * DAY_MS);
    await ageOrders(user.id, 8 * DAY_MS);
    expect((await appeal(user.token, [email(), image(JPEG)])).response).toEqual({
      success: true,
      vip: false,
    });

    expect(await appealGrants(user.id)).toEqual([{ vip_days: 1 }, { vip_days: 1 }]);
    expect((await appealsOf(user.id)).map((row) => row.vip_granted)).toEqual([true, false, true, false]);
  });

  it('is not granted to an account whose orders are all paid', async () => {
    const user = await account();
    const order = await unpaidOrder(user.token);
    const paid = await sut.app.inject({
      method: 'GET',
      url: `/pay/notify?${new URLSearchParams(gatewayNotify({ out_trade_no: order.out_trade_no!, money: order.money! }))}`,
    });
    expect(paid.body).toBe('success');
    const before = (await kit.userInfo(user.token)).response.userInfo.expiry as number;
    expect((await appeal(user.token, [email(), image(JPEG)])).response).toEqual({
      success: true,
      vip: false,
    });
    expect((await kit.userInfo(user.token)).response.userInfo.expiry).toBe(before);
    expect(await appealGrants(user.id)).toEqual([]);
  });

  it('is granted once when two appeals arrive at the same moment', async () => {
    const user = await account();
    await unpaidOrder(user.token);
    const replies = await Promise.all([
      appeal(user.token, [email(), image(JPEG)]),
      appeal(user.token, [email(), image(PNG)]),
    ]);
    expect(replies.map((reply) => reply.code)).toEqual([200, 200]);
    expect(replies.map((reply) => reply.response.vip).sort()).toEqual([false, true]);
    expect(await appealsOf(user.id)).toHaveLength(2);
  });
});

describe('appeal quotas', () => {
  // 2 appeals per account a day; everyone's screenshots at most 1 MB a day and 1.5 MB in all.
  let limited: TestApp;
  let limitedKit: ReturnType<typeof accountsKit>;
  beforeAll(async () => {
    limited = await buildTestApp({
      APPEALS_PER_DAY: '2',
      APPEAL_DAILY_MB: '1',
      APPEAL_STORAGE_MB: '1.5',
      ...ownPrefix(),
    });
    limitedKit = accountsKit(limited);
  });
  afterAll(async () => limited.close());

  const limitedAccount = async () => {
    const token = await limitedKit.guest();
    return { token, id: await limitedKit.userIdOf(token) };
  };
  const rows = () => limited.db.selectFrom('appeals').select(['user_id', 'image_bytes']).execute();
  const age = (hours: number) =>
    limited.db
      .updateTable('appeals')
      .set({ created_at: new Date(Date.now() - hours * 3_600_000) })
      .execute();

  it('refuses an account’s appeal over its daily number with 403 appeal_daily_limit, storing nothing, until a day passed', async () => {
    const user = await limitedAccount();
    for (const bytes of [JPEG, PNG])
      expect((await appealTo(limited, user.token, [email(), image(bytes)])).code).toBe(200);
    const files = await storedFiles(limited);
    expect(files).toHaveLength(2);

    const refused = await appealTo(limited, user.token, [email(), image(WEBP)]);
    expect(refused).toMatchObject({ http: 403, code: 403, message: 'appeal_daily_limit', response: null });
    // Refused before the image is looked at: a text file gets the same answer, not a type error.
    const text = Buffer.from('not an image');
    expect((await appealTo(limited, user.token, [email(), image(text, 'x.png', 'image/png')])).message).toBe(
      'appeal_daily_limit',
    );
    // Also with the token as a form field (the app's way), read before the image.
    expect(
      (await appealTo(limited, undefined, [{ name: 'token', value: user.token }, email(), image(WEBP)]))
        .message,
    ).toBe('appeal_daily_limit');
    expect(await storedFiles(limited)).toEqual(files);
    expect(await rows()).toHaveLength(2);

    // Another account is not held back by this one.
    const other = await limitedAccount();
    expect((await appealTo(limited, other.token, [email(), image(JPEG)])).code).toBe(200);

    // Over a real connection too: the 5 MB upload is answered 403 without being taken in.
    const before = await storedFiles(limited);
    const address = await limited.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.set('token', user.token);
    form.set('email', 'buyer@example.com');
    form.set(
      'uploadimg',
      new Blob([new Uint8Array(jpegOfSize(APPEAL_IMAGE_MAX_BYTES))], { type: 'image/jpeg' }),
      'paid.jpg',
    );
    const overHttp = await fetch(`${address}/v1/shop/report`, { method: 'POST', body: form });
    expect(overHttp.status).toBe(403);
    expect((await overHttp.json()).status).toEqual({ code: 403, message: 'appeal_daily_limit' });
    expect(await storedFiles(limited)).toEqual(before);

    // A day later the account may appeal again.
    await age(25);
    expect((await appealTo(limited, user.token, [email(), image(WEBP)])).code).toBe(200);
  });

  it('refuses screenshots over the daily total and over the storage ceiling with 403 appeal_busy, leaving no file', async () => {
    await limited.db.deleteFrom('appeals').execute();
    await fs.rm(appealsDir(limited.config.dataDir), { recursive: true, force: true });
    if (limited.config.mediaStore.kind === 's3') await mediaStoreOf(limited.config).deletePrefix('appeals/');
    const big = jpegOfSize(600 * 1024);
    const [first, second, third] = [await limitedAccount(), await limitedAccount(), await limitedAccount()];

    expect((await appealTo(limited, first.token, [email(), image(big)])).code).toBe(200);
    // 0.6 + 0.6 MB is over the 1 MB a day.
    const overDay = await appealTo(limited, second.token, [email(), image(big)]);
    expect(overDay).toMatchObject({ http: 403, code: 403, message: 'appeal_busy' });
    expect(await storedFiles(limited)).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
    // A small screenshot still fits the day.
    expect((await appealTo(limited, second.token, [email(), image(JPEG)])).code).toBe(200);

    // The next day: 0.6 MB more fits the 1.5 MB store (1.2 MB); another 0.6 MB does not.
    await age(25);
    expect((await appealTo(limited, third.token, [email(), image(big)])).code).toBe(200);
    await age(25);
    const overCeiling = await appealTo(limited, third.token, [email(), image(big)]);
    expect(overCeiling).toMatchObject({ http: 403, code: 403, message: 'appeal_busy' });
    expect(await storedFiles(limited)).toHaveLength(3);
    const sizes = (await rows()).map((row) => row.image_bytes).sort((a, b) => a - b);
    expect(sizes).toEqual([JPEG.length, big.length, big.length]);
  });
});
