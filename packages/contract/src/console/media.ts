import { z } from 'zod';
import { consolePathId } from './list.ts';
import { VIDEO_TYPES } from '../constants.ts';

/**
 * Console "Upload and transcode" and the media actions on a video (issue 24): resumable uploads
 * (tus under /admin/api/transcode/uploads), transcode jobs that survive restarts with live
 * progress, cover choice, publish / unpublish and delete. The owner and editors run the catalogue.
 */
export const MEDIA_ROLES = ['owner', 'editor'] as const;

// ── Uploads (tus 1.0.0) ────────────────────────────────────────────────────────

/** The tus endpoint: POST creates an upload, HEAD/PATCH/DELETE on `<endpoint>/<id>` (relative to /admin/api). */
export const UPLOAD_ENDPOINT = '/transcode/uploads';
/** The largest file one upload may carry: a 4K feature film fits, a runaway disk image does not. */
export const UPLOAD_MAX_BYTES = 20 * 1024 ** 3;
/**
 * Unfinished uploads one operator may have moving at once (touched in the last
 * UPLOAD_ACTIVE_MINUTES): enough for a batch from one desk, not a disk-filling loop.
 */
export const UPLOADS_PER_OPERATOR = 6;
export const UPLOAD_ACTIVE_MINUTES = 15;
/** The console sends files in chunks of this size (one PATCH each): small enough to retry cheaply. */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;
/** An upload nobody continued for this long is removed with its bytes. */
export const UPLOAD_ABANDONED_HOURS = 24;
/** How many files the console sends at the same time (the rest wait their turn). */
export const UPLOADS_AT_ONCE = 3;
export const UPLOAD_TITLE_MAX = 200;
export const UPLOAD_FILE_NAME_MAX = 255;

/** tus Upload-Metadata of a new upload (each value base64 as tus wants). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** One line of text from a tus header: no control characters (NUL is text no database column takes). */
const metadataLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((text) => !CONTROL.test(text));

export const UploadMetadataSchema = z.object({
  filename: metadataLine(UPLOAD_FILE_NAME_MAX),
  title: metadataLine(UPLOAD_TITLE_MAX),
  type: z.enum(VIDEO_TYPES),
});
export type UploadMetadata = z.infer<typeof UploadMetadataSchema>;

/** Refusals of the tus endpoint (the reply body is the key). */
export const UPLOAD_REFUSALS = [
  'too_many_uploads',
  'upload_too_big',
  'upload_metadata',
  'upload_length_required',
  'disk_full',
] as const;

// ── Transcode jobs ───────────────────────────────────────────────────────────────

export const TRANSCODE_JOB_STATES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;
export type TranscodeJobState = (typeof TRANSCODE_JOB_STATES)[number];

/** A job's steps in order: read the file, the three HLS renditions, cover candidates, encryption. */
export const TRANSCODE_STAGES = ['probe', '240', '480', 'intro', 'covers', 'encrypt'] as const;
export type TranscodeStage = (typeof TRANSCODE_STAGES)[number];

/** Why a job failed, as a key the console translates into words an operator understands. */
export const TRANSCODE_FAILURES = [
  'not_a_video',
  'no_video_stream',
  'still_image',
  'damaged_file',
  'disk_full',
  'source_missing',
  'transcode_failed',
  /** Longer than TRANSCODE_MAX_SECONDS, or the job ran past its wall-clock ceiling. */
  'too_long',
  /** Pictures larger than 8K (a decompression bomb is one). */
  'picture_too_large',
] as const;
export type TranscodeFailure = (typeof TRANSCODE_FAILURES)[number];
/** Failures a retry cannot mend (the file itself is the problem): their upload is removed at once. */
export const HOPELESS_FAILURES: readonly TranscodeFailure[] = [
  'not_a_video',
  'no_video_stream',
  'still_image',
  'damaged_file',
  'source_missing',
  'too_long',
  'picture_too_large',
];

/** Cover candidates taken from the video, spread over its length. */
export const COVER_CANDIDATES = 4;

export const CoverPairSchema = z.object({ cover: z.string(), thumb: z.string() });
export type CoverPair = z.infer<typeof CoverPairSchema>;

export const TranscodeJobSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  title: z.string(),
  type: z.enum(VIDEO_TYPES),
  sizeBytes: z.number().int(),
  /** Bytes received so far (uploads); equal to sizeBytes once uploaded. */
  receivedBytes: z.number().int(),
  state: z.enum(TRANSCODE_JOB_STATES),
  stage: z.enum(TRANSCODE_STAGES).nullable(),
  /** 0–100 over the whole job (every stage). */
  percent: z.number(),
  /** Seconds left, from ffmpeg's own progress; null before it can be told. */
  etaSeconds: z.number().int().nullable(),
  failure: z.enum(TRANSCODE_FAILURES).nullable(),
  /**
   * ffmpeg's own words (English), for whoever looks deeper: the console shows `failure` worded and
   * keeps this behind "details".
   */
  failureDetail: z.string().nullable(),
  retryable: z.boolean(),
  attempts: z.number().int(),
  operatorEmail: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The video made (unpublished until someone publishes it). */
  video: z
    .object({
      id: z.number().int(),
      avkey: z.string(),
      /** The video's title now (an editor may have renamed it since the upload's `title`). */
      title: z.string(),
      published: z.boolean(),
      cover: z.string(),
      thumb: z.string(),
    })
    .nullable(),
  covers: z.array(CoverPairSchema),
});
export type TranscodeJob = z.infer<typeof TranscodeJobSchema>;

export const TranscodeJobListQuerySchema = z.object({
  state: z.enum(TRANSCODE_JOB_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const TranscodeJobListSchema = z.object({ items: z.array(TranscodeJobSchema) });

const MAX_ID = 2_147_483_647;
export const JobIdParamsSchema = z.object({ id: consolePathId(Number.MAX_SAFE_INTEGER) });

/** `GET /admin/api/transcode/events` (text/event-stream): `job` carries a TranscodeJob, `removed` an id. */
export const TRANSCODE_EVENTS_PATH = '/transcode/events';

// ── Media actions on a video ─────────────────────────────────────────────────────

export const VideoIdParamsSchema = z.object({ id: consolePathId(Number.MAX_SAFE_INTEGER) });

/** `POST /admin/api/videos/publish`: publish or unpublish several videos at once. */
export const PUBLISH_MAX_IDS = 200;
export const PublishBodySchema = z.object({
  ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(PUBLISH_MAX_IDS),
  published: z.boolean(),
});
export type PublishBody = z.infer<typeof PublishBodySchema>;
/** Which of the ids changed (the rest already were so, or do not exist). */
export const PublishReplySchema = z.object({ changed: z.array(z.number().int()) });

/** `GET /admin/api/videos/:id/covers`: the cover and thumb in use and the candidates to choose from. */
export const VideoCoversSchema = z.object({
  id: z.number().int(),
  cover: z.string(),
  thumb: z.string(),
  candidates: z.array(CoverPairSchema),
});
export type VideoCovers = z.infer<typeof VideoCoversSchema>;

/** `PUT /admin/api/videos/:id/cover`: use candidate `candidate` (0-based) as cover and thumb. */
export const CoverChoiceBodySchema = z.object({
  candidate: z.number().int().min(0).max(31),
});

/** `POST /admin/api/videos/:id/cover-image` (multipart field `image`): an own picture, checked by content. */
export const COVER_IMAGE_FIELD = 'image';
export const COVER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** `DELETE /admin/api/videos/:id` answers what went with it. */
export const VideoDeletedSchema = z.object({ id: z.number().int(), mediaRemoved: z.boolean() });

export const MAX_VIDEO_ID = MAX_ID;
