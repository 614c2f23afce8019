import { mediaStoreOf } from '../../platform/media-store/index.ts';
import { FREE_STREAM_LINE, playbackRefusal, Status } from '@app/contract';
import { businessDay } from '../../platform/business-day.ts';
import type { AppContext } from '../../platform/context.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { playlistWithKey } from './playlist-file.ts';
import * as queries from './streaming.queries.ts';
import {
  checkKeyUrl,
  checkPlaylistUrl,
  signedKeyPath,
  type KeyGrant,
  type PlaylistGrant,
  type UrlCheck,
} from './stream-urls.ts';

interface Signed {
  expires: number;
  sig: string;
}

/**
 * Playlists and keys are reached by signed URLs only (the play page's video info hands them out).
 * Every fetch checks the signature, the expiry and then the entitlement again, so a URL that was
 * forged, kept past its time, or replayed after the user lost the right (views ran out, VIP ended,
 * another line) is refused.
 */
export function createStreamingService(ctx: AppContext, appInfo: Pick<AppInfoService, 'stored'>) {
  function assertUrl(result: UrlCheck): void {
    if (result !== 'ok') fail(Status.refused, result);
  }

  async function assertEntitled(grant: PlaylistGrant, line: number, now: Date): Promise<void> {
    const today = businessDay(ctx.config.businessTimeZone, now);
    const rights = await queries.findPlaybackRights(ctx.db, grant.user, grant.video, today);
    if (!rights || rights.asset_id !== grant.asset) notFound('video_not_found');
    const vip = (rights.vip_expiry?.getTime() ?? 0) > now.getTime();
    // The lock is read only where it decides something: a non-VIP on a line other than the first
    // (app info is kept in memory until the console changes it).
    const lineLock = vip || line === FREE_STREAM_LINE ? true : (await appInfo.stored()).novip.network.lock;
    const refusal = playbackRefusal(
      { vip, viewedToday: Boolean(rights.viewed_today) },
      grant.rendition,
      line,
      lineLock,
    );
    if (refusal) fail(Status.refused, refusal);
  }

  return {
    async playlist(grant: PlaylistGrant, signed: Signed, line: number): Promise<string> {
      const now = ctx.now();
      assertUrl(checkPlaylistUrl(ctx.secrets.streamUrlKey, grant, signed, now));
      await assertEntitled(grant, line, now);
      const keyUrl = signedKeyPath(ctx.secrets.streamUrlKey, { ...grant, line }, now);
      return playlistWithKey(mediaStoreOf(ctx.config), grant.asset, grant.rendition, keyUrl);
    },

    /** `line` is the line the key request arrived on; it must be the one the key URL was made for. */
    async key(grant: KeyGrant, signed: Signed, line: number): Promise<Buffer> {
      const now = ctx.now();
      assertUrl(checkKeyUrl(ctx.secrets.streamUrlKey, grant, signed, now));
      if (grant.line !== line) fail(Status.refused, 'stream_url_invalid');
      await assertEntitled(grant, line, now);
      const row = await queries.findRenditionKey(ctx.db, grant.asset, grant.rendition);
      if (!row) notFound('video_not_found');
      return row.key;
    },
  };
}

export type StreamingService = ReturnType<typeof createStreamingService>;
