import type { TranscodeFailure, TranscodeJobState } from '@app/contract/console/media';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

/**
 * The transcode queue: SQL only. A job is one row of `transcode_jobs` (migration 022). A worker
 * claims the oldest waiting row with FOR UPDATE SKIP LOCKED, so two processes never take the same
 * one, and holds it with a lease it renews; every write of a running job names the claim, so a
 * worker that lost its lease (it stalled, another took over) changes nothing any more.
 */
type Q = Db | Transaction<Database>;

/** How often a job may start before it counts as one that kills its worker. */
export const MAX_ATTEMPTS = 3;

export type JobRow = Awaited<ReturnType<typeof findJob>> & {};

export async function findJob(db: Q, id: number) {
  return db.selectFrom('transcode_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findJobByUpload(db: Q, uploadId: string) {
  return db.selectFrom('transcode_jobs').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
}

export interface NewJob {
  uploadId: string | null;
  operatorId: number | null;
  sourceFile: string;
  keepSource: boolean;
  fileName: string;
  sizeBytes: number;
  title: string;
  type: 'long' | 'short' | 'original';
  assetId: string;
  state: Extract<TranscodeJobState, 'uploading' | 'queued'>;
  /** x-request-id of the request that made the job; its worker logs it. */
  requestId?: string;
}

export async function insertJob(db: Q, job: NewJob) {
  return db
    .insertInto('transcode_jobs')
    .values({
      upload_id: job.uploadId,
      operator_id: job.operatorId,
      source_file: job.sourceFile,
      keep_source: job.keepSource,
      file_name: job.fileName,
      size_bytes: job.sizeBytes,
      title: job.title,
      type: job.type,
      asset_id: job.assetId,
      state: job.state,
      request_id: job.requestId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Unfinished uploads of one operator that moved since `since`. */
export async function countActiveUploads(db: Q, operatorId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('transcode_jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('state', '=', 'uploading')
    .where('operator_id', '=', operatorId)
    .where('updated_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Serialises the uploads of one operator (the count and the insert) for the transaction's life. */
export async function lockOperatorUploads(trx: Q, operatorId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('transcode_uploads'), ${operatorId}::int)`.execute(trx);
}

export async function touchUpload(db: Q, uploadId: string): Promise<void> {
  await db
    .updateTable('transcode_jobs')
    .set({ updated_at: sql`now()` })
    .where('upload_id', '=', uploadId)
    .where('state', '=', 'uploading')
    .execute();
}

/** The last byte arrived: the job waits for a worker. */
export async function markUploaded(db: Q, uploadId: string): Promise<void> {
  await db
    .updateTable('transcode_jobs')
    .set({ state: 'queued', updated_at: sql`now()` })
    .where('upload_id', '=', uploadId)
    .where('state', '=', 'uploading')
    .execute();
}

/**
 * Takes the oldest waiting job (or `onlyId`): queued, or running under a lease that lapsed (its
 * worker died). The row lock of SKIP LOCKED keeps a second process off the same row.
 */
export async function claimNext(db: Q, claim: string, leaseSeconds: number, onlyId?: number, place = '') {
  const only = onlyId === undefined ? sql`` : sql`and id = ${onlyId}`;
  const result = await sql<Database['transcode_jobs'] & { id: number; attempts: number }>`
    update transcode_jobs set
      state = 'running', claim = ${claim}, lease_until = now() + make_interval(secs => ${leaseSeconds}),
      attempts = attempts + 1, stage = 'probe', percent = 0, eta_s = null, failure = null,
      failure_detail = null, updated_at = now()
    where id = (
      select id from transcode_jobs
      where (state = 'queued' or (state = 'running' and lease_until < now())) ${only}
        and not (${place}::text = any(source_misses))
      order by id
      for update skip locked
      limit 1
    )
    returning *`.execute(db);
  return result.rows[0] as unknown as JobRow | undefined;
}

/** Progress of a running job; false when the claim is no longer this worker's. */
export async function reportProgress(
  db: Q,
  id: number,
  claim: string,
  leaseSeconds: number,
  progress: { stage: string; percent: number; etaSeconds: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('transcode_jobs')
    .set({
      stage: progress.stage,
      percent: progress.percent,
      eta_s: progress.etaSeconds,
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Locks the running row for its finishing transaction; undefined when the claim was lost. */
export async function holdClaim(trx: Q, id: number, claim: string) {
  return trx
    .selectFrom('transcode_jobs')
    .select('id')
    .where('id', '=', id)
    .where('claim', '=', claim)
    .where('state', '=', 'running')
    .forUpdate()
    .executeTakeFirst();
}

export async function markDone(
  trx: Q,
  id: number,
  videoId: number,
  covers: { cover: string; thumb: string }[],
): Promise<void> {
  await trx
    .updateTable('transcode_jobs')
    .set({
      state: 'done',
      stage: null,
      percent: 100,
      eta_s: 0,
      claim: null,
      lease_until: null,
      video_id: videoId,
      covers: JSON.stringify(covers),
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(
  db: Q,
  id: number,
  claim: string | null,
  failure: TranscodeFailure,
  detail: string,
): Promise<boolean> {
  let update = db
    .updateTable('transcode_jobs')
    .set({
      state: 'failed',
      failure,
      failure_detail: detail,
      claim: null,
      lease_until: null,
      eta_s: null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id);
  if (claim !== null) update = update.where('claim', '=', claim).where('state', '=', 'running');
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A job handed back untouched: queued again, its progress cleared, the attempt it took returned. */
const HANDED_BACK = {
  state: 'queued',
  claim: null,
  lease_until: null,
  stage: null,
  percent: 0,
  eta_s: null,
  attempts: sql<number>`greatest(attempts - 1, 0)`,
} as const;

/**
 * A stopping worker hands its jobs back, to be started again at once by whoever comes next. A
 * clean stop is not the job's fault: the attempt it took is given back (issue 34).
 */
export async function releaseClaims(db: Q, claims: string[]): Promise<void> {
  if (claims.length === 0) return;
  await db
    .updateTable('transcode_jobs')
    .set(HANDED_BACK)
    .where('claim', 'in', claims)
    .where('state', '=', 'running')
    .execute();
}

/**
 * A worker that cannot read a job's source (a path on another machine's disk) hands it back
 * without counting the attempt, and its place is remembered so that it does not take the job
 * again while a worker elsewhere can. False when the claim was no longer this worker's.
 */
export async function handBackUnreadable(db: Q, id: number, claim: string, place: string): Promise<boolean> {
  const result = await db
    .updateTable('transcode_jobs')
    .set({
      ...HANDED_BACK,
      source_misses: sql<
        string[]
      >`case when ${place}::text = any(source_misses) then source_misses else array_append(source_misses, ${place}::text) end`,
      source_missed_at: sql<Date>`coalesce(source_missed_at, now())`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Jobs no worker could read the source of since `before` (every place tried, or none that can is
 * running) end as `source_missing`: the console shows why, rather than a job queued for ever.
 */
export async function failUnreadable(db: Q, before: Date): Promise<number> {
  const result = await db
    .updateTable('transcode_jobs')
    .set({
      state: 'failed',
      failure: 'source_missing',
      failure_detail: sql<string>`'no worker could read the source; tried on: ' || array_to_string(source_misses, ', ')`,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('state', '=', 'queued')
    .where('source_missed_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Embedded PGlite belongs to one process (the data directory is locked), so a job still marked
 * running at start belongs to a process that is gone.
 */
export async function requeueOrphans(db: Q): Promise<void> {
  await db
    .updateTable('transcode_jobs')
    .set({ state: 'queued', claim: null, lease_until: null, stage: null, percent: 0, eta_s: null })
    .where('state', '=', 'running')
    .execute();
}

/** Failed jobs whose source is still there go back into the queue. */
export async function requeueFailed(db: Q, id: number) {
  return db
    .updateTable('transcode_jobs')
    .set({
      state: 'queued',
      failure: null,
      failure_detail: null,
      attempts: 0,
      source_misses: sql<string[]>`'{}'`,
      source_missed_at: null,
      stage: null,
      percent: 0,
      eta_s: null,
      finished_at: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .returningAll()
    .executeTakeFirst();
}

export async function deleteJob(db: Q, id: number): Promise<void> {
  await db.deleteFrom('transcode_jobs').where('id', '=', id).execute();
}

/** Uploads nobody continued since `before`, and failed jobs' sources kept for a retry since then. */
export async function staleJobs(db: Q, before: Date) {
  return db
    .selectFrom('transcode_jobs')
    .select(['id', 'state', 'source_file', 'keep_source', 'upload_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'uploading'), eb('updated_at', '<', before)]),
        eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', before), eb('source_file', '<>', '')]),
      ]),
    )
    .limit(500)
    .execute();
}

export async function forgetSource(db: Q, id: number): Promise<void> {
  await db.updateTable('transcode_jobs').set({ source_file: '' }).where('id', '=', id).execute();
}

/** The jobs the console lists, newest first, with who uploaded and the video made. */
export async function listJobs(db: Q, filter: { state?: TranscodeJobState; limit: number; id?: number }) {
  let query = db
    .selectFrom('transcode_jobs as j')
    .leftJoin('operators as o', 'o.id', 'j.operator_id')
    .leftJoin('videos as v', 'v.id', 'j.video_id')
    .select([
      'j.id',
      'j.file_name',
      'j.title',
      'j.type',
      'j.size_bytes',
      'j.state',
      'j.stage',
      'j.percent',
      'j.eta_s',
      'j.failure',
      'j.failure_detail',
      'j.attempts',
      'j.source_file',
      'j.upload_id',
      'j.covers',
      'j.created_at',
      'j.finished_at',
      'o.email as operator_email',
      'v.id as video_id',
      'v.avkey',
      // The title shown is the video's now (the Chinese one, as the app shows it), not the upload's.
      sql<string | null>`coalesce(nullif(v.title_cn, ''), v.title)`.as('video_title'),
      'v.unpublished_at',
      'v.cover',
      'v.thumb',
    ]);
  if (filter.state) query = query.where('j.state', '=', filter.state);
  if (filter.id !== undefined) query = query.where('j.id', '=', filter.id);
  return query.orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').limit(filter.limit).execute();
}
export type JobListRow = Awaited<ReturnType<typeof listJobs>>[number];
