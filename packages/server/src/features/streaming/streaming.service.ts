import fs from 'node:fs/promises';
import path from 'node:path';
import { Status, type Rendition } from '@app/contract';
import type { AppContext } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/errors.ts';
import * as queries from './streaming.queries.ts';

/** Renditions only VIP may play (DECISIONS: non-VIP get 240 only). */
const VIP_RENDITIONS: readonly Rendition[] = ['480'];

/** The playlist as ingest wrote it names its key `key`; the served copy points at the gated key URL. */
const KEY_LINE = /URI="key"/g;

export function createStreamingService(ctx: AppContext) {
  async function assertEntitled(userId: number, rendition: Rendition): Promise<void> {
    if (!VIP_RENDITIONS.includes(rendition)) return;
    const user = await queries.findVipExpiry(ctx.db, userId);
    const vip = (user?.vip_expiry?.getTime() ?? 0) > Date.now();
    if (!vip) fail(Status.refused, 'vip_only');
  }

  return {
    async playlist(userId: number, assetId: string, rendition: Rendition, token: string): Promise<string> {
      await assertEntitled(userId, rendition);
      const file = path.join(ctx.config.mediaDir, 'hls', assetId, rendition, 'index.m3u8');
      const text = await fs.readFile(file, 'utf8').catch(() => notFound('video_not_found'));
      const keyUrl = `/v1/video/key/${assetId}/${rendition}?token=${encodeURIComponent(token)}`;
      return text.replace(KEY_LINE, `URI="${keyUrl}"`);
    },

    async key(userId: number, assetId: string, rendition: Rendition): Promise<Buffer> {
      await assertEntitled(userId, rendition);
      const row = await queries.findRenditionKey(ctx.db, assetId, rendition);
      if (!row) notFound('video_not_found');
      return row.key;
    },
  };
}

export type StreamingService = ReturnType<typeof createStreamingService>;
