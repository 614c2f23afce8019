import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppInfo } from '../app-info/app-info.defaults.ts';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
beforeAll(async () => {
  sut = await buildTestApp();
  kit = accountsKit(sut);
});
afterAll(async () => sut.close());
afterEach(async () => kit.resetAppInfo());

const SHARE_DAYS = defaultAppInfo.share.days;

/**
 * A bound friend without the sign-up round trip: invites only need the binding to exist, and each
 * real binding costs two password hashes.
 */
async function boundFriend(): Promise<{ token: string; id: number }> {
  const token = await kit.guest();
  const id = await kit.userIdOf(token);
  await sut.db
    .updateTable('users')
    .set({ email: kit.newEmail('friend') })
    .where('id', '=', id)
    .execute();
  return { token, id };
}

async function inviterState(id: number) {
  return sut.db
    .selectFrom('users')
    .select(['points', 'invite_count', 'invite_code'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const invite = (token: string, code: string) => kit.call('/v1/user/invite', { code }, { token });

describe('entering an invite code', () => {
  it('credits the inviter share.days points and one more friend, and user info shows it at once', async () => {
    const inviter = await boundFriend();
    const friend = await boundFriend();
    const { invite_code } = await inviterState(inviter.id);
    // The inviter's user info is cached from here on; the invite must not leave it stale.
    expect((await kit.userInfo(inviter.token)).response.userInfo.points).toBe(0);
    const reply = await invite(friend.token, invite_code.toLowerCase());
    expect(reply).toMatchObject({ http: 200, code: 200, message: 'invite_success' });
    const info = (await kit.userInfo(inviter.token)).response.userInfo;
    expect(info).toMatchObject({ points: SHARE_DAYS, invite_count: 1 });
    const grants = await sut.db.selectFrom('ledger').selectAll().where('user_id', '=', inviter.id).execute();
    expect(grants).toMatchObject([
      { kind: 'invite_friend', points: SHARE_DAYS, grant_key: `invite_friend:${friend.id}` },
    ]);
  });

  it('answers 402 share_code_error for a second code and for the own code', async () => {
    const first = await boundFriend();
    const second = await boundFriend();
    const friend = await boundFriend();
    expect((await invite(friend.token, (await inviterState(first.id)).invite_code)).code).toBe(200);
    const again = await invite(friend.token, (await inviterState(second.id)).invite_code);
    expect(again).toMatchObject({ http: 402, code: 402, message: 'share_code_error' });
    const own = await invite(friend.token, (await inviterState(friend.id)).invite_code);
    expect(own).toMatchObject({ code: 402, message: 'share_code_error' });
    expect((await inviterState(second.id)).points).toBe(0);
  });

  it('answers 401 for a code nobody has', async () => {
    const friend = await boundFriend();
    const reply = await invite(friend.token, 'NOSUCH99');
    expect(reply).toMatchObject({ http: 401, code: 401, message: 'invite_code_invalid' });
  });

  it('answers 403 share_code_error1 for guests, promoters and when share days is 0', async () => {
    const inviter = await boundFriend();
    const { invite_code } = await inviterState(inviter.id);
    const guest = await kit.guest();
    expect(await invite(guest, invite_code)).toMatchObject({
      http: 403,
      code: 403,
      message: 'share_code_error1',
    });
    const promoter = await boundFriend();
    await sut.db.updateTable('users').set({ promoter: true }).where('id', '=', promoter.id).execute();
    expect(await invite(promoter.token, invite_code)).toMatchObject({
      code: 403,
      message: 'share_code_error1',
    });
    await kit.setAppInfo({ share: { days: 0 } });
    const friend = await boundFriend();
    expect(await invite(friend.token, invite_code)).toMatchObject({
      code: 403,
      message: 'share_code_error1',
    });
    expect((await inviterState(inviter.id)).points).toBe(0);
  });

  it('adds the 10, 20 and 30 friend bonuses once each', async () => {
    const inviter = await boundFriend();
    const { invite_code } = await inviterState(inviter.id);
    await sut.db.updateTable('users').set({ invite_count: 9 }).where('id', '=', inviter.id).execute();
    expect((await invite((await boundFriend()).token, invite_code)).code).toBe(200);
    expect(await inviterState(inviter.id)).toMatchObject({ invite_count: 10, points: SHARE_DAYS + 500 });

    // Even if the count came back to 10, the tier is a ledger key: it is never paid twice.
    await sut.db.updateTable('users').set({ invite_count: 9 }).where('id', '=', inviter.id).execute();
    expect((await invite((await boundFriend()).token, invite_code)).code).toBe(200);
    expect(await inviterState(inviter.id)).toMatchObject({ invite_count: 10, points: 2 * SHARE_DAYS + 500 });

    await sut.db.updateTable('users').set({ invite_count: 29 }).where('id', '=', inviter.id).execute();
    expect((await invite((await boundFriend()).token, invite_code)).code).toBe(200);
    expect(await inviterState(inviter.id)).toMatchObject({
      invite_count: 30,
      points: 3 * SHARE_DAYS + 500 + 1000 + 1800,
    });
    const tiers = await sut.db
      .selectFrom('ledger')
      .select('grant_key')
      .where('user_id', '=', inviter.id)
      .where('kind', '=', 'invite_tier')
      .orderBy('id')
      .execute();
    expect(tiers.map((row) => row.grant_key)).toEqual([
      `invite_tier:${inviter.id}:10`,
      `invite_tier:${inviter.id}:20`,
      `invite_tier:${inviter.id}:30`,
    ]);
  });

  it('applies one code once under two concurrent requests of the same friend', async () => {
    const inviter = await boundFriend();
    const friend = await boundFriend();
    const { invite_code } = await inviterState(inviter.id);
    const replies = await Promise.all([invite(friend.token, invite_code), invite(friend.token, invite_code)]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 402]);
    expect(await inviterState(inviter.id)).toMatchObject({ invite_count: 1, points: SHARE_DAYS });
    const grants = await sut.db.selectFrom('ledger').select('id').where('user_id', '=', inviter.id).execute();
    expect(grants).toHaveLength(1);
  });

  it('pays the 10-friend bonus once when the 10th and 11th friends arrive together', async () => {
    const inviter = await boundFriend();
    const { invite_code } = await inviterState(inviter.id);
    await sut.db.updateTable('users').set({ invite_count: 9 }).where('id', '=', inviter.id).execute();
    const friends = await Promise.all([boundFriend(), boundFriend()]);
    const replies = await Promise.all(friends.map((friend) => invite(friend.token, invite_code)));
    expect(replies.map((reply) => reply.code)).toEqual([200, 200]);
    expect(await inviterState(inviter.id)).toMatchObject({ invite_count: 11, points: 2 * SHARE_DAYS + 500 });
  });

  it('lets two accounts invite each other at the same time without a deadlock', async () => {
    const a = await boundFriend();
    const b = await boundFriend();
    const replies = await Promise.all([
      invite(a.token, (await inviterState(b.id)).invite_code),
      invite(b.token, (await inviterState(a.id)).invite_code),
    ]);
    expect(replies.map((reply) => reply.code)).toEqual([200, 200]);
  });
});
