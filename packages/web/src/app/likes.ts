import type { Actor, FollowedUser, Video } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { useSyncExternalStore } from 'react';
import { request, type Envelope } from './api/client.ts';

/**
 * Likes and follows changed in this session (part 1 §4): a toggle answered 200 is kept here, so
 * every card showing the same video, actor or creator follows it without reloading its list.
 * Lists still carry the server's flag; an entry here wins over it.
 */
export type LikeKind = 'video' | 'actor' | 'user';

let changed = new Map<string, boolean>();
const listeners = new Set<() => void>();

const keyOf = (kind: LikeKind, id: string | number) => `${kind}:${id}`;

function publish(next: Map<string, boolean>): void {
  changed = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the item is liked (followed) now: this session's toggle, else the list's flag. */
export function likedNow(kind: LikeKind, id: string | number, fromList: boolean): boolean {
  return changed.get(keyOf(kind, id)) ?? fromList;
}

/** The like state of one item, re-rendered when any card toggles it. */
export function useLiked(kind: LikeKind, id: string | number, fromList: boolean): boolean {
  const snapshot = useSyncExternalStore(subscribe, () => changed);
  return snapshot.get(keyOf(kind, id)) ?? fromList;
}

/** Re-renders with every toggle (lists that hide unliked items, like the collect page). */
export function useLikeChanges(): ReadonlyMap<string, boolean> {
  return useSyncExternalStore(subscribe, () => changed);
}

/** Another account's likes are not this one's (sign-in, binding, relogin). */
export function forgetLikes(): void {
  publish(new Map());
}

function remember(kind: LikeKind, id: string | number, liked: boolean): void {
  const next = new Map(changed);
  next.set(keyOf(kind, id), liked);
  publish(next);
}

/** How a toggle ended: applied on 200 only; anything else leaves the item as it was. */
export type ToggleResult<T = unknown> =
  { applied: true; liked: boolean; response: T } | { applied: false; envelope: Envelope<unknown> };

async function toggle<T>(
  kind: LikeKind,
  id: string | number,
  liked: boolean,
  path: string,
  form: Record<string, string>,
): Promise<ToggleResult<T>> {
  const envelope = await request<T>(path, {
    method: 'POST',
    form: liked ? { ...form, _method: 'delete' } : form,
  });
  if (envelope.status.code !== Status.ok) return { applied: false, envelope };
  remember(kind, id, !liked);
  return { applied: true, liked: !liked, response: envelope.response };
}

/** Likes an unliked video, unlikes a liked one (`POST /v2/like/video/{id}`). */
export function toggleVideoLike(video: Pick<Video, 'video_id' | 'video_type' | 'video_like'>) {
  const liked = likedNow('video', video.video_id, video.video_like);
  return toggle('video', video.video_id, liked, `/v2/like/video/${encodeURIComponent(video.video_id)}`, {
    type: video.video_type,
  });
}

/** Likes or unlikes an actor (`POST /v1/like/actor/{id}`). */
export function toggleActorLike(actor: Pick<Actor, 'actor_id' | 'actor_like'>) {
  const liked = likedNow('actor', actor.actor_id, actor.actor_like);
  return toggle('actor', actor.actor_id, liked, `/v1/like/actor/${actor.actor_id}`, {});
}

/** Follows or unfollows a creator (`POST /v1/explore/follow/user/{id}`); the reply has the new follower count. */
export function toggleFollow(user: Pick<FollowedUser, 'user_id' | 'user_like'>) {
  const liked = likedNow('user', user.user_id, user.user_like);
  return toggle<{ user_followers: number }>(
    'user',
    user.user_id,
    liked,
    `/v1/explore/follow/user/${user.user_id}`,
    {},
  );
}
