import { forgettingOnEdges } from '../../platform/edge-purge.ts';
import { mediaStoreOf } from '../../platform/media-store/index.ts';
import crypto from 'node:crypto';
import {
  HOPELESS_FAILURES,
  type CoverPair,
  type PublishBody,
  type TranscodeFailure,
  type TranscodeJob,
  type TranscodeJobState,
  type TranscodeStage,
  type VideoCovers,
} from '@app/contract/console/media';
import { sql } from 'kysely';
import { bumpCacheVersion } from '../../platform/cache-versions.ts';
import type { AppContext } from '../../platform/context.ts';
import { COVER_SIZE, reencodePicture, THUMB_SIZE } from '../../media/images.ts';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { consoleFail } from '../console/console-errors.ts';
import { removeStoredImage, storeEncryptedImage } from '../ingest/encrypted-images.ts';
import { recordAudit, type Actor } from '../operators/audit.ts';
import type { ConsoleOperator } from '../operators/operators.service.ts';
import { appealImageType } from '../rewards/appeal-image.ts';
import type { Uploads } from './console-media.uploads.ts';
import * as queue from './transcode-queue.ts';
import type { TranscodeRunner } from './transcode-runner.ts';

/**
 * Console "Upload and transcode" and the media actions on a video. Jobs are read from their rows;
 * every change an operator makes is audited with it, and what changes the phone app's lists bumps
 * the catalogue's cache version (every process drops its cached lists within seconds).
 */
export function createConsoleMediaService(ctx: AppContext, uploads: Uploads, runner: TranscodeRunner) {
  const { db } = ctx;
  // A deleted video's files are also forgotten by the edges (issue 33 item 8).
  const store = forgettingOnEdges(mediaStoreOf(ctx.config), {
    edges: ctx.config.mediaBaseUrls,
    key: ctx.config.edgePurgeKey,
  });

  async function jobView(row: queue.JobListRow): Promise<TranscodeJob> {
    const received =
      row.state === 'uploading' && row.upload_id
        ? ((await uploads.receivedBytes(row.upload_id)) ?? 0)
        : Number(row.size_bytes);
    const failure = row.failure as TranscodeFailure | null;
    return {
      id: row.id,
      fileName: row.file_name,
      title: row.title,
      type: row.type,
      sizeBytes: Number(row.size_bytes),
      receivedBytes: received,
      state: row.state,
      stage: row.state === 'running' ? ((row.stage as TranscodeStage | null) ?? 'probe') : null,
      percent: row.state === 'done' ? 100 : Number(row.percent),
      etaSeconds: row.state === 'running' ? row.eta_s : null,
      failure,
      failureDetail: row.failure_detail,
      retryable: row.state === 'failed' && row.source_file !== '' && !HOPELESS_FAILURES.includes(failure!),
      attempts: row.attempts,
      operatorEmail: row.operator_email,
      createdAt: row.created_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      video:
        row.video_id === null || row.avkey === null
          ? null
          : {
              id: row.video_id,
              avkey: row.avkey,
              title: row.video_title ?? row.title,
              published: row.unpublished_at === null,
              cover: row.cover ?? '',
              thumb: row.thumb ?? '',
            },
      covers: row.video_id === null ? [] : row.covers,
    };
  }

  async function job(id: number): Promise<TranscodeJob | undefined> {
    const [row] = await queue.listJobs(db, { id, limit: 1 });
    return row && jobView(row);
  }

  async function videoRow(id: number) {
    const row = await db
      .selectFrom('videos')
      .select(['id', 'avkey', 'title', 'cover', 'thumb', 'asset_id', 'unpublished_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? consoleFail(404, 'not_found');
  }

  /** The candidates of a video its job made, besides the pair in use. */
  async function candidatesOf(videoId: number): Promise<CoverPair[]> {
    const row = await db
      .selectFrom('transcode_jobs')
      .select('covers')
      .where('video_id', '=', videoId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.covers ?? [];
  }

  /**
   * A job as its upload is: its own operator's, and every job is the owner's too. Someone else's
   * job is not there for an editor (404, as for someone else's upload), so ids tell nothing.
   */
  async function ownJob(operator: Pick<ConsoleOperator, 'id' | 'role'>, id: number) {
    const row = await queue.findJob(db, id);
    if (!row || (operator.role !== 'owner' && row.operator_id !== operator.id)) consoleFail(404, 'not_found');
    return row;
  }
  /** Whose job it was, in the audit entry: an owner acting on another's job shows as such. */
  const jobOwner = (row: queue.JobRow) => ({ operatorId: row.operator_id });

  return {
    job,
    async jobs(filter: { state?: TranscodeJobState; limit: number }) {
      const rows = await queue.listJobs(db, filter);
      return { items: await Promise.all(rows.map(jobView)) };
    },

    /** A failed job whose upload is still kept goes back into the queue. */
    async retry(operator: Pick<ConsoleOperator, 'id' | 'role'>, id: number): Promise<TranscodeJob> {
      const row = await ownJob(operator, id);
      const failure = row.failure as TranscodeFailure | null;
      if (row.state !== 'failed' || row.source_file === '' || HOPELESS_FAILURES.includes(failure!))
        consoleFail(409, 'job_not_retryable');
      await db.transaction().execute(async (trx) => {
        if (!(await queue.requeueFailed(trx, id))) consoleFail(409, 'job_not_retryable');
        await recordAudit(trx, operator, {
          action: 'transcode.retry',
          target: `transcode_job:${id}`,
          before: { state: row.state, failure, ...jobOwner(row) },
          after: { state: 'queued' },
        });
      });
      runner.wake();
      return (await job(id))!;
    },

    /** Cancels an upload or clears a failed job (with its kept upload); a finished job's video stays. */
    async remove(operator: Pick<ConsoleOperator, 'id' | 'role'>, id: number): Promise<void> {
      const row = await ownJob(operator, id);
      if (row.state === 'queued' || row.state === 'running') consoleFail(409, 'job_busy');
      await db.transaction().execute(async (trx) => {
        await queue.deleteJob(trx, id);
        await recordAudit(trx, operator, {
          action: 'transcode.remove',
          target: `transcode_job:${id}`,
          before: { state: row.state, fileName: row.file_name, ...jobOwner(row) },
        });
      });
      if (row.upload_id) await uploads.remove(row.upload_id);
    },

    /** Publish or unpublish: the phone app's lists, search and play page follow within seconds. */
    async publish(operator: Actor, body: PublishBody): Promise<{ changed: number[] }> {
      const ids = [...new Set(body.ids)];
      const changed = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('videos')
          .set({ unpublished_at: body.published ? null : new Date() })
          .where(sql<boolean>`id = any(${ids}::bigint[])`)
          .where('unpublished_at', body.published ? 'is not' : 'is', null)
          .returning('id')
          .execute();
        const changedIds = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
        if (changedIds.length > 0) {
          await recordAudit(trx, operator, {
            action: body.published ? 'video.publish' : 'video.unpublish',
            target: changedIds.length === 1 ? `video:${changedIds[0]}` : `videos:${changedIds.length}`,
            after: { ids: changedIds, published: body.published },
          });
          await bumpCacheVersion(trx, CATALOGUE_TOPIC);
        }
        return changedIds;
      });
      if (changed.length > 0) ctx.cache.invalidate(CATALOGUE_TOPIC);
      return { changed };
    },

    async covers(id: number): Promise<VideoCovers> {
      const video = await videoRow(id);
      return { id: video.id, cover: video.cover, thumb: video.thumb, candidates: await candidatesOf(id) };
    },

    async chooseCover(operator: Actor, id: number, candidate: number): Promise<VideoCovers> {
      const video = await videoRow(id);
      const candidates = await candidatesOf(id);
      const pair = candidates[candidate] ?? consoleFail(404, 'cover_candidate_missing');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('videos')
          .set({ cover: pair.cover, thumb: pair.thumb })
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, operator, {
          action: 'video.cover',
          target: `video:${id}`,
          before: { cover: video.cover, thumb: video.thumb },
          after: pair,
        });
        await bumpCacheVersion(trx, CATALOGUE_TOPIC);
      });
      ctx.cache.invalidate(CATALOGUE_TOPIC);
      return { id, cover: pair.cover, thumb: pair.thumb, candidates };
    },

    /**
     * An own picture becomes the cover (16:9) and thumb (9:16): JPEG, PNG or WebP judged by its
     * bytes, then cut to size by ffmpeg's picture pipeline (which also proves it decodes), stored encrypted. It joins
     * the candidates, so switching back and forth keeps every choice.
     */
    async uploadCover(operator: Actor, id: number, image: Buffer): Promise<VideoCovers> {
      const video = await videoRow(id);
      const type = appealImageType(image);
      if (!type) consoleFail(400, 'cover_image_type', { image: 'cover_image_type' });
      const stored: string[] = [];
      try {
        // Cut to both sizes the app shows; a canvas past 40 megapixels is refused before decoding.
        const frames = await Promise.all([
          reencodePicture(image, type, { ...COVER_SIZE, fit: 'cover' }),
          reencodePicture(image, type, { ...THUMB_SIZE, fit: 'cover' }),
        ]).catch(() => consoleFail(400, 'invalid_input', { image: 'console_image_unreadable' }));
        const name = `${video.asset_id}-own-${crypto.randomBytes(4).toString('hex')}`;
        const pair = {
          cover: await storeEncryptedImage(
            store,
            ctx.secrets.imageKey,
            `covers/${name}.bin`,
            frames[0].bytes,
          ),
          thumb: '',
        };
        stored.push(pair.cover);
        pair.thumb = await storeEncryptedImage(
          store,
          ctx.secrets.imageKey,
          `thumbs/${name}.bin`,
          frames[1].bytes,
        );
        stored.push(pair.thumb);
        const candidates = [...(await candidatesOf(id)), pair];
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('videos').set(pair).where('id', '=', id).execute();
          // A video its job made keeps every choice among its candidates; others (seeded) just change.
          await trx
            .updateTable('transcode_jobs')
            .set({ covers: JSON.stringify(candidates) })
            .where('video_id', '=', id)
            .execute();
          await recordAudit(trx, operator, {
            action: 'video.cover',
            target: `video:${id}`,
            before: { cover: video.cover, thumb: video.thumb },
            after: pair,
          });
          await bumpCacheVersion(trx, CATALOGUE_TOPIC);
        });
        stored.length = 0;
        ctx.cache.invalidate(CATALOGUE_TOPIC);
        return { id, ...pair, candidates: await candidatesOf(id) };
      } finally {
        await Promise.all(stored.map((image) => removeStoredImage(store, image)));
      }
    },

    /**
     * Deletes a video. Its media (HLS folder, keys, cover candidates) goes too unless another video
     * still refers to the same asset or image.
     */
    async deleteVideo(operator: Actor, id: number): Promise<{ id: number; mediaRemoved: boolean }> {
      const video = await videoRow(id);
      const candidates = await candidatesOf(id);
      const images = new Set([
        video.cover,
        video.thumb,
        ...candidates.flatMap((pair) => [pair.cover, pair.thumb]),
      ]);
      const { assetFree, freeImages } = await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('videos').where('id', '=', id).execute();
        const others = await trx
          .selectFrom('videos')
          .select(['asset_id', 'cover', 'thumb'])
          .where((eb) =>
            eb.or([
              eb('asset_id', '=', video.asset_id),
              eb('cover', 'in', [...images]),
              eb('thumb', 'in', [...images]),
            ]),
          )
          .execute();
        const stillUsed = new Set(others.flatMap((row) => [row.cover, row.thumb]));
        const free = others.every((row) => row.asset_id !== video.asset_id);
        if (free) await trx.deleteFrom('media_assets').where('id', '=', video.asset_id).execute();
        await trx.updateTable('transcode_jobs').set({ covers: '[]' }).where('video_id', '=', id).execute();
        await recordAudit(trx, operator, {
          action: 'video.delete',
          target: `video:${id}`,
          before: { avkey: video.avkey, title: video.title, asset: video.asset_id },
        });
        await bumpCacheVersion(trx, CATALOGUE_TOPIC);
        return { assetFree: free, freeImages: [...images].filter((image) => !stillUsed.has(image)) };
      });
      ctx.cache.invalidate(CATALOGUE_TOPIC);
      if (assetFree) await store.deletePrefix(`hls/${video.asset_id}/`);
      await Promise.all(freeImages.map((image) => removeStoredImage(store, image)));
      return { id, mediaRemoved: assetFree };
    },
  };
}
export type ConsoleMediaService = ReturnType<typeof createConsoleMediaService>;
