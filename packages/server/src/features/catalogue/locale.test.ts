import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { simplifiedOnly } from '../../test/simplified-only.ts';
import { browseKit } from '../browse/browse-kit.ts';
import { CATALOGUE_TOPIC } from './catalogue.service.ts';

/**
 * Issue 25, items 4–6: a zh-TW caller (`locale=tw`) reads every catalogue text, title and mail in
 * Traditional; titles follow one rule everywhere; search finds the same videos in either script.
 */
let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
let call: ReturnType<typeof browseKit>;
let token: string;

beforeAll(async () => {
  sut = await buildTestApp();
  kit = accountsKit(sut);
  call = browseKit(sut);
  token = await kit.guest();
});

afterAll(async () => {
  await sut.close();
});

/** Every string of a reply, with where it sits, so a failure names the field. */
function textsOf(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => textsOf(item, `${at}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${at}.${key}`));
  return [];
}

/** A form POST the way the app sends it: token and locale in the query. */
async function post(url: string, body: Record<string, string>, locale: string, guestToken?: string) {
  const query = new URLSearchParams({ locale, ...(guestToken ? { token: guestToken } : {}) });
  const reply = await sut.app.inject({ method: 'POST', url: `${url}?${query}`, payload: body });
  return { code: reply.json().status.code as number };
}

function simplifiedIn(value: unknown) {
  return textsOf(value).flatMap(({ at, text }) =>
    simplifiedOnly(text).length > 0 ? [`${at}: ${text}`] : [],
  );
}

/** The catalogue replies a user reads, each as the app asks for it. */
const READS = [
  '/v1/menu/type',
  '/v2/category/long',
  '/v2/category/short',
  '/v1/ad/poster',
  '/v1/longs/menus',
  '/v1/shorts/tags',
  '/v2/longs/videos/0',
  '/v2/shorts/videos/0',
  '/v2/original/videos/0',
  '/v1/keywords/popular',
  '/v1/videos/long/top',
  '/v1/actors',
  '/v1/longs/videos/6',
  '/v2/shop/api',
  '/v1/shop/levelapi/A',
  '/v2/signin/list',
  '/v1/appinfo',
];

describe('Traditional Chinese for a zh-TW caller', () => {
  it('answers every catalogue text in Traditional, and in Simplified for a zh-CN caller', async () => {
    for (const path of READS) {
      const tw = await call.get(path, 'locale=tw', token);
      expect(tw.code, path).toBe(200);
      expect(simplifiedIn(tw.response), path).toEqual([]);
    }
    // The same replies in Simplified: the headings the issue names, converted.
    const cnFeed = await call.get('/v2/longs/videos/0', 'locale=cn', token);
    const twFeed = await call.get('/v2/longs/videos/0', 'locale=tw', token);
    const titles = (feed: typeof cnFeed) =>
      feed.response.blocks.map((block: { title: string }) => block.title);
    expect(titles(cnFeed)).toEqual(
      expect.arrayContaining(['热门分类', '选择你的兴趣', '随便看看', '人气演员']),
    );
    expect(titles(twFeed)).toEqual(
      expect.arrayContaining(['熱門分類', '選擇你的興趣', '隨便看看', '人氣演員']),
    );
    const twPlans = await call.get('/v2/shop/api', 'locale=tw', token);
    const methods = textsOf(twPlans.response.plan2[0].payments).map(({ text }) => text);
    expect(methods).toEqual(expect.arrayContaining(['支付寶 通道A', '銀聯 雲閃付']));
    const twSignin = await call.get('/v2/signin/list', 'locale=tw', token);
    expect(twSignin.response.result[0].details).toBe('+5 點數');
    // Without a locale the spec's default, cn.
    const plain = await call.get('/v2/shop/api', '', token);
    expect(textsOf(plain.response.plan2[0].payments).map(({ text }) => text)).toContain('支付宝 通道A');
  });

  it('gives a video one title everywhere: the Chinese title in the caller’s script, else the English one', async () => {
    const top = await call.get('/v1/videos/long/top', 'locale=tw', token);
    const video = top.response.videos[0];
    const row = await sut.db
      .selectFrom('videos')
      .select(['title', 'title_cn', 'title_tw'])
      .where('avkey', '=', video.video_id)
      .executeTakeFirstOrThrow();
    expect(video.video_title).toBe(row.title_tw);
    expect(simplifiedOnly(video.video_title)).toEqual([]);
    const info = await call.get(`/v1/video/info/${video.video_id}`, 'locale=tw', token);
    expect(info.response.video_title).toBe(row.title_tw);
    const related = await call.get(`/v2/videos/recommend/${video.video_id}`, 'locale=tw', token);
    expect(related.response.videos.length).toBeGreaterThan(0);
    expect(
      simplifiedIn(related.response.videos.map((item: { video_title: string }) => item.video_title)),
    ).toEqual([]);
    for (const item of related.response.videos) expect(item.video_title).not.toMatch(/^[A-Za-z]/);
    const cnInfo = await call.get(`/v1/video/info/${video.video_id}`, 'locale=cn', token);
    expect(cnInfo.response.video_title).toBe(row.title_cn);

    // A video with no Chinese title is called by its English one, in both scripts.
    await sut.db
      .updateTable('videos')
      .set({ title_cn: '', title_tw: null })
      .where('avkey', '=', video.video_id)
      .execute();
    sut.ctx.cache.invalidate(CATALOGUE_TOPIC);
    for (const locale of ['cn', 'tw']) {
      const english = await call.get(`/v1/video/info/${video.video_id}`, `locale=${locale}`, token);
      expect(english.response.video_title).toBe(row.title);
    }
  });

  it('finds the same videos whichever script the search is typed in', async () => {
    for (const [traditional, simplified] of [
      ['晨間瑜伽', '晨间瑜伽'],
      ['騎行', '骑行'],
    ] as const) {
      for (const type of ['long', 'short']) {
        const path = (text: string) => `/v1/videos/${type}/keyword/${encodeURIComponent(text)}`;
        const fromTw = await call.get(path(traditional), 'locale=tw', token);
        const fromCn = await call.get(path(simplified), 'locale=cn', token);
        expect(fromCn.response.total_results, simplified).toBeGreaterThan(0);
        expect(fromTw.response.total_results).toBe(fromCn.response.total_results);
        const ids = (answer: typeof fromTw) =>
          answer.response.videos.map((v: { video_id: string }) => v.video_id);
        expect(ids(fromTw)).toEqual(ids(fromCn));
        expect(fromTw.response.videos[0].video_title).toContain(traditional);
      }
    }
  });

  it('lists a tag picked by its Traditional name', async () => {
    const tags = await call.get('/v1/longs/tags', 'locale=tw', token);
    expect(tags.response.tags).toContain('音樂');
    const byTw = await call.get(
      '/v1/videos/menu/0',
      `video_type=long&list=${encodeURIComponent('音樂')}&locale=tw`,
      token,
    );
    const byCn = await call.get(
      '/v1/videos/menu/0',
      `video_type=long&list=${encodeURIComponent('音乐')}&locale=cn`,
      token,
    );
    expect(byCn.response.total_results).toBeGreaterThan(0);
    expect(byTw.response.total_results).toBe(byCn.response.total_results);
    expect(byTw.response.videos[0].video_tags).toContain('音樂');
  });

  it('names a bought plan and its payment method in the buyer’s script on the orders page', async () => {
    const buyer = await kit.boundAccount({ email: kit.newEmail('buyer') });
    const plans = await call.get('/v2/shop/api', 'locale=tw', buyer);
    const plan = plans.response.plan2[0];
    const unionpay = plan.payments.find((group: { pay_type: string }) => group.pay_type === 'unionpay');
    const bought = await call.get(
      '/v2/shop/buy',
      `plan=${plan.id}&payment=${unionpay.payments[0].id}&locale=tw`,
      buyer,
    );
    expect(bought.code).toBe(200);
    // Paid as the gateway's notify would (the notify itself is the shop tests' subject).
    await sut.db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: new Date(), vip_until: new Date(Date.now() + 86_400_000) })
      .where('out_trade_no', '=', bought.response.order_id)
      .execute();
    const tw = await call.post('/v1/shop/history', {}, buyer, 'locale=tw');
    expect(tw.response.orders[0]).toMatchObject({ name: '月卡', method: '雲閃付' });
    const cn = await call.post('/v1/shop/history', {}, buyer, 'locale=cn');
    expect(cn.response.orders[0]).toMatchObject({ name: '月卡', method: '云闪付' });
  });

  it('sends the code mail and SMS in the account’s script', async () => {
    const email = kit.newEmail('tw');
    const guest = await kit.guest();
    const sent = await post('/v1/register/verify', { email }, 'tw', guest);
    expect(sent.code).toBe(200);
    const mail = await sut.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(email)}`,
    });
    const [message] = mail.json().response.messages;
    expect(message.subject).toBe('綁定帳號驗證碼');
    expect(simplifiedOnly(`${message.subject}${message.text}`)).toEqual([]);

    const phone = kit.newPhone();
    await post('/v1/register/verify', { phone }, 'tw', await kit.guest());
    const sms = await sut.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(phone)}`,
    });
    expect(sms.json().response.messages[0].text).toMatch(/^驗證碼\d+，您正在綁定帳號/);

    // A bound account keeps its language: a reset asked from a zh-CN browser still reads Traditional.
    const guestUser = await kit.userIdOf(guest);
    const stored = await sut.db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', guestUser)
      .executeTakeFirstOrThrow();
    expect(stored.locale).toBe('tw');
    await kit.call(
      '/v1/register/binding',
      { email, code: await kit.lastCodeFor(email), password: 'secret123' },
      { token: guest },
    );
    await kit.skipCountdown(email);
    const reset = await post('/v1/user/pwd/forget', { email }, 'cn');
    expect(reset.code).toBe(200);
    const resetMail = await sut.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(email)}`,
    });
    expect(resetMail.json().response.messages[0].subject).toBe('找回密碼驗證碼');

    // And a zh-CN caller reads Simplified.
    const cnEmail = kit.newEmail('cn');
    await post('/v1/register/verify', { email: cnEmail }, 'cn', await kit.guest());
    const cnMail = await sut.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(cnEmail)}`,
    });
    expect(cnMail.json().response.messages[0].subject).toBe('绑定账号验证码');
  });
});
