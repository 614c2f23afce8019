import type { Actor, RecommendBlock, Studio, Video, VideoType } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { request, type RequestOptions } from '../../app/api/client.ts';

/** The path word of each home type in `/v1/{longs,shorts,original}/…` and `/v2/…/videos/{id}`. */
export const HOME_PATH: Record<VideoType, string> = { long: 'longs', short: 'shorts', original: 'original' };

async function ok<T>(path: string, options?: RequestOptions): Promise<T> {
  const envelope = await request<T>(path, options);
  if (envelope.status.code !== Status.ok) throw new Error(envelope.status.message);
  return envelope.response;
}

export interface VideoList {
  videos: Video[];
  total_results: number;
}

export interface HomeMenu {
  menu_id: number;
  menu_name: string;
  filterParams: { kind: 'newest' | 'ranking' | 'default'; filters: string[] };
}

/** The Recommend feed (block 0), or one block drawn afresh (the shuffle's next batch). */
export function recommendFeed(type: VideoType, blockId: number, tags: string[]) {
  return ok<{ blocks: RecommendBlock[] }>(`/v2/${HOME_PATH[type]}/videos/${blockId}`, {
    query: { tags: tags.length > 0 ? tags.join(',') : undefined },
  });
}

/** `GET /v1/{longs,shorts,original}/tags`: the interest picker's tags. */
export function homeTags(type: VideoType) {
  return ok<{ tags: string[] }>(`/v1/${HOME_PATH[type]}/tags`);
}

export function homeMenus(type: VideoType) {
  return ok<{ menus: HomeMenu[] }>(`/v1/${HOME_PATH[type]}/menus`);
}

export function menuList(
  menuId: number,
  query: {
    page: number;
    video_type?: VideoType;
    order?: string;
    filters?: string;
    category?: number;
    list?: string;
  },
) {
  return ok<VideoList>(`/v1/videos/menu/${menuId}`, { query });
}

export function classicList(type: VideoType, page: number) {
  return ok<VideoList>(`/v1/${type}s/videos/6`, { query: { page } });
}

export function actorPage(actorId: number, page: number) {
  return ok<{ actor: Actor; videos: Video[]; total_results: number }>(`/v1/actor/${actorId}`, {
    query: { page },
  });
}

export function actorList(query: { page: number; original: 0 | 1; order?: string; filters?: string }) {
  return ok<{ actors: Actor[]; total_results: number }>('/v1/actors', { query });
}

/** The studios with videos of the type (original's publisher tab). */
export function studioList(type: VideoType, page: number) {
  return ok<{ studios: Studio[]; total_results: number }>('/v1/studios', {
    query: { video_type: type, page },
  });
}

/** A studio and its videos of one type, newest first. */
export function studioPage(studioId: number, type: VideoType, page: number) {
  return ok<{ studio: Studio; videos: Video[]; total_results: number }>(`/v1/studio/${studioId}`, {
    query: { video_type: type, page },
  });
}
