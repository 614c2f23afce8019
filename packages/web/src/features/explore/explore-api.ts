import type { FollowedUser, Video, VideoType } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { request, type Envelope } from '../../app/api/client.ts';
import type { Page } from '../../components/paged-list/index.ts';

function ok<T>(reply: Envelope<T>): T {
  if (reply.status.code !== Status.ok) throw new Error(reply.status.message);
  return reply.response;
}

/** `GET /v1/explore/videos/{type}`: creators' videos, newest first. */
export async function loadExploreVideos(type: VideoType, page: number): Promise<Page<Video>> {
  const reply = ok(
    await request<{ data: Video[]; total_results: number }>(`/v1/explore/videos/${type}`, {
      query: { page },
    }),
  );
  return { items: reply.data, total: reply.total_results };
}

/** `GET /v1/explore/follow`: the creators the caller follows. */
export async function loadFollowed(page: number): Promise<Page<FollowedUser>> {
  const reply = ok(
    await request<{ users: FollowedUser[]; total_results: number }>('/v1/explore/follow', {
      query: { page },
    }),
  );
  return { items: reply.users, total: reply.total_results };
}

/** `GET /v1/explore/users`: creators to follow (the empty Follow tab suggests them). */
export async function loadSuggestedCreators(): Promise<FollowedUser[]> {
  return ok(await request<{ users: FollowedUser[] }>('/v1/explore/users')).users;
}

/** `GET /v1/explore/user/{id}`: a creator's profile. */
export async function loadCreator(userId: string): Promise<FollowedUser> {
  return ok(await request<{ user: FollowedUser }>(`/v1/explore/user/${encodeURIComponent(userId)}`)).user;
}

/** `GET /v1/explore/user/videos/{id}`: a creator's videos of one type. */
export async function loadCreatorVideos(userId: string, type: VideoType, page: number): Promise<Page<Video>> {
  const reply = ok(
    await request<{ videos: Video[]; total_results: number }>(
      `/v1/explore/user/videos/${encodeURIComponent(userId)}`,
      {
        query: { page, video_type: type },
      },
    ),
  );
  return { items: reply.videos, total: reply.total_results };
}

/** `POST /v1/explore/import/user/{id}`: the envelope as it came (the page tells 200 from 403). */
export function importCreator(userId: string, type: VideoType) {
  return request<{ imported: number }>(`/v1/explore/import/user/${encodeURIComponent(userId)}`, {
    method: 'POST',
    form: { video_type: type },
  });
}
