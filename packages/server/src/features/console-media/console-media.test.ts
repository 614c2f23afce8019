import { mediaStoreOf } from '../../platform/media-store/index.ts';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, UPLOADS_PER_OPERATOR, type TranscodeJob } from '@app/contract/console/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, guestToken, type TestApp } from '../../test/build-app.ts';
import {
  appUser,
  auditEntries,
  consoleRequest,
  signInOperator,
  statusByCaller,
  type Caller,
  type OperatorSession,
} from '../console/console-kit.ts';
import {
  createUpload,
  makeSampleFiles,
  sendBytes,
  sendBytesAndDrop,
  ownMediaPrefix,
  stagedBytes,
  stagedNames,
  stagedSize,
  uploadFile,
  uploadOffset,
} from './upload-kit.ts';

let samples: Awaited<ReturnType<typeof makeSampleFiles>>;
beforeAll(async () => {
  samples = await makeSampleFiles();
}, 120_000);
afterAll(async () => fs.rm(samples.work, { recursive: true, force: true }));

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const meta = (title: string) => ({ filename: `${title}.mp4`, title, type: 'short' });

async function listening(sut: TestApp) {
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(sut.app.server.address() as { port: number }).port}`;
}

describe('resumable uploads (no transcoding in this process)', () => {
  let sut: TestApp;
  let origin: string;
  let editor: OperatorSession;
  const staged = async (id: string) => (await stagedBytes(sut, id)) ?? Buffer.alloc(0);

  beforeAll(async () => {
    sut = await buildTestApp({ TRANSCODE_CONCURRENCY: '0' });
    origin = await listening(sut);
    editor = await signInOperator(sut, 'editor');
  });
  afterAll(async () => sut.close());

  it('resumes an upload cut off half-way and ends with the identical file', async () => {
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const created = await createUpload(origin, editor, bytes.length, meta('Resumed upload'));
    expect(created.status).toBe(201);
    const id = created.id!;
    const half = Math.floor(bytes.length / 2);
    expect((await sendBytes(origin, editor, id, 0, bytes.subarray(0, half))).offset).toBe(half);
    // The second half starts and the connection dies part of the way.
    await sendBytesAndDrop(origin, editor, id, half, bytes.subarray(half), 400_000);
    const { status, offset } = await uploadOffset(origin, editor, id);
    expect(status).toBe(200);
    expect(offset).toBeGreaterThanOrEqual(half);
    expect(offset).toBeLessThan(bytes.length);
    const sent = await sendBytes(origin, editor, id, offset, bytes.subarray(offset));
    expect(sent.status).toBe(204);
    expect(sent.offset).toBe(bytes.length);
    expect(sha(await staged(id))).toBe(sha(bytes));
    const job = await sut.db
      .selectFrom('transcode_jobs')
      .selectAll()
      .where('upload_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('queued');
    expect(job.title).toBe('Resumed upload');
  });

  it('takes two uploads at once from two operators, each intact', async () => {
    const other = await signInOperator(sut, 'owner');
    const files = [crypto.randomBytes(2_000_003), crypto.randomBytes(1_500_001)];
    const ids = await Promise.all(
      [editor, other].map(async (who, index) => {
        const created = await createUpload(origin, who, files[index]!.length, meta(`Together ${index}`));
        expect(created.status).toBe(201);
        // Several chunks each, interleaved with the other upload's.
        const chunk = 256 * 1024;
        for (let at = 0; at < files[index]!.length; at += chunk) {
          const sent = await sendBytes(origin, who, created.id!, at, files[index]!.subarray(at, at + chunk));
          expect(sent.status).toBe(204);
        }
        return created.id!;
      }),
    );
    for (const [index, id] of ids.entries()) expect(sha(await staged(id))).toBe(sha(files[index]!));
  });

  it('refuses a file over the size cap, bad metadata and more uploads at once than allowed', async () => {
    expect((await createUpload(origin, editor, UPLOAD_MAX_BYTES + 1, meta('Huge'))).status).toBe(413);
    const noTitle = await createUpload(origin, editor, 10, { filename: 'a.mp4', type: 'short' });
    expect(noTitle).toMatchObject({ status: 400, body: '{"error":"upload_metadata"}' });
    const badType = await createUpload(origin, editor, 10, { ...meta('x'), type: 'films' });
    expect(badType.status).toBe(400);

    const busy = await signInOperator(sut, 'editor');
    for (let i = 0; i < UPLOADS_PER_OPERATOR; i += 1)
      expect((await createUpload(origin, busy, 1000, meta(`Batch ${i}`))).status).toBe(201);
    expect(await createUpload(origin, busy, 1000, meta('One too many'))).toMatchObject({
      status: 429,
      body: '{"error":"too_many_uploads"}',
    });
    // Another operator is not held back by it.
    expect((await createUpload(origin, editor, 1000, meta('Mine'))).status).toBe(201);
  });

  it("keeps each operator's uploads to themselves; app users and other roles reach nothing", async () => {
    const created = await createUpload(origin, editor, 100, meta('Private'));
    const id = created.id!;
    const otherEditor = await signInOperator(sut, 'editor');
    expect((await uploadOffset(origin, otherEditor, id)).status).toBe(404);
    expect((await sendBytes(origin, otherEditor, id, 0, Buffer.alloc(100))).status).toBe(404);
    for (const role of ['support', 'finance'] as const) {
      const who = await signInOperator(sut, role);
      expect((await createUpload(origin, who, 100, meta('No'))).status).toBe(403);
      expect((await sendBytes(origin, who, id, 0, Buffer.alloc(100))).status).toBe(403);
    }
    const user = await appUser(sut);
    expect((await createUpload(origin, user, 100, meta('No'))).status).toBe(401);
    expect((await createUpload(origin, null, 100, meta('No'))).status).toBe(401);
    // Without the CSRF token a session alone sends nothing.
    expect(
      (await createUpload(origin, { cookie: editor.cookie, csrf: 'wrong' }, 100, meta('No'))).status,
    ).toBe(403);
    expect((await uploadOffset(origin, editor, id)).offset).toBe(0);
  });

  it('cancels an upload with its bytes; the upload and its cancelling are audited with the client address', async () => {
    const created = await createUpload(origin, editor, 1000, meta('Cancelled'));
    await sendBytes(origin, editor, created.id!, 0, Buffer.alloc(500));
    const job = await sut.db
      .selectFrom('transcode_jobs')
      .select('id')
      .where('upload_id', '=', created.id!)
      .executeTakeFirstOrThrow();
    const reply = await fetch(`${origin}/admin/api/transcode/uploads/${created.id}`, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', cookie: editor.cookie, 'x-csrf-token': editor.csrf },
    });
    expect(reply.status).toBe(204);
    expect(await stagedSize(sut, created.id!)).toBeUndefined();
    expect(
      await sut.db.selectFrom('transcode_jobs').select('id').where('upload_id', '=', created.id!).execute(),
    ).toEqual([]);
    const target = `transcode_job:${job.id}`;
    expect((await auditEntries(sut, 'video.upload')).find((entry) => entry.target === target)).toMatchObject({
      operator_id: editor.id,
      client_address: '127.0.0.1',
      after: { fileName: 'Cancelled.mp4', title: 'Cancelled', type: 'short', sizeBytes: 1000 },
    });
    expect(
      (await auditEntries(sut, 'transcode.remove')).find((entry) => entry.target === target),
    ).toMatchObject({ operator_id: editor.id, client_address: '127.0.0.1', before: { state: 'uploading' } });
  });
});

describe('transcode jobs and the media actions', () => {
  let sut: TestApp;
  let origin: string;
  let editor: OperatorSession;
  const call = (who: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    consoleRequest(sut, who, method, `/admin/api${url}`, body);

  beforeAll(async () => {
    // Its own media folder or prefix: these tests compare what is stored before and after.
    sut = await buildTestApp(
      { TRANSCODE_CONCURRENCY: '1', ...ownMediaPrefix('console-media') },
      { ownMedia: true },
    );
    origin = await listening(sut);
    editor = await signInOperator(sut, 'editor');
  });
  afterAll(async () => sut.close());

  async function settled(uploadId: string): Promise<TranscodeJob> {
    const row = await sut.db
      .selectFrom('transcode_jobs')
      .select('id')
      .where('upload_id', '=', uploadId)
      .executeTakeFirstOrThrow();
    for (;;) {
      const job = (await call(editor, 'GET', `/transcode/jobs/${row.id}`)).json() as TranscodeJob;
      if (job.state === 'done' || job.state === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Every file a job could leave: served media, staging (on this disk or in the bucket), work folders. */
  async function filesOnDisk() {
    const list = async (dir: string) =>
      (await fs.readdir(path.join(sut.config.dataDir, dir)).catch(() => [] as string[])).sort();
    const stored = async (prefix: string) =>
      sut.config.mediaStore.kind === 's3'
        ? (await mediaStoreOf(sut.config).list(prefix)).map((entry) => entry.key)
        : list(`media/${prefix}`);
    return {
      hls: await stored('hls'),
      covers: await stored('img/covers'),
      thumbs: await stored('img/thumbs'),
      uploads: await stagedNames(sut),
      work: await list('transcode'),
    };
  }

  async function searchFinds(title: string, avkey: string) {
    const token = await guestToken(sut.app);
    const reply = await sut.app.inject({
      method: 'GET',
      url: `/v1/videos/short/keyword/${encodeURIComponent(title)}?token=${token}`,
    });
    return reply.body.includes(avkey);
  }

  it('turns an upload into an unpublished video with cover candidates; publishing shows it in search', async () => {
    const title = 'Harbour Sunrise Upload';
    // The live list: the page's event stream sees the job move.
    const stream = await fetch(`${origin}/admin/api/transcode/events`, {
      headers: { cookie: editor.cookie },
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const seen: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        seen.push(decoder.decode(value));
        if (seen.join('').includes('"state":"done"')) return;
      }
    })();

    const uploadId = await uploadFile(origin, editor, samples.clip, { title, type: 'short' });
    const job = await settled(uploadId);
    await reading;
    await reader.cancel();
    expect(job).toMatchObject({ state: 'done', percent: 100, failure: null });
    const events = seen.join('');
    expect(events).toMatch(/"state":"running","stage":"480"/);
    expect(events).toContain('"state":"done"');

    expect(job.video).toMatchObject({ published: false });
    expect(job.covers).toHaveLength(4);
    const video = job.video!;
    const row = await sut.db
      .selectFrom('videos')
      .select(['asset_id', 'title'])
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    for (const rendition of ['240', '480', 'intro'])
      expect(
        (await mediaStoreOf(sut.config).get(`hls/${row.asset_id}/${rendition}/index.m3u8`))?.toString(),
      ).toContain('METHOD=AES-128');
    const keys = await sut.db
      .selectFrom('media_keys')
      .select('rendition')
      .where('asset_id', '=', row.asset_id)
      .execute();
    expect(keys.map((key) => key.rendition).sort()).toEqual(['240', '480', 'intro']);
    // Covers are stored encrypted, never as plain JPEG.
    const cover = (await mediaStoreOf(sut.config).get(job.covers[1]!.cover.slice(1)))!;
    expect(cover.subarray(0, 2).toString('hex')).not.toBe('ffd8');
    // The upload itself is gone once the video is made.
    expect((await filesOnDisk()).uploads).not.toContain(uploadId);
    expect(await searchFinds(title, video.avkey)).toBe(false);

    const chosen = await call(editor, 'PUT', `/videos/${video.id}/cover`, { candidate: 2 });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ cover: job.covers[2]!.cover, thumb: job.covers[2]!.thumb });

    const published = await call(editor, 'POST', '/videos/publish', { ids: [video.id], published: true });
    expect(published.json()).toEqual({ changed: [video.id] });
    expect(await searchFinds(title, video.avkey)).toBe(true);
    // Published exactly once: asking again changes nothing.
    expect(
      (await call(editor, 'POST', '/videos/publish', { ids: [video.id], published: true })).json(),
    ).toEqual({ changed: [] });
    expect(
      (await auditEntries(sut, 'video.publish')).filter((entry) => entry.target === `video:${video.id}`),
    ).toHaveLength(1);

    // Renamed in the catalogue: the job list shows the video's title now beside the upload's.
    const renamed = await consoleRequest(sut, editor, 'PATCH', `/admin/api/catalogue/videos/${video.id}`, {
      titleCn: '港口日出',
    });
    expect(renamed.statusCode).toBe(200);
    const listed = (await call(editor, 'GET', '/transcode/jobs')).json().items as TranscodeJob[];
    expect(listed.find((item) => item.id === job.id)).toMatchObject({ title, video: { title: '港口日出' } });

    const hidden = await call(editor, 'POST', '/videos/publish', {
      ids: [video.id, 999_999],
      published: false,
    });
    expect(hidden.json()).toEqual({ changed: [video.id] });
    expect(await searchFinds(title, video.avkey)).toBe(false);
  });

  it('ends each file that is no video as a failed job with its reason, leaving no file behind', async () => {
    const before = await filesOnDisk();
    const cases = [
      { file: samples.text, failure: 'not_a_video' },
      { file: samples.audio, failure: 'no_video_stream' },
      { file: samples.still, failure: 'still_image' },
      { file: samples.truncated, failure: 'damaged_file' },
    ];
    for (const { file, failure } of cases) {
      const uploadId = await uploadFile(origin, editor, file, { title: `Bad ${failure}`, type: 'long' });
      const job = await settled(uploadId);
      expect(job, file).toMatchObject({ state: 'failed', failure, retryable: false, video: null });
      expect((await call(editor, 'POST', `/transcode/jobs/${job.id}/retry`)).statusCode).toBe(409);
    }
    expect(await filesOnDisk()).toEqual(before);
    const videos = await sut.db.selectFrom('videos').select('id').where('title', 'like', 'Bad %').execute();
    expect(videos).toEqual([]);
  });

  it('fails a DASH manifest naming an internal address as not_a_video, and the address hears nothing', async () => {
    const heard: string[] = [];
    const listener = http.createServer((request, response) => {
      heard.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const port = (listener.address() as { port: number }).port;
      const manifest = path.join(samples.work, 'internal.mpd');
      await fs.writeFile(
        manifest,
        `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT4S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><BaseURL>http://127.0.0.1:${port}/internal/admin/</BaseURL><Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="300000" width="320" height="240"><SegmentList duration="4"><SegmentURL media="clip.mp4"/></SegmentList></Representation></AdaptationSet></Period></MPD>`,
      );
      const uploadId = await uploadFile(origin, editor, manifest, { title: 'Bad manifest', type: 'long' });
      const job = await settled(uploadId);
      expect(job).toMatchObject({ state: 'failed', failure: 'not_a_video', video: null });
      expect(heard).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('deletes a video with its media when nothing else refers to it', async () => {
    const uploadId = await uploadFile(origin, editor, samples.clip, {
      title: 'To be deleted',
      type: 'short',
    });
    const job = await settled(uploadId);
    const { asset_id: assetId } = await sut.db
      .selectFrom('videos')
      .select('asset_id')
      .where('id', '=', job.video!.id)
      .executeTakeFirstOrThrow();
    expect((await mediaStoreOf(sut.config).list(`hls/${assetId}/`)).length).toBeGreaterThan(0);
    const deleted = await call(editor, 'DELETE', `/videos/${job.video!.id}`);
    expect(deleted.json()).toEqual({ id: job.video!.id, mediaRemoved: true });
    expect(await mediaStoreOf(sut.config).list(`hls/${assetId}/`)).toEqual([]);
    for (const pair of job.covers)
      expect(await mediaStoreOf(sut.config).size(pair.cover.slice(1))).toBeUndefined();
    expect(await sut.db.selectFrom('media_assets').select('id').where('id', '=', assetId).execute()).toEqual(
      [],
    );
    expect((await call(editor, 'DELETE', `/videos/${job.video!.id}`)).statusCode).toBe(404);
    expect((await auditEntries(sut, 'video.delete'))[0]?.target).toBe(`video:${job.video!.id}`);
  });

  it('lets only owners and editors reach jobs and media actions; hostile input is a 4xx', async () => {
    const expected = { owner: 200, editor: 200, support: 403, finance: 403, user: 401, none: 401 };
    expect(await statusByCaller(sut, 'GET', '/admin/api/transcode/jobs')).toEqual(expected);
    expect(
      await statusByCaller(sut, 'POST', '/admin/api/videos/publish', { ids: [999_999], published: false }),
    ).toEqual(expected);
    const forbidden = { owner: 404, editor: 404, support: 403, finance: 403, user: 401, none: 401 };
    expect(await statusByCaller(sut, 'DELETE', '/admin/api/videos/999999')).toEqual(forbidden);
    expect(await statusByCaller(sut, 'GET', '/admin/api/videos/999999/covers')).toEqual(forbidden);
    const user = await appUser(sut);
    expect((await fetch(`${origin}/admin/api/transcode/events?token=${user.userToken}`)).status).toBe(401);

    for (const body of [
      {},
      { ids: [], published: true },
      { ids: ['1'], published: true },
      { ids: Array(201).fill(1), published: true },
      { ids: [1], published: 'yes' },
    ])
      expect((await call(editor, 'POST', '/videos/publish', body)).statusCode).toBe(400);
    expect((await call(editor, 'PUT', '/videos/1/cover', { candidate: -1 })).statusCode).toBe(400);
    expect((await call(editor, 'GET', '/videos/abc/covers')).statusCode).toBe(400);
    expect((await call(editor, 'GET', '/transcode/jobs?limit=100000')).statusCode).toBe(400);
    expect(
      (
        await fetch(`${origin}/admin/api/transcode/uploads/..%2F..%2Fetc`, {
          method: 'HEAD',
          headers: { cookie: editor.cookie },
        })
      ).status,
    ).toBe(400);
  });
});
