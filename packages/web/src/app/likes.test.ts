import { beforeEach, describe, expect, it, vi } from 'vitest';

const replies: { code: number; message: string }[] = [];
const calls: { path: string; form: Record<string, unknown> | undefined }[] = [];
vi.mock('./api/client.ts', () => ({
  request: vi.fn((path: string, options: { form?: Record<string, unknown> }) => {
    calls.push({ path, form: options.form });
    const status = replies.shift() ?? { code: 200, message: 'ok' };
    return Promise.resolve({ status, response: {} });
  }),
}));

const { forgetLikes, likedNow, toggleFollow, toggleVideoLike } = await import('./likes.ts');

const video = { video_id: 'v1', video_type: 'short' as const, video_like: false };

describe('like toggling', () => {
  beforeEach(() => {
    forgetLikes();
    replies.length = 0;
    calls.length = 0;
  });

  it('likes an unliked video, then sends the delete and unlikes it', async () => {
    expect(await toggleVideoLike(video)).toMatchObject({ applied: true, liked: true });
    expect(likedNow('video', 'v1', false)).toBe(true);
    expect(await toggleVideoLike(video)).toMatchObject({ applied: true, liked: false });
    expect(likedNow('video', 'v1', false)).toBe(false);
    expect(calls).toEqual([
      { path: '/v2/like/video/v1', form: { type: 'short' } },
      { path: '/v2/like/video/v1', form: { type: 'short', _method: 'delete' } },
    ]);
  });

  it('changes nothing unless the reply is 200', async () => {
    replies.push({ code: 404, message: 'video_not_found' });
    expect(await toggleVideoLike(video)).toMatchObject({ applied: false });
    expect(likedNow('video', 'v1', false)).toBe(false);
  });

  it('unfollows a followed creator with the delete method', async () => {
    await toggleFollow({ user_id: 7, user_like: true });
    expect(calls[0]).toEqual({ path: '/v1/explore/follow/user/7', form: { _method: 'delete' } });
    expect(likedNow('user', 7, true)).toBe(false);
  });

  it('forgets the toggles of the previous account', async () => {
    await toggleVideoLike(video);
    forgetLikes();
    expect(likedNow('video', 'v1', false)).toBe(false);
  });
});
