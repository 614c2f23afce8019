import fs from 'node:fs/promises';
import path from 'node:path';
import { AppInfoReplySchema, HostListSchema } from '@app/contract';
import type { OperatorRole } from '@app/contract/console/operators';
import {
  AppSettingsReplySchema,
  HostLinesReplySchema,
  SETTINGS_IMAGE_MAX_BYTES,
  type AppSettingsChange,
  type HostLinesInput,
} from '@app/contract/console/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptBytes } from '../../media/aes.ts';
import { buildTestApp, guestToken, type TestApp } from '../../test/build-app.ts';
import { CONSOLE_CSRF_HEADER } from '@app/contract/console/list';
import {
  appUser,
  auditEntries,
  consoleRequest,
  signInOperator,
  statusByCaller,
  type OperatorSession,
} from '../console/console-kit.ts';
import { JPEG, jpegOfSize, PNG } from '../rewards/image-fixtures.ts';

let sut: TestApp;
let userToken: string;
const who = {} as Record<OperatorRole, OperatorSession>;
const ROLES: OperatorRole[] = ['owner', 'editor', 'support', 'finance'];

beforeAll(async () => {
  // Its own media folder: a test below counts the files an upload left there.
  sut = await buildTestApp({}, { ownMedia: true });
  userToken = await guestToken(sut.app);
  for (const role of ROLES) who[role] = await signInOperator(sut, role);
});
afterAll(async () => sut.close());

const appInfo = async (locale: 'cn' | 'tw' = 'cn') => {
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/v1/appinfo?locale=${locale}`,
    headers: { host: 'localhost:8080' },
  });
  return AppInfoReplySchema.parse(reply.json()).response;
};

const put = (as: OperatorSession, body: unknown) =>
  consoleRequest(sut, as, 'PUT', '/admin/api/settings/app', body);

const lastAudit = async (action: string) => (await auditEntries(sut, action))[0];

/** A multipart upload of one file as the console sends it. */
function multipart(bytes: Buffer, field = 'image', filename = 'picture.png') {
  const boundary = '----settings-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'content-type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('app settings: who may read and change them', () => {
  it('owners and editors read the settings; support, finance, an app user and no session do not', async () => {
    expect(await statusByCaller(sut, 'GET', '/admin/api/settings/app')).toEqual({
      owner: 200,
      editor: 200,
      support: 403,
      finance: 403,
      user: 401,
      none: 401,
    });
    const body = AppSettingsReplySchema.parse(
      (await consoleRequest(sut, who.editor, 'GET', '/admin/api/settings/app')).json(),
    );
    expect(body.settings.pwa.jump).toBe('/jump');
    expect(body.saleBonusDays).toEqual({ A: 20, B: 30, C: 40, D: 45, E: 30, F: 7 });
  });

  it('owners and editors change a setting; the others are refused and nothing changes for them', async () => {
    const statuses = await statusByCaller(sut, 'PUT', '/admin/api/settings/app', {
      settings: { follower_import_switch: true },
    });
    expect(statuses).toEqual({ owner: 200, editor: 200, support: 403, finance: 403, user: 401, none: 401 });
    const refused = { settings: { cash: { maintain: true } } };
    for (const caller of [who.support, who.finance, await appUser(sut), null]) {
      await consoleRequest(sut, caller, 'PUT', '/admin/api/settings/app', refused);
    }
    expect((await appInfo()).cash.maintain).toBe(false);
  });

  it('a change without the CSRF header is refused', async () => {
    const reply = await consoleRequest(
      sut,
      { ...who.owner, csrf: 'not-the-token' },
      'PUT',
      '/admin/api/settings/app',
      {
        settings: { cash: { maintain: true } },
      },
    );
    expect(reply.statusCode).toBe(403);
    expect((await appInfo()).cash.maintain).toBe(false);
  });
});

describe('app settings: a change reaches the app at once', () => {
  it('an editor switches the announcement on: the next app info carries it in both scripts, audited', async () => {
    const reply = await put(who.editor, {
      settings: {
        pwa: {
          ...(await appInfo()).pwa,
          announcement_switch: true,
          message: '新版本上线，欢迎体验\\n软件更新后观看视频更流畅',
          sub_message: '',
        },
      },
    } satisfies AppSettingsChange);
    expect(reply.statusCode).toBe(200);
    const saved = AppSettingsReplySchema.parse(reply.json());
    expect(saved.textsTw.message).toBe('新版本上線，歡迎體驗\\n軟體更新後觀看影片更流暢');

    const cn = await appInfo('cn');
    expect(cn.pwa.announcement_switch).toBe(true);
    expect(cn.pwa.message).toBe('新版本上线，欢迎体验\\n软件更新后观看视频更流畅');
    const tw = await appInfo('tw');
    expect(tw.pwa.message).toBe('新版本上線，歡迎體驗\\n軟體更新後觀看影片更流暢');

    const audit = await lastAudit('settings.app.update');
    expect(audit?.target).toBe('settings:app');
    expect((audit?.before as { pwa: { message: string } }).pwa.message).toBe('');
    expect((audit?.after as { pwa: { message: string } }).pwa.message).toContain('新版本上线');
    expect((audit?.after as { textsTw: { message: string } }).textsTw.message).toContain('新版本上線');
  });

  it('keeps a Traditional text as the operator worded it, and converts again when only the Simplified changes', async () => {
    await put(who.owner, {
      settings: { home: { news_content: '每日签到领积分' } },
      textsTw: { news_content: '每天簽到拿點數' },
    });
    expect((await appInfo('tw')).home.news_content).toBe('每天簽到拿點數');
    expect((await appInfo('cn')).home.news_content).toBe('每日签到领积分');

    await put(who.owner, { settings: { home: { news_content: '观看视频送积分' } } });
    expect((await appInfo('tw')).home.news_content).toBe('觀看影片送點數');
  });

  it('saves only the groups sent: every other group keeps its value', async () => {
    await put(who.owner, { settings: { share: { days: 5 }, views: { daily_free: 12 } } });
    await put(who.editor, {
      settings: { ad: { ...(await appInfo()).ad, player_countdown: 7, cover_display: false } },
    });
    const info = await appInfo();
    expect(info.share.days).toBe(5);
    expect(info.views.daily_free).toBe(12);
    expect(info.ad.player_countdown).toBe(7);
    expect(info.ad.cover_display).toBe(false);
    expect(info.pwa.announcement_switch).toBe(true);
  });

  it('changes cash maintenance, binding channels and the member-level rules the app reads', async () => {
    const reply = await put(who.editor, {
      settings: {
        cash: { maintain: true },
        binding: {
          default: { type: 'phone' },
          phone: { switch: true, countdown: 90 },
          email: { switch: false, countdown: 60 },
        },
        member_level: false,
        member_level_page_n: 4,
        member_level_collect_n: 3,
        follower_import_switch: false,
        shop_icon: '/img/settings/icon.png',
        forever_link: 'https://forever.example.com',
      },
    });
    expect(reply.statusCode).toBe(200);
    const info = await appInfo();
    expect(info.cash.maintain).toBe(true);
    expect(info.binding.email.switch).toBe(false);
    expect(info.binding.phone.countdown).toBe(90);
    expect(info.member_level_page_n).toBe(4);
    expect(info.follower_import_switch).toBe(false);
    expect(info.shop_icon).toBe('/img/settings/icon.png');
    const shop = await sut.app.inject({ method: 'GET', url: `/v2/shop/api?token=${userToken}` });
    expect(shop.json().response.maintain).toBe(true);
    await put(who.editor, { settings: { cash: { maintain: false } } });
  });

  it('changes the sale bonus days a level page offers and app info gives the sales pop-ups', async () => {
    expect((await appInfo()).sale_bonus_days).toEqual({ A: 20, B: 30, C: 40, D: 45, E: 30, F: 7 });
    const reply = await put(who.owner, { saleBonusDays: { A: 25, B: 30, C: 40, D: 45, E: 30, F: 7 } });
    expect(reply.statusCode).toBe(200);
    const page = await sut.app.inject({ method: 'GET', url: `/v1/shop/levelapi/A?token=${userToken}` });
    expect(page.json().response.bonus_days).toBe(25);
    // The cached app info is dropped with the save, in both locales.
    expect((await appInfo()).sale_bonus_days?.A).toBe(25);
    expect((await appInfo('tw')).sale_bonus_days?.A).toBe(25);
    const audit = await lastAudit('settings.app.update');
    expect(audit?.before).toEqual({ saleBonusDays: { A: 20, B: 30, C: 40, D: 45, E: 30, F: 7 } });
    expect(audit?.after).toEqual({ saleBonusDays: { A: 25, B: 30, C: 40, D: 45, E: 30, F: 7 } });
  });
});

describe('app settings: bad and hostile input is a 400 beside the field, never a change', () => {
  type Info = Awaited<ReturnType<typeof appInfo>>;
  const bad: [string, (info: Info) => unknown][] = [
    [
      'a javascript: ad link',
      (info) => ({ settings: { ad: { ...info.ad, cover_link: 'javascript:alert(1)' } } }),
    ],
    [
      'a data: forever link',
      () => ({ settings: { forever_link: 'data:text/html,<script>alert(1)</script>' } }),
    ],
    ['a protocol-relative jump', (info) => ({ settings: { pwa: { ...info.pwa, jump: '//evil.example' } } })],
    ['an image path out of the image folder', () => ({ settings: { shop_icon: '/img/../settings.json' } })],
    ['an image on another site', () => ({ settings: { shop_icon: 'https://evil.example/x.png' } })],
    ['negative share days', () => ({ settings: { share: { days: -1 } } })],
    ['a billion free views', () => ({ settings: { views: { daily_free: 1e9 } } })],
    ['a fractional countdown', (info) => ({ settings: { ad: { ...info.ad, player_countdown: 2.5 } } })],
    ['a key the app does not know', () => ({ settings: { admin: true } })],
    ['an unknown field in a group', () => ({ settings: { cash: { maintain: true, extra: 1 } } })],
    ['text with control characters', () => ({ settings: { home: { news_content: 'a\u0007b' } } })],
    ['an endless text', () => ({ settings: { home: { news_content: 'x'.repeat(10_000) } } })],
    ['an endless Traditional text', () => ({ textsTw: { news_content: 'x'.repeat(10_000) } })],
    ['a wrong type', () => ({ settings: { member_level: 'yes' } })],
    ['a half group', () => ({ settings: { binding: { default: { type: 'phone' } } } })],
    ['a bonus for an unknown level', () => ({ saleBonusDays: { A: 1, B: 1, C: 1, D: 1, E: 1, F: 1, G: 1 } })],
    ['nothing at all', () => ({})],
    ['not an object', () => ['settings']],
    ['a prototype key', () => JSON.parse('{"settings":{"__proto__":{"cash":{"maintain":true}}}}')],
  ];
  for (const [name, body] of bad) {
    it(`refuses ${name}`, async () => {
      const before = await appInfo();
      const reply = await put(who.owner, body(before));
      expect(reply.statusCode).toBe(400);
      expect(typeof reply.json().error).toBe('string');
      expect(await appInfo()).toEqual(before);
    });
  }

  it('names the field that was wrong', async () => {
    const reply = await put(who.owner, {
      settings: { ad: { ...(await appInfo()).ad, pop_link: 'ftp://x' } },
    });
    expect(reply.statusCode).toBe(400);
    expect(JSON.stringify(reply.json().fields)).toContain('pop_link');
  });
});

describe('host lines', () => {
  const lines: HostLinesInput = {
    api: [{ url: 'https://api1.example.com', encrypt: true }],
    img: [{ url: 'https://img1.example.com' }],
    stream: [
      { url: 'https://free.example.com', vip: false, name: 'abroad' },
      { url: 'https://vip.example.com:8443', vip: true, name: 'fast' },
    ],
    messengers: { potato: 'https://potato.example/a', telegream: '', 'sharelihi.iOS': '' },
  };
  const hostList = async () => {
    const reply = await sut.app.inject({
      method: 'GET',
      url: '/host_pwa.txt',
      headers: { host: 'localhost:8080' },
    });
    return HostListSchema.parse(JSON.parse(reply.body));
  };

  it('an editor sees them but only an owner changes them; the others are refused', async () => {
    expect(await statusByCaller(sut, 'GET', '/admin/api/settings/lines')).toEqual({
      owner: 200,
      editor: 200,
      support: 403,
      finance: 403,
      user: 401,
      none: 401,
    });
    const read = await consoleRequest(sut, who.editor, 'GET', '/admin/api/settings/lines');
    expect(HostLinesReplySchema.parse(read.json()).lines.api).toEqual([]);
    const empty = { api: [], img: [], stream: [], messengers: lines.messengers };
    expect(await statusByCaller(sut, 'PUT', '/admin/api/settings/lines', empty)).toEqual({
      owner: 200,
      editor: 403,
      support: 403,
      finance: 403,
      user: 401,
      none: 401,
    });
    expect(
      (await consoleRequest(sut, who.editor, 'PUT', '/admin/api/settings/lines', lines)).statusCode,
    ).toBe(403);
    expect((await hostList()).api_pwa[0]!.url).toBe('http://localhost:8080');
  });

  it("an owner's lines are the host list the app races, with the server's keys, in the CSP, audited", async () => {
    const reply = await consoleRequest(sut, who.owner, 'PUT', '/admin/api/settings/lines', lines);
    expect(reply.statusCode).toBe(200);
    const list = await hostList();
    expect(list.api_pwa).toEqual([
      {
        url: 'https://api1.example.com',
        chain: 'main',
        encrypt: true,
        key: sut.ctx.secrets.apiKey.toString('base64'),
      },
    ]);
    expect(list.img_pwa.map((line) => [line.url, line.encrypt])).toEqual([
      ['https://img1.example.com', true],
    ]);
    expect(list.stream_pwa).toEqual([
      { url: 'https://free.example.com', mode: 'novip', vip: false, name: 'abroad' },
      { url: 'https://vip.example.com:8443', mode: 'final', vip: true, name: 'fast' },
    ]);
    expect(list.potato).toBe('https://potato.example/a');
    const page = await sut.app.inject({
      method: 'GET',
      url: '/speed.html',
      headers: { host: 'localhost:8080' },
    });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain('https://img1.example.com');
    expect(policy).toContain('https://vip.example.com:8443');
    const audit = await lastAudit('settings.lines.update');
    expect((audit?.before as { api: unknown[] }).api).toEqual([]);
    expect((audit?.after as { api: { url: string }[] }).api[0]!.url).toBe('https://api1.example.com');
  });

  it('empty lists go back to the automatic lines', async () => {
    const empty = { api: [], img: [], stream: [], messengers: lines.messengers };
    expect((await consoleRequest(sut, who.owner, 'PUT', '/admin/api/settings/lines', empty)).statusCode).toBe(
      200,
    );
    const list = await hostList();
    expect(list.api_pwa.map((line) => line.url)).toEqual(['http://localhost:8080']);
    expect(list.stream_pwa[0]!.name).toBe('abroad');
  });

  const badLines: [string, unknown][] = [
    ['a line with a path', { ...lines, api: [{ url: 'https://a.example.com/v1', encrypt: false }] }],
    ['a javascript: line', { ...lines, img: [{ url: 'javascript:alert(1)' }] }],
    ['a line with credentials', { ...lines, img: [{ url: 'https://u:p@a.example.com' }] }],
    ['a key typed in', { ...lines, api: [{ url: 'https://a.example.com', encrypt: true, key: 'x' }] }],
    ['VIP stream lines only', { ...lines, stream: [{ url: 'https://v.example.com', vip: true, name: 'v' }] }],
    [
      'a hundred lines',
      { ...lines, img: Array.from({ length: 100 }, (_, i) => ({ url: `https://i${i}.example.com` })) },
    ],
    ['no messengers', { api: [], img: [], stream: [] }],
  ];
  for (const [name, body] of badLines) {
    it(`refuses ${name}`, async () => {
      const reply = await consoleRequest(sut, who.owner, 'PUT', '/admin/api/settings/lines', body);
      expect(reply.statusCode).toBe(400);
    });
  }
});

describe('settings images', () => {
  const upload = (as: OperatorSession | null, bytes: Buffer, field?: string) => {
    const form = multipart(bytes, field);
    return sut.app.inject({
      method: 'POST',
      url: '/admin/api/settings/images',
      payload: form.payload,
      headers: { ...form.headers, ...(as && { cookie: as.cookie, [CONSOLE_CSRF_HEADER]: as.csrf }) },
    });
  };

  it('stores an uploaded image encrypted with the image key, served on the image line; audited', async () => {
    const reply = await upload(who.editor, PNG);
    expect(reply.statusCode).toBe(200);
    const { path: imagePath } = reply.json() as { path: string };
    expect(imagePath).toMatch(/^\/img\/settings\/[0-9a-f]{24}\.png$/);
    const served = await sut.app.inject({ method: 'GET', url: imagePath });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(false);
    // Stored re-encoded (issue 36), not as sent: still a PNG of the same size.
    const stored = decryptBytes(sut.ctx.secrets.imageKey, served.rawPayload);
    expect(stored.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
    expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([
      PNG.readUInt32BE(16),
      PNG.readUInt32BE(20),
    ]);
    const audit = await lastAudit('settings.image.upload');
    expect(audit?.after).toMatchObject({ path: imagePath, type: 'image/png' });

    // The path goes into a field like any other image, and the app reads it.
    await put(who.editor, { settings: { pwa: { ...(await appInfo()).pwa, qrcode_img_url: imagePath } } });
    expect((await appInfo()).pwa.qrcode_img_url).toBe(imagePath);
  });

  it('judges the file by its bytes: a text file named .png, a cut JPEG, an oversized one are 400', async () => {
    const written = async () => fs.readdir(path.join(sut.config.mediaDir, 'img', 'settings')).catch(() => []);
    const before = (await written()).length;
    expect((await upload(who.owner, Buffer.from('<svg onload=alert(1)>'))).statusCode).toBe(400);
    expect((await upload(who.owner, JPEG.subarray(0, JPEG.length - 2))).statusCode).toBe(400);
    expect((await upload(who.owner, jpegOfSize(SETTINGS_IMAGE_MAX_BYTES + 1))).statusCode).toBe(400);
    expect((await upload(who.owner, PNG, 'other')).statusCode).toBe(400);
    expect((await written()).length).toBe(before);
  });

  it('support, finance, an app user and no session may not upload', async () => {
    for (const role of ['support', 'finance'] as const)
      expect((await upload(who[role], PNG)).statusCode).toBe(403);
    expect((await upload(null, PNG)).statusCode).toBe(401);
    const form = multipart(PNG);
    const withUserToken = await sut.app.inject({
      method: 'POST',
      url: `/admin/api/settings/images?token=${encodeURIComponent(userToken)}`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${userToken}` },
    });
    expect(withUserToken.statusCode).toBe(401);
  });
});
