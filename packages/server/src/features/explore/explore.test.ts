import {
  ExploreUserReplySchema,
  ExploreUserVideosReplySchema,
  ExploreVideosReplySchema,
  FollowListReplySchema,
  FollowReplySchema,
  ImportReplySchema,
  PAGE_SIZE,
  SUGGESTED_CREATORS,
  SuggestedUsersReplySchema,
  VIDEO_TYPES,
  type Video,
  type VideoType,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { browseKit } from '../browse/browse-kit.ts';

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
let call: ReturnType<typeof browseKit>;
let creators: number[];
/** Each creator's video keys per type. */
let creatorVideos: Map<number, Record<VideoType, string[]>>;

beforeAll(async () => {
  sut = await buildTestApp();
  kit = accountsKit(sut);
  call = browseKit(sut);
  creators = (await sut.db.selectFrom('creator_profiles').select('user_id').orderBy('user_id').execute()).map(
    (row) => row.user_id,
  );
  creatorVideos = new Map(creators.map((id) => [id, { long: [], short: [], original: [] }]));
  const videos = await sut.db
    .selectFrom('videos')
    .select(['avkey', 'type', 'creator_id'])
    .where('creator_id', 'is not', null)
    .execute();
  for (const video of videos)
    creatorVideos.get(video.creator_id!)![video.type as VideoType].push(video.avkey);
});
afterAll(async () => sut.close());

const keysOf = (videos: Video[]) => videos.map((video) => video.video_id);
const followers = async (creatorId: number) =>
  (
    await sut.db
      .selectFrom('creator_profiles')
      .select('followers')
      .where('user_id', '=', creatorId)
      .executeTakeFirstOrThrow()
  ).followers;

async function makeVip(token: string, vip: boolean) {
  const userId = await kit.userIdOf(token);
  await sut.db
    .updateTable('users')
    .set({ vip_expiry: vip ? new Date(Date.now() + 86_400_000) : null })
    .where('id', '=', userId)
    .execute();
}

describe('explore lists', () => {
  it('lists creators’ videos per type, newest first, paged', async () => {
    for (const type of VIDEO_TYPES) {
      const first = await call.get(`/v1/explore/videos/${type}`);
      ExploreVideosReplySchema.parse(first.json);
      const all = [...creatorVideos.values()].flatMap((videos) => videos[type]);
      expect(first.response.total_results).toBe(all.length);
      const keys: string[] = [];
      for (let page = 1; (page - 1) * PAGE_SIZE < all.length; page++) {
        keys.push(...keysOf((await call.get(`/v1/explore/videos/${type}`, `page=${page}`)).response.data));
      }
      expect(keys.sort()).toEqual([...all].sort());
    }
    expect((await call.get('/v1/explore/videos/long', 'page=1000000000')).response.data).toEqual([]);
    for (const query of ['page=0', 'page=-1', 'page=abc'])
      expect((await call.get('/v1/explore/videos/long', query)).code).toBe(401);
    expect((await call.get('/v1/explore/videos/movies')).code).toBe(401);
  });

  it('shows a creator with their newest videos, and their videos of one type', async () => {
    const creator = creators[0]!;
    const answer = await call.get(`/v1/explore/user/${creator}`);
    ExploreUserReplySchema.parse(answer.json);
    expect(answer.response.user.user_id).toBe(creator);
    expect(answer.response.user.user_like).toBe(false);
    expect(answer.response.user.video.length).toBeGreaterThan(0);
    const own = Object.values(creatorVideos.get(creator)!).flat();
    for (const key of keysOf(answer.response.user.video)) expect(own).toContain(key);

    for (const type of VIDEO_TYPES) {
      const videos = await call.get(`/v1/explore/user/videos/${creator}`, `video_type=${type}`);
      ExploreUserVideosReplySchema.parse(videos.json);
      expect(keysOf(videos.response.videos).sort()).toEqual(
        [...creatorVideos.get(creator)![type]].sort().slice(0, PAGE_SIZE),
      );
      expect(videos.response.total_results).toBe(creatorVideos.get(creator)![type].length);
    }
    expect((await call.get(`/v1/explore/user/videos/${creator}`)).code).toBe(401);
    expect((await call.get(`/v1/explore/user/videos/${creator}`, 'video_type=long&page=0')).code).toBe(401);
    const guestId = await kit.userIdOf(await kit.guest());
    expect((await call.get(`/v1/explore/user/${guestId}`)).code).toBe(404);
    expect((await call.get(`/v1/explore/user/videos/${guestId}`, 'video_type=long')).code).toBe(404);
    for (const id of ['abc', '0', '-1', '99999999999'])
      expect((await call.get(`/v1/explore/user/${id}`)).code).toBe(401);
  });
});

describe('creators are reachable (issue 26)', () => {
  it('gives every demo creator videos of each type, and each explore video names its creator', async () => {
    expect(creators.length).toBeGreaterThan(1);
    for (const id of creators)
      for (const type of VIDEO_TYPES)
        expect(creatorVideos.get(id)![type].length, `${id} ${type}`).toBeGreaterThan(0);
    const profiles = new Map(
      (await sut.db.selectFrom('creator_profiles').select(['user_id', 'name', 'avatar']).execute()).map(
        (row) => [row.user_id, row],
      ),
    );
    const ownerOf = new Map(
      [...creatorVideos].flatMap(([id, videos]) =>
        Object.values(videos).flatMap((keys) => keys.map((key) => [key, id])),
      ),
    );
    for (const type of VIDEO_TYPES) {
      const { data } = (await call.get(`/v1/explore/videos/${type}`)).response as { data: Video[] };
      expect(data.length).toBeGreaterThan(0);
      for (const video of data) {
        const owner = profiles.get(ownerOf.get(video.video_id)!)!;
        expect(video.video_creator).toEqual({
          user_id: owner.user_id,
          user_name: owner.name,
          user_img: owner.avatar,
        });
      }
    }
  });

  it('suggests the most followed creators the caller does not follow, with their newest videos', async () => {
    const byFollowers = (
      await sut.db
        .selectFrom('creator_profiles')
        .select('user_id')
        .orderBy('followers', 'desc')
        .orderBy('user_id', 'desc')
        .execute()
    ).map((row) => row.user_id);
    const anonymous = await call.get('/v1/explore/users');
    SuggestedUsersReplySchema.parse(anonymous.json);
    const idsOf = (answer: { response: { users: { user_id: number }[] } }) =>
      answer.response.users.map((user) => user.user_id);
    expect(idsOf(anonymous)).toEqual(byFollowers.slice(0, SUGGESTED_CREATORS));
    expect(anonymous.response.users.every((user: { video: Video[] }) => user.video.length > 0)).toBe(true);

    const token = await kit.guest();
    const top = byFollowers[0]!;
    expect((await call.post(`/v1/explore/follow/user/${top}`, {}, token)).code).toBe(200);
    const mine = await call.get('/v1/explore/users', '', token);
    expect(idsOf(mine)).not.toContain(top);
    expect(idsOf(mine)).toEqual(byFollowers.filter((id) => id !== top).slice(0, SUGGESTED_CREATORS));
    expect(mine.response.users.every((user: { user_like: boolean }) => !user.user_like)).toBe(true);
    // A token that is sent must be live.
    expect((await call.get('/v1/explore/users', '', 'not-a-token')).code).toBe(497);
  });
});

describe('follows', () => {
  it('follows and unfollows, twice in a row, keeping the follower count exact', async () => {
    const token = await kit.guest();
    const [creator, other] = [creators[1]!, creators[2]!];
    const before = await followers(creator);
    for (let i = 0; i < 2; i++) {
      const answer = await call.post(`/v1/explore/follow/user/${creator}`, {}, token);
      FollowReplySchema.parse(answer.json);
      expect(answer.response).toEqual({ user_id: creator, user_like: true, user_followers: before + 1 });
    }
    expect(await followers(creator)).toBe(before + 1);
    expect((await call.post(`/v1/explore/follow/user/${other}`, {}, token)).code).toBe(200);

    const list = await call.get('/v1/explore/follow', '', token);
    FollowListReplySchema.parse(list.json);
    expect(list.response.users.map((user: { user_id: number }) => user.user_id)).toEqual([other, creator]);
    expect(list.response.total_results).toBe(2);
    expect(list.response.users.every((user: { user_like: boolean }) => user.user_like)).toBe(true);
    expect((await call.get(`/v1/explore/user/${creator}`, '', token)).response.user.user_like).toBe(true);

    for (let i = 0; i < 2; i++) {
      const answer = await call.post(`/v1/explore/follow/user/${creator}`, { _method: 'DELETE' }, token);
      expect(answer.response).toEqual({ user_id: creator, user_like: false, user_followers: before });
    }
    expect(await followers(creator)).toBe(before);
    const after = await call.get('/v1/explore/follow', '', token);
    expect(after.response.users.map((user: { user_id: number }) => user.user_id)).toEqual([other]);
    expect((await call.get('/v1/explore/follow', 'page=2', token)).response.users).toEqual([]);
  });

  it('keeps the count exact when many follow at once', async () => {
    const creator = creators[3]!;
    const before = await followers(creator);
    const tokens = await Promise.all(Array.from({ length: 8 }, () => kit.guest()));
    await Promise.all(
      tokens.flatMap((token) => [0, 1].map(() => call.post(`/v1/explore/follow/user/${creator}`, {}, token))),
    );
    expect(await followers(creator)).toBe(before + tokens.length);
  });

  it('refuses following oneself, unknown users, bad ids, bad methods and missing tokens', async () => {
    const token = await kit.guest();
    const self = await kit.userIdOf(token);
    expect((await call.post(`/v1/explore/follow/user/${self}`, {}, token)).code).toBe(402);
    expect((await call.post('/v1/explore/follow/user/99999999', {}, token)).code).toBe(404);
    expect((await call.post('/v1/explore/follow/user/abc', {}, token)).code).toBe(401);
    expect((await call.post(`/v1/explore/follow/user/${creators[0]}`, { _method: 'put' }, token)).code).toBe(
      401,
    );
    expect((await call.post(`/v1/explore/follow/user/${creators[0]}`)).code).toBe(497);
    expect((await call.get('/v1/explore/follow')).code).toBe(497);
    expect((await call.get('/v1/explore/follow', 'page=0', token)).code).toBe(401);
  });
});

describe('import of a followed user’s videos', () => {
  const creatorWith = (type: VideoType) => creators.find((id) => creatorVideos.get(id)![type].length > 0)!;

  it('is for VIP only', async () => {
    const token = await kit.guest();
    const answer = await call.post(
      `/v1/explore/import/user/${creatorWith('long')}`,
      { video_type: 'long' },
      token,
    );
    expect(answer.code).toBe(403);
    expect(answer.message).toBe('vip_required');
    expect((await call.get('/v1/videos/likes/long', '', token)).response.total_results).toBe(0);
  });

  it('copies the creator’s videos of one type into a VIP’s favourites, then asks to wait 10 minutes', async () => {
    const token = await kit.guest();
    await makeVip(token, true);
    const creator = creatorWith('short');
    const keys = creatorVideos.get(creator)!.short;
    const likesBefore = await sut.db
      .selectFrom('videos')
      .select(['avkey', 'likes'])
      .where('avkey', 'in', keys)
      .execute();

    const answer = await call.post(`/v1/explore/import/user/${creator}`, { video_type: 'short' }, token);
    ImportReplySchema.parse(answer.json);
    expect(answer.response).toEqual({ user_id: creator, video_type: 'short', imported: keys.length });
    const favourites = await call.get('/v1/videos/likes/short', '', token);
    expect(favourites.response.total_results).toBe(keys.length);
    const likesAfter = await sut.db
      .selectFrom('videos')
      .select(['avkey', 'likes'])
      .where('avkey', 'in', keys)
      .execute();
    for (const row of likesAfter)
      expect(row.likes).toBe(likesBefore.find((old) => old.avkey === row.avkey)!.likes + 1);

    const again = await call.post(`/v1/explore/import/user/${creator}`, { video_type: 'short' }, token);
    expect(again.code).toBe(403);
    expect(again.message).toBe('import_wait');
    expect(again.response.wait_minutes).toBe(10);

    // Another type of the same creator is another import.
    expect((await call.post(`/v1/explore/import/user/${creator}`, { video_type: 'long' }, token)).code).toBe(
      200,
    );

    const userId = await kit.userIdOf(token);
    await sut.db
      .updateTable('follower_imports')
      .set({ imported_at: new Date(Date.now() - 11 * 60_000) })
      .where('user_id', '=', userId)
      .execute();
    const later = await call.post(`/v1/explore/import/user/${creator}`, { video_type: 'short' }, token);
    expect(later.response.imported).toBe(0);
    expect((await call.get('/v1/videos/likes/short', '', token)).response.total_results).toBe(keys.length);
  });

  it('claims one import when two run at once', async () => {
    const token = await kit.guest();
    await makeVip(token, true);
    const creator = creatorWith('original');
    const answers = await Promise.all(
      [0, 1, 2].map(() => call.post(`/v1/explore/import/user/${creator}`, { video_type: 'original' }, token)),
    );
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 403, 403]);
  });

  it('refuses unknown creators, bad types, a switched-off import and missing tokens', async () => {
    const token = await kit.guest();
    await makeVip(token, true);
    expect((await call.post('/v1/explore/import/user/99999999', { video_type: 'long' }, token)).code).toBe(
      404,
    );
    expect(
      (await call.post(`/v1/explore/import/user/${creators[0]}`, { video_type: 'film' }, token)).code,
    ).toBe(401);
    expect((await call.post(`/v1/explore/import/user/${creators[0]}`, {}, token)).code).toBe(401);
    expect((await call.post(`/v1/explore/import/user/${creators[0]}`, { video_type: 'long' })).code).toBe(
      497,
    );
    await kit.setAppInfo({ follower_import_switch: false });
    const off = await call.post(`/v1/explore/import/user/${creators[0]}`, { video_type: 'long' }, token);
    expect(off.code).toBe(403);
    expect(off.message).toBe('import_switched_off');
    await kit.resetAppInfo();
  });
});
