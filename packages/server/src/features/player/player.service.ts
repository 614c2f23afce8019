import { mediaStoreOf } from '../../platform/media-store/index.ts';
import {
  playbackRefusal,
  RENDITIONS,
  UNLIMITED_VIEWS,
  type Actor,
  type Locale,
  type Video,
  type VideoInfo,
  type VideoPage,
  type VideoStart,
  type VideoType,
  type VideoUrls,
} from '@app/contract';
import { businessDay } from '../../platform/business-day.ts';
import type { AppContext } from '../../platform/context.ts';
import { todaysViews } from '../../platform/daily-views.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import { ListCache } from '../browse/list-cache.ts';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { loadActors, loadVideos } from '../catalogue/list-objects.ts';
import { playlistWithKey, smallFirstSegment } from '../streaming/playlist-file.ts';
import { findRenditionKey } from '../streaming/streaming.queries.ts';
import { signedPlaylistPath } from '../streaming/stream-urls.ts';
import * as queries from './player.queries.ts';
import { createViewCounts } from './view-counts.ts';

/** Related pages kept per process, like the browsing lists (features/browse/list-cache.ts). */
const RELATED_TTL_MS = 30_000;
const RELATED_MAX = 5000;

/** Starting playlists kept per process: at most ~64 KB each (the first segment), so ~13 MB. */
const STARTS_KEPT = 200;

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

export interface VideoReport {
  reportType: number;
  content: string;
  deviceOs: string;
  imgHost: string;
  streamHost: string;
}

/**
 * The play page: a video's details with the sources the caller may play. Giving a non-VIP a source
 * spends one of the day's free views, once per video per business day; the counter on the user row
 * changes in the same statement as the `daily_views` row that it counts.
 */
export function createPlayerService(ctx: AppContext, appInfo: AppInfoService) {
  const { db } = ctx;
  // A first play counts for its video without touching the video's row (folded every minute).
  const viewCounts = createViewCounts(ctx.config);
  // The related list is the same for every viewer of a video (like flags come per caller): grouped
  // over the shared actors and categories once per half minute, not twice per play page.
  const related = new ListCache(RELATED_TTL_MS, RELATED_MAX);
  // A video's id, type and asset, and its card per locale without the caller's like (laid on per
  // call): the same for every viewer, so a thousand first plays of one video read them once per
  // process per half minute, not once each. A catalogue change (publish, unpublish, edits) clears
  // them like every list; the card's play count may lag as the related list's does (the fold adds
  // plays once a minute anyway), and each viewer sees their own first play at once.
  const videos = new ListCache(RELATED_TTL_MS, RELATED_MAX);
  const cards = new ListCache(RELATED_TTL_MS, RELATED_MAX);
  ctx.cache.onInvalidate(CATALOGUE_TOPIC, () => {
    related.clear();
    videos.clear();
    cards.clear();
  });

  function videoOf(avkey: string) {
    // A miss throws, so it is not kept: a video published a moment later is found.
    return videos.get(`v${avkey}`, async () => {
      const video = await queries.findVideo(db, avkey);
      if (!video) notFound('video_not_found');
      return video;
    });
  }

  function cardOf(videoId: number, locale: Locale): Promise<Video> {
    return cards.get(`${videoId}/${locale}`, async () => {
      const [card] = await loadVideos(db, [videoId], undefined, locale);
      if (!card) notFound('video_not_found');
      return card;
    });
  }

  /**
   * The playlist the player starts with, its key written in, and its small first segment: given
   * only with the source itself, so key and segment go to the same callers the stream line would
   * serve them (ARCHITECTURE, HLS keys). The picture then waits for no request after video info.
   * A rendition's key, playlist and segments never change once ingested, so each process keeps the
   * starts of the videos played most lately instead of reading them again for every viewer.
   */
  const starts = new Map<string, Promise<VideoStart>>();
  function startingPlaylist(asset: string, pixel: VideoStart['pixel']): Promise<VideoStart> {
    const name = `${asset}/${pixel}`;
    const known = starts.get(name);
    if (known) {
      starts.delete(name);
      starts.set(name, known); // most lately used last
      return known;
    }
    const reading = readStartingPlaylist(asset, pixel);
    starts.set(name, reading);
    // A missing rendition is asked again next time.
    reading.catch(() => starts.get(name) === reading && starts.delete(name));
    if (starts.size > STARTS_KEPT) starts.delete(starts.keys().next().value as string);
    return reading;
  }

  async function readStartingPlaylist(asset: string, pixel: VideoStart['pixel']): Promise<VideoStart> {
    const row = await findRenditionKey(db, asset, pixel);
    if (!row) notFound('video_not_found');
    const keyUri = `data:application/octet-stream;base64,${row.key.toString('base64')}`;
    const store = mediaStoreOf(ctx.config);
    const playlist = await playlistWithKey(store, asset, pixel, keyUri);
    const segment = await smallFirstSegment(store, asset, pixel, playlist);
    return { pixel, playlist, ...(segment && { first_segment: segment.toString('base64') }) };
  }

  return {
    close: () => viewCounts.close(),
    /** `startPixel`: the quality the player starts with, whose playlist comes along when allowed. */
    async videoInfo(
      userId: number,
      avkey: string,
      startPixel: VideoStart['pixel'] | undefined,
      locale: Locale,
    ): Promise<VideoInfo> {
      const video = await videoOf(avkey);
      // Read beside the view count and the details (startingPlaylist observes its failure, so an
      // unused one is no unhandled rejection); handed out only when the source is given.
      const start = startPixel ? startingPlaylist(video.asset_id, startPixel) : undefined;
      const { views: viewSettings } = await appInfo.stored();
      const now = ctx.now();
      const today = businessDay(ctx.config.businessTimeZone, now);

      // Read beside the play's statement; the first viewers of a video share one load.
      const card = cardOf(video.id, locale);
      card.catch(() => undefined);

      // One statement: the locked counters, the day's play of this video and the caller's like, and
      // a first play's row and counter together (player.queries.ts playVideo).
      const played = await queries.playVideo(db, {
        userId,
        today,
        videoId: video.id,
        now,
        dailyFree: viewSettings.daily_free,
        countInBuffer: viewCounts.inBuffer,
      });
      if (!played) notFound();
      const views = todaysViews(played, today, viewSettings.daily_free);
      const outcome = {
        vip: played.vip,
        liked: played.liked_at,
        views: played.first_play && !played.vip ? { ...views, used: views.used + 1 } : views,
        // `viewed` was read in the snapshot from before the lock; a same play committed while this
        // one waited may have spent the last view on this very video: read again before refusing.
        given: played.viewed || !played.exhausted || (await queries.playedToday(db, userId, today, video.id)),
      };
      if (played.first_play) await viewCounts.afterPlay(db, video.id);
      // The console's dashboard counts the refusals that show the views-exhausted pop-up.
      if (!outcome.given) await queries.recordViewsExhausted(db, userId, avkey);

      const details = await card;
      const video_urls: VideoUrls = {};
      if (outcome.given) {
        for (const rendition of RENDITIONS) {
          // video info is read on any line; the sources it hands out are those of the first line.
          if (playbackRefusal({ vip: outcome.vip, viewedToday: true }, rendition, 0)) continue;
          video_urls[rendition] = signedPlaylistPath(
            ctx.secrets.streamUrlKey,
            { user: userId, video: avkey, asset: video.asset_id, rendition },
            now,
          );
        }
      }
      const video_start = startPixel && video_urls[startPixel] ? await start : undefined;
      return {
        ...details,
        video_like: outcome.liked !== null,
        video_like_date: outcome.liked === null ? null : unixSeconds(outcome.liked),
        // The play count reaches the row within a minute (the fold); the viewer sees their own at once.
        views: details.views + (played.first_play ? 1 : 0),
        video_urls,
        video_views: [outcome.views.used, outcome.vip ? UNLIMITED_VIEWS : outcome.views.total],
        ...(video_start && { video_start }),
      };
    },

    async actorsOfVideo(userId: number, avkey: string, locale: Locale): Promise<{ actors: Actor[] }> {
      const video = await videoOf(avkey);
      const ids = await queries.actorIdsOfVideo(db, video.id);
      return { actors: await loadActors(db, ids, userId, locale) };
    },

    /** Related videos of `type` (the video's own type when absent), most related first. */
    async recommended(
      userId: number,
      avkey: string,
      type: VideoType | undefined,
      page: number,
      locale: Locale,
    ): Promise<VideoPage> {
      const video = await videoOf(avkey);
      const listType = type ?? (video.type as VideoType);
      const { ids, total } = await related.get(JSON.stringify([video.id, listType, page]), async () => {
        const [pageIds, count] = await Promise.all([
          queries.relatedVideoPage(db, video.id, listType, page),
          queries.countRelatedVideos(db, video.id, listType),
        ]);
        return { ids: pageIds, total: count };
      });
      return { videos: await loadVideos(db, ids, userId, locale), total_results: total };
    },

    async report(userId: number, avkey: string, report: VideoReport): Promise<void> {
      const video = await videoOf(avkey);
      await queries.saveReport(db, {
        userId,
        videoId: video.id,
        today: businessDay(ctx.config.businessTimeZone, ctx.now()),
        ...report,
      });
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
