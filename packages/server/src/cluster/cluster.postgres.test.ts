import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoClips } from '../media/demo-clips.ts';
import { adminUrl } from '../test/pg-admin.ts';
import { consoleCall, feedVideoKeys, getJson, guestToken, signInConsole } from './cluster-client.ts';
import { startCluster, type Cluster } from './cluster-local.ts';

/**
 * Issue 34 item 8: the layout `npm run cluster:local` starts (two web nodes with their own disks, a
 * worker, Redis, the bucket, nginx in front), asked through the proxy and each node directly.
 * Started once for the file: a first start on an empty database, both web nodes at once.
 */

const OWNER = { email: 'owner@cluster.test', password: 'Lamp-Harbor-7429!' };
const GUEST_LIMIT = 100;
/** Another client behind the proxy (nginx forwards it; the nodes trust loopback), with its own limits. */
const PHONE_ADDRESS = '198.51.100.7';
const suffix = process.env.TEST_DATABASE_SUFFIX ?? '';
const databaseName = `streamapp_cluster_test${suffix.replace(/[^a-z0-9_]/gi, '').toLowerCase()}`;

// Below Linux's ephemeral range (32768–60999): no other file's listen(0) can hold one of these.
const basePort = Number(process.env.CLUSTER_TEST_BASE_PORT ?? 25100);
let cluster: Cluster;
/** A clip long enough that a worker is still transcoding it when it is killed. */
let clip: Buffer;
let clipWork: string;
let line: string;
/** The phone of the kill test, a guest made before the burst spends this address's guest limit. */
let phoneToken: string;
const direct = (name: 'web-a' | 'web-b') => cluster.directUrl(name);

beforeAll(async () => {
  // A fresh database each run: the nodes' first start (schema, catalogue) is part of what is tested.
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  cluster = await startCluster({
    basePort,
    databaseName,
    redisPrefix: `cluster-test${suffix}-${Date.now()}:`,
    extraEnv: {
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      OPERATOR_REQUIRE_TOTP: 'off',
      PAYMENT_MODE: 'sandbox',
      RATE_LIMIT_GUEST: `${GUEST_LIMIT}/1m`,
      LOG_LEVEL: 'warn',
    },
    log: () => undefined,
  });
  line = cluster.lineUrls[0]!;
  phoneToken = await guestToken(line, PHONE_ADDRESS);
  clipWork = await fs.mkdtemp(path.join(os.tmpdir(), 'cluster-clip-'));
  const [file] = await makeDemoClips(clipWork, [
    { title: 'Cluster Upload', pattern: 'testsrc2', seconds: 24, width: 640, height: 360 },
  ]);
  clip = await fs.readFile(file!);
}, 400_000);

afterAll(async () => {
  await cluster?.stop();
  if (clipWork) await fs.rm(clipWork, { recursive: true, force: true });
}, 60_000);

/** A tus request of the console (creation or PATCH) to one origin. */
function tus(origin: string, session: { cookie: string; csrf: string }, url: string, init: RequestInit) {
  return fetch(`${origin}${url}`, {
    ...init,
    headers: {
      'tus-resumable': '1.0.0',
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(init.headers as Record<string, string>),
    },
  });
}

interface JobView {
  id: number;
  state: string;
  percent: number;
  failure: string | null;
  video: { id: number; avkey: string; published: boolean } | null;
}

/** Asks the console (through `origin`) for a job until `done` says so or `ms` pass. */
async function jobUntil(
  origin: string,
  session: { cookie: string; csrf: string },
  id: number,
  done: (job: JobView) => boolean,
  ms: number,
): Promise<JobView> {
  const until = Date.now() + ms;
  for (;;) {
    const job = (await (
      await consoleCall(origin, session, 'GET', `/admin/api/transcode/jobs/${id}`)
    ).json()) as JobView;
    if (done(job) || Date.now() > until) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the cluster through nginx', () => {
  it('two web nodes started at once on an empty database make one catalogue', async () => {
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    // Two seeds would give every demo title twice; the demo itself repeats a title now and then.
    const { rows } = await db.query<{ videos: number; titles: number }>(
      'select count(*)::int as videos, count(distinct title)::int as titles from videos',
    );
    await db.end();
    const { videos = 0, titles = 0 } = rows[0] ?? {};
    expect(videos).toBeGreaterThan(0);
    expect(titles).toBeGreaterThan(videos * 0.9);
  });

  it('tells phones the proxy’s line ports, not a node’s, and keeps the proxy’s request id', async () => {
    const reply = await fetch(`${line}/host_pwa.txt`);
    const text = await reply.text();
    for (const origin of cluster.lineUrls) expect(text).toContain(new URL(origin).port);
    for (const node of ['web-a', 'web-b'])
      expect(text).not.toContain(`:${cluster.nodes.get(node)!.ports[0]}`);
    expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a setting changed on node A shows on node B within 5 s', async () => {
    const session = await signInConsole(direct('web-a'), OWNER.email, OWNER.password);
    const news = `集群公告 ${Date.now()}`;
    const saved = await consoleCall(direct('web-a'), session, 'PUT', '/admin/api/settings/app', {
      settings: { home: { news_content: news } },
    });
    expect(saved.status).toBe(200);
    const changedAt = Date.now();
    let seen = '';
    while (Date.now() - changedAt < 5000 && seen !== news) {
      const { body } = await getJson<{ home: { news_content: string } }>(
        `${direct('web-b')}/v1/appinfo?locale=cn`,
      );
      seen = body.response?.home.news_content ?? '';
      if (seen !== news) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBe(news);
    expect(Date.now() - changedAt).toBeLessThan(5000);
  });

  it('the console’s live job stream comes through nginx unbuffered', async () => {
    const session = await signInConsole(line, OWNER.email, OWNER.password);
    const stream = new AbortController();
    const reply = await fetch(`${line}/admin/api/transcode/events`, {
      headers: { cookie: session.cookie },
      signal: stream.signal,
    });
    expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The node's first lines (a few bytes) arrive at once, not when a proxy buffer fills.
    const first = await Promise.race([
      reply.body!.getReader().read(),
      new Promise<undefined>((resolve) => setTimeout(resolve, 2000)),
    ]);
    stream.abort();
    expect(new TextDecoder().decode(first?.value)).toContain('retry:');
  });

  it('a rate limit is shared: 300 guests in a burst against both nodes are limited as one', async () => {
    const register = (origin: string) =>
      getJson<{ token: string }>(`${origin}/v1/register/guest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    // Half straight to each node, at once: with limits per process each would let GUEST_LIMIT in.
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) => register(direct(i % 2 === 0 ? 'web-a' : 'web-b'))),
    );
    const admitted = replies.filter((reply) => reply.body.response?.token).length;
    const refused = replies.filter((reply) => reply.body.status.code === 429).length;
    expect(admitted).toBe(GUEST_LIMIT);
    expect(refused).toBe(300 - GUEST_LIMIT);
  });

  it('an upload with its PATCHes spread over both nodes is transcoded, followed live on node B, published and played from node B; kill -9 of its worker mid-job, a second worker finishes it', async () => {
    const session = await signInConsole(line, OWNER.email, OWNER.password);
    // The console on node B follows the job live (SSE, unbuffered).
    const events = new AbortController();
    const stream = await fetch(`${direct('web-b')}/admin/api/transcode/events`, {
      headers: { cookie: session.cookie },
      signal: events.signal,
    });
    const seen: string[] = [];
    const reading = (async () => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        seen.push(decoder.decode(value));
        if (seen.join('').includes('"state":"done"')) return;
      }
    })();

    // Created through the proxy; its PATCHes go to node A and node B by turns (no shared disk:
    // each PATCH lands in the bucket, and the upload lock is PostgreSQL's).
    const metadata = ['filename', 'title', 'type']
      .map(
        (key, i) =>
          `${key} ${Buffer.from(['cluster.mp4', 'Cluster Upload', 'short'][i]!).toString('base64')}`,
      )
      .join(',');
    const created = await tus(line, session, '/admin/api/transcode/uploads', {
      method: 'POST',
      headers: { 'upload-length': String(clip.length), 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, line).pathname;
    const chunk = Math.ceil(clip.length / 6);
    let offset = 0;
    const served: string[] = [];
    for (let turn = 0; offset < clip.length; turn += 1) {
      const node = turn % 2 === 0 ? 'web-a' : 'web-b';
      const body = clip.subarray(offset, offset + chunk);
      const reply = await tus(direct(node), session, location, {
        method: 'PATCH',
        headers: { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        body: new Uint8Array(body),
      });
      expect(reply.status, `${node} PATCH at ${offset}`).toBe(204);
      offset = Number(reply.headers.get('upload-offset'));
      served.push(node);
    }
    expect(new Set(served)).toEqual(new Set(['web-a', 'web-b']));
    const head = await tus(line, session, location, { method: 'HEAD' });
    expect(head.headers.get('upload-offset')).toBe(String(clip.length));

    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const uploadId = path.basename(location);
    const { rows } = await db.query<{ id: number; source_file: string }>(
      'select id, source_file from transcode_jobs where upload_id = $1',
      [uploadId],
    );
    await db.end();
    const jobId = rows[0]!.id;
    expect(rows[0]!.source_file).toBe(`media:uploads/${uploadId}`);

    // The worker takes it; killed mid-job, its lease lapses and a second worker finishes it.
    const running = await jobUntil(
      line,
      session,
      jobId,
      (job) => job.state === 'running' && job.percent > 0,
      60_000,
    );
    expect(running.state).toBe('running');
    cluster.nodes.get('worker')!.process.kill('SIGKILL');
    const second = await cluster.startWorker('worker-2', basePort + 50, basePort + 59);
    const done = await jobUntil(
      line,
      session,
      jobId,
      (job) => job.state === 'done' || job.state === 'failed',
      150_000,
    );
    expect(done).toMatchObject({ state: 'done', failure: null, video: { published: false } });
    expect(second.output()).not.toMatch(/transcode job crashed/);

    // Node B hears the worker's last write (a NOTIFY) a moment after the database says done.
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    events.abort();
    await reading;
    const heard = seen.join('');
    expect(heard).toContain(`"id":${jobId}`);
    expect(heard).toMatch(/"state":"running"/);
    expect(heard).toContain('"state":"done"');

    const published = await consoleCall(line, session, 'POST', '/admin/api/videos/publish', {
      ids: [done.video!.id],
      published: true,
    });
    expect(published.status).toBe(200);
    // A phone served by node B: the video's info and its playlist.
    // From its own address: the burst above spent loopback's guest limit for this minute.
    const vip = await guestToken(direct('web-b'), '198.51.100.8');
    const info = await getJson<{ video_urls: Record<string, string> }>(
      `${direct('web-b')}/v1/video/info/${encodeURIComponent(done.video!.avkey)}?token=${vip}`,
    );
    expect(info.body.status.code).toBe(200);
    const urls = info.body.response!.video_urls;
    const intro = urls.intro ?? urls['240'] ?? Object.values(urls)[0]!;
    const asked = new URL(intro, direct('web-b'));
    const playlist = await fetch(`${direct('web-b')}${asked.pathname}${asked.search}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXTINF');
  }, 300_000);

  it('kill -9 one web node mid-play: the phone keeps being served through the other', async () => {
    const token = phoneToken;
    const [video] = await feedVideoKeys(line, token);
    const asks = [`/v1/video/info/${encodeURIComponent(video!)}?token=${token}`, `/v1/appinfo?locale=cn`];
    const failures: string[] = [];
    let served = 0;
    let killed = false;
    const started = Date.now();
    while (Date.now() - started < 4000) {
      if (!killed && Date.now() - started > 1000) {
        cluster.nodes.get('web-a')!.process.kill('SIGKILL');
        killed = true;
      }
      for (const ask of asks) {
        const reply = await fetch(`${line}${ask}`).catch((error: Error) => error);
        if (reply instanceof Error || reply.status !== 200) failures.push(String(reply));
        else served += 1;
      }
    }
    expect(killed).toBe(true);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(20);
  });
});
