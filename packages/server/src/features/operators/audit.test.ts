import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIT_ACTION_WORDS,
  AUDIT_ACTIONS,
  AUDIT_FIELD_WORDS,
  AUDIT_TARGET_KINDS,
  AuditListSchema,
  type AuditEntry,
} from '@app/contract/console/audit';
import { CONSOLE_CSRF_HEADER } from '@app/contract/console/list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  appUser,
  consoleRequest,
  signInOperator,
  statusByCaller,
  type OperatorSession,
} from '../console/console-kit.ts';

/**
 * The audit log as an auditor reads it (issue 37 §7–9): each change with the client address it came
 * from, its target named as a person would, the fields that changed, filters by a list of known
 * actions, and a CSV export in the console's language and the business time zone.
 */
let sut: TestApp;
let owner: OperatorSession;
let support: OperatorSession;
let userId: number;
let videoId: number;

beforeAll(async () => {
  // Behind one proxy: the address recorded is the one the proxy forwards.
  sut = await buildTestApp({ TZ_BUSINESS: 'Asia/Shanghai', TRUST_PROXY: '1' });
  owner = await signInOperator(sut, 'owner');
  support = await signInOperator(sut, 'support');
  const guest = await appUser(sut);
  const info = await sut.app.inject({ method: 'POST', url: `/v1/user/info?token=${guest.userToken}` });
  userId = info.json().response.userInfo.user_id as number;
  videoId = (await sut.db.selectFrom('videos').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await sut.close();
});

/** A console change sent through the proxy from `address`. */
function fromAddress(
  who: OperatorSession,
  address: string,
  method: 'POST' | 'PATCH',
  url: string,
  payload: Record<string, unknown>,
) {
  return sut.app.inject({
    method,
    url,
    payload,
    headers: { cookie: who.cookie, [CONSOLE_CSRF_HEADER]: who.csrf, 'x-forwarded-for': address },
  });
}

async function audit(query: string): Promise<{ items: AuditEntry[]; total: number }> {
  const reply = await consoleRequest(sut, owner, 'GET', `/admin/api/audit?${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return AuditListSchema.parse(reply.json());
}

describe('what is recorded', () => {
  it('records each change with the client address the proxy forwarded', async () => {
    const ban = await fromAddress(support, '203.0.113.7', 'POST', `/admin/api/support/users/${userId}/ban`, {
      reason: '刷单',
    });
    expect(ban.statusCode).toBe(200);
    const { items } = await audit(`action=user.ban&target=user:${userId}`);
    expect(items[0]).toMatchObject({
      action: 'user.ban',
      operatorId: support.id,
      operatorEmail: support.email,
      clientAddress: '203.0.113.7',
      targetKind: 'user',
      targetId: String(userId),
    });
  });

  it('names every action the server records in both locales (no raw key reaches an operator)', async () => {
    const root = path.resolve(import.meta.dirname, '..');
    const sources: string[] = [];
    for (const entry of await fs.readdir(root, { recursive: true }))
      if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) sources.push(path.join(root, entry));
    const recorded = new Set<string>();
    for (const file of sources) {
      const text = await fs.readFile(file, 'utf8');
      if (!text.includes('recordAudit(')) continue;
      for (const match of text.matchAll(/action:\s*(?:[^,]*\?\s*)?'([a-z_.]+)'(?:\s*:\s*'([a-z_.]+)')?/g)) {
        recorded.add(match[1]!);
        if (match[2]) recorded.add(match[2]);
      }
    }
    expect(recorded.size).toBeGreaterThan(40);
    for (const action of recorded) expect(AUDIT_ACTIONS, action).toContain(action);
    for (const [action, words] of Object.entries(AUDIT_ACTION_WORDS)) {
      expect(words.cn, action).toMatch(/\p{Script=Han}/u);
      expect(words.tw, action).toMatch(/\p{Script=Han}/u);
    }
    for (const words of Object.values(AUDIT_TARGET_KINDS)) expect(words.tw).toMatch(/\p{Script=Han}/u);
  });
});

describe('the list in words', () => {
  it('names the target as a person would, now (a renamed video shows its current title), with the changed fields', async () => {
    const rename = await consoleRequest(sut, owner, 'PATCH', `/admin/api/catalogue/videos/${videoId}`, {
      titleCn: '审计测试片名',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const { items } = await audit(`action=video.update&target=video:${videoId}`);
    const entry = items[0]!;
    expect(entry).toMatchObject({
      targetKind: 'video',
      targetId: String(videoId),
      targetLabel: '审计测试片名',
      clientAddress: '127.0.0.1',
    });
    expect(entry.changes).toContainEqual(expect.objectContaining({ field: expect.stringMatching(/title/i) }));
    for (const change of entry.changes) expect(change.before).not.toEqual(change.after);

    const again = await consoleRequest(sut, owner, 'PATCH', `/admin/api/catalogue/videos/${videoId}`, {
      titleCn: '审计测试新片名',
    });
    expect(again.statusCode).toBe(200);
    const renamed = await audit(`target=video:${videoId}`);
    expect(renamed.items.map((item) => item.targetLabel)).toEqual(renamed.items.map(() => '审计测试新片名'));

    const operatorCreated = await audit(`action=operator.create&target=operator:${support.id}`);
    expect(operatorCreated.total).toBe(0);
    const signIns = await audit(`action=operator.sign_in&operatorId=${support.id}`);
    expect(signIns.items[0]).toMatchObject({ targetLabel: support.email, targetKind: 'operator' });
  });
});

describe('filters', () => {
  it('filters by a list of known actions, a target or a target kind, an operator and a time range', async () => {
    const unban = await consoleRequest(sut, support, 'POST', `/admin/api/support/users/${userId}/unban`);
    expect(unban.statusCode).toBe(200);

    const both = await audit(`action=user.ban,user.unban&target=user:${userId}`);
    expect(both.items.map((item) => item.action)).toEqual(['user.unban', 'user.ban']);
    const repeated = await audit(`action=user.ban&action=user.unban&target=user:${userId}`);
    expect(repeated.total).toBe(2);
    const kind = await audit('target=user');
    expect(kind.total).toBeGreaterThanOrEqual(2);
    expect(kind.items.every((item) => item.targetKind === 'user')).toBe(true);
    const mine = await audit(`operatorId=${support.id}&action=user.ban,user.unban`);
    expect(mine.items.every((item) => item.operatorId === support.id)).toBe(true);
    expect(mine.total).toBe(2);

    const at = Date.parse(both.items[1]!.at);
    const window = (from: number, to: number) =>
      `from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(to).toISOString())}`;
    expect(
      (await audit(`target=user:${userId}&${window(at, at + 1)}`)).items.map((item) => item.action),
    ).toEqual(['user.ban']);
    expect((await audit(`target=user:${userId}&${window(at - 60_000, at)}`)).total).toBe(0);
  });

  it('refuses an unknown action, a malformed target or a bad date with 400 and the field named', async () => {
    for (const [query, field] of [
      ['action=user.delete_everything', 'action'],
      ['action=user.ban,DROP TABLE', 'action'],
      ['target=user:1 or 1=1', 'target'],
      ['target=%27--', 'target'],
      ['from=yesterday', 'from'],
      ['operatorId=abc', 'operatorId'],
    ] as const) {
      const reply = await consoleRequest(sut, owner, 'GET', `/admin/api/audit?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(Object.keys(reply.json().fields ?? {}).join(), query).toContain(field);
    }
  });
});

describe('CSV export', () => {
  it('exports the filtered log with headers in the console’s language and times in the business zone, and records the export', async () => {
    expect(await statusByCaller(sut, 'GET', '/admin/api/audit/export.csv')).toEqual({
      owner: 200,
      editor: 403,
      support: 403,
      finance: 403,
      user: 401,
      none: 401,
    });
    const reply = await consoleRequest(
      sut,
      owner,
      'GET',
      `/admin/api/audit/export.csv?action=user.ban,user.unban&target=user:${userId}&locale=tw`,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = reply.body.slice(1).trimEnd().split('\r\n');
    expect(reply.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      '時間 (Asia/Shanghai),營運人員,用戶端位址,操作,操作代碼,對象,對象名稱,修改前,修改後',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+08:00,/);
    expect(lines[1]).toContain(`,解除停權使用者,user.unban,user:${userId},`);
    expect(lines[2]).toContain(`,203.0.113.7,停權使用者,user.ban,user:${userId},`);

    const simplified = await consoleRequest(
      sut,
      owner,
      'GET',
      `/admin/api/audit/export.csv?target=user:${userId}`,
    );
    expect(simplified.body.split('\r\n')[0]).toBe(
      '\uFEFF时间 (Asia/Shanghai),运营人员,客户端地址,操作,操作代码,对象,对象名称,修改前,修改后',
    );
    expect(simplified.body).toContain(',封禁用户,user.ban,');

    const exports = await audit('action=audit.export');
    expect(exports.items[0]).toMatchObject({
      operatorId: owner.id,
      target: 'audit',
      clientAddress: '127.0.0.1',
    });
    expect(exports.items[0]!.after).toMatchObject({ locale: 'cn', target: `user:${userId}` });

    const bad = await consoleRequest(sut, owner, 'GET', '/admin/api/audit/export.csv?action=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('field names in words', () => {
  it('names every field the recorded entries changed, in both locales (no API field name reaches the diff)', async () => {
    // A settings save records its groups; a grant and a ban record the user's fields.
    const settings = await consoleRequest(sut, owner, 'GET', '/admin/api/settings/app');
    expect(settings.statusCode, settings.body).toBe(200);
    const { age_gate } = (settings.json() as { settings: { age_gate: boolean } }).settings;
    const save = await consoleRequest(sut, owner, 'PUT', '/admin/api/settings/app', {
      settings: { age_gate: !age_gate },
    });
    expect(save.statusCode, save.body).toBeLessThan(300);
    const { items } = await audit('pageSize=100');
    const fields = new Set(items.flatMap((entry) => entry.changes.map((change) => change.field)));
    expect(fields).toContain('age_gate');
    expect(fields.size).toBeGreaterThan(4);
    const han = (text: string | undefined) => /\p{Script=Han}/u.test(text ?? '');
    const unnamed = [...fields].filter(
      (field) => !han(AUDIT_FIELD_WORDS[field]?.cn) || !han(AUDIT_FIELD_WORDS[field]?.tw),
    );
    expect(unnamed).toEqual([]);
  });
});
