import crypto from 'node:crypto';
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

/**
 * `count` friends who entered the inviter's code before, written directly (a real invite costs a
 * few calls each), with the inviter's friend count that the invite calls keep beside them.
 */
async function earlierFriends(inviterId: number, count: number) {
  if (count > 0) {
    await sut.db
      .insertInto('users')
      .values(
        Array.from({ length: count }, () => ({
          invite_code: crypto.randomBytes(6).toString('hex').toUpperCase(),
          email: kit.newEmail('earlier'),
          invited_by: inviterId,
        })),
      )
      .execute();
  }
  await sut.db.updateTable('users').set({ invite_count: count }).where('id', '=', inviterId).execute();
}

async function tierGrantsOf(inviterId: number): Promise<string[]> {
  const rows = await sut.db
    .selectFrom('ledger')
    .select('grant_key')
    .where('user_id', '=', inviterId)
    .where('kind', '=', 'invite_tier')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.grant_key);
}

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

  it.each([
    { friends: 9, bonus: 0 },
    { friends: 10, bonus: 500 },
    { friends: 11, bonus: 0 },
    { friends: 20, bonus: 1000 },
    { friends: 30, bonus: 1800 },
  ])('pays share.days points and a bonus of $bonus at $friends friends', async ({ friends, bonus }) => {
    const inviter = await boundFriend();
    const { invite_code } = await inviterState(inviter.id);
    await earlierFriends(inviter.id, friends - 1);
    expect((await invite((await boundFriend()).token, invite_code)).code).toBe(200);
    // Only the tier just reached is paid: the earlier tiers were paid when they were reached.
    expect(await inviterState(inviter.id)).toMatchObject({
      invite_count: friends,
      points: SHARE_DAYS + bonus,
    });
    expect(await tierGrantsOf(inviter.id)).toEqual(bonus ? [`invite_tier:${inviter.id}:${friends}`] : []);
  });

  it('never pays a tier twice, even if the friend count came back below it', async () => {
    const inviter = await boundFriend();
    const { invite_code } = await inviterState(inviter.id);
    await earlierFriends(inviter.id, 9);
    expect((await invite((await boundFriend()).token, invite_code)).code).toBe(200);
    await sut.db.updateTable('users').set({ invite_count: 9 }).where('id', '=', inviter.id).execute();
    expect((await invite((await boundFriend()).token, invite_code)).code).toBe(200);
    expect(await inviterState(inviter.id)).toMatchObject({ invite_count: 10, points: 2 * SHARE_DAYS + 500 });
    expect(await tierGrantsOf(inviter.id)).toEqual([`invite_tier:${inviter.id}:10`]);
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
    await earlierFriends(inviter.id, 9);
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
