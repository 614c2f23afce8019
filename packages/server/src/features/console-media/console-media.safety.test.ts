import crypto from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@app/contract/console/media';
import { CONSOLE_CSRF_HEADER } from '@app/contract/console/list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import {
  auditEntries,
  consoleRequest,
  signInOperator,
  type OperatorSession,
} from '../console/console-kit.ts';
import { freeBytesOf } from './staging-store.ts';
import { createUpload, sendBytes, stagedSize, uploadOffset } from './upload-kit.ts';

/**
 * Operators' uploads and jobs belong to them (issue 36 §5, §6) and the tus endpoint's hostile
 * headers are 4xx in the console's shape (§14).
 */
let sut: TestApp;
let origin: string;
let editor: OperatorSession;
let victim: OperatorSession;
const meta = (title: string) => ({ filename: `${title}.mp4`, title, type: 'short' });
const ENDPOINT = '/admin/api/transcode/uploads';
const tusHeaders = (who: OperatorSession) => ({
  'tus-resumable': '1.0.0',
  cookie: who.cookie,
  [CONSOLE_CSRF_HEADER]: who.csrf,
});

beforeAll(async () => {
  sut = await buildTestApp({ TRANSCODE_CONCURRENCY: '0' });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(sut.app.server.address() as { port: number }).port}`;
  editor = await signInOperator(sut, 'editor');
  victim = await signInOperator(sut, 'editor');
});
afterAll(async () => sut.close());

describe("one operator's upload is out of another's reach (§5)", () => {
  it('refuses a PATCH or HEAD whose query names another upload, writing nothing into it', async () => {
    const theirs = (await createUpload(origin, victim, 1000, meta('Victim upload'))).id!;
    const mine = (await createUpload(origin, editor, 1000, meta('Own upload'))).id!;
    const write = await fetch(`${origin}${ENDPOINT}/${mine}?x=/${theirs}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders(editor),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      body: new Uint8Array(Buffer.from('written by someone else')),
    });
    expect([write.status, await write.json()]).toEqual([400, { error: 'invalid_input' }]);
    expect(await stagedSize(sut, theirs)).toBe(0);
    expect(await stagedSize(sut, mine)).toBe(0);

    const peek = await fetch(`${origin}${ENDPOINT}/${mine}?x=/${theirs}`, {
      method: 'HEAD',
      headers: tusHeaders(editor),
    });
    expect(peek.status).toBe(400);
    expect(peek.headers.get('upload-offset')).toBeNull();
    expect(peek.headers.get('upload-metadata')).toBeNull();

    // Other spellings of a second id: an encoded slash, a fragment-like tail, a second path.
    for (const tail of [`%2F${theirs}`, `/${theirs}`, `;/${theirs}`]) {
      const reply = await fetch(`${origin}${ENDPOINT}/${mine}${tail}`, {
        method: 'HEAD',
        headers: tusHeaders(editor),
      });
      expect(reply.status, tail).toBeGreaterThanOrEqual(400);
      expect(reply.status, tail).toBeLessThan(500);
      expect(reply.headers.get('upload-metadata'), tail).toBeNull();
    }
    // The victim's upload still takes its own bytes from 0; the attacker's own upload still works.
    expect((await sendBytes(origin, victim, theirs, 0, crypto.randomBytes(1000))).status).toBe(204);
    expect((await uploadOffset(origin, editor, mine)).offset).toBe(0);
    expect((await sendBytes(origin, editor, mine, 0, crypto.randomBytes(1000))).status).toBe(204);
  });

  it('answers NUL in the metadata and Upload-Concat with a 4xx in the console shape (§14)', async () => {
    for (const [key, value] of [
      ['filename', 'a\0b.mp4'],
      ['title', 'x\0'],
      ['title', 'two\nlines'],
    ] as const) {
      const created = await createUpload(origin, editor, 100, { ...meta('Fine'), [key]: value });
      expect([created.status, created.body], `${key}=${JSON.stringify(value)}`).toEqual([
        400,
        '{"error":"upload_metadata"}',
      ]);
    }
    for (const concat of ['partial', 'final;/x /y', '']) {
      const reply = await fetch(`${origin}${ENDPOINT}`, {
        method: 'POST',
        headers: { ...tusHeaders(editor), 'upload-length': '10', 'upload-concat': concat },
      });
      expect([reply.status, await reply.json()], concat).toEqual([
        400,
        { error: 'upload_concat_unsupported' },
      ]);
    }
  });
});

describe('transcode jobs follow their upload (§6)', () => {
  it("refuses an editor cancelling or retrying another editor's job; the owner may, audited", async () => {
    const jobOf = async (uploadId: string) =>
      sut.db
        .selectFrom('transcode_jobs')
        .select(['id', 'operator_id'])
        .where('upload_id', '=', uploadId)
        .executeTakeFirstOrThrow();
    const theirs = await jobOf((await createUpload(origin, victim, 100, meta('Their job'))).id!);
    const failed = await jobOf((await createUpload(origin, victim, 100, meta('Their failed job'))).id!);
    await sut.db
      .updateTable('transcode_jobs')
      .set({ state: 'failed', failure: 'transcode_failed' })
      .where('id', '=', failed.id)
      .execute();

    const cancel = await consoleRequest(sut, editor, 'DELETE', `/admin/api/transcode/jobs/${theirs.id}`);
    expect([cancel.statusCode, cancel.json()]).toEqual([404, { error: 'not_found' }]);
    const retry = await consoleRequest(sut, editor, 'POST', `/admin/api/transcode/jobs/${failed.id}/retry`);
    expect([retry.statusCode, retry.json()]).toEqual([404, { error: 'not_found' }]);
    const still = await sut.db
      .selectFrom('transcode_jobs')
      .select(['id', 'state'])
      .where('id', 'in', [theirs.id, failed.id])
      .orderBy('id')
      .execute();
    expect(still.map((row) => row.state)).toEqual(['uploading', 'failed']);

    // Their own operator may; so may an owner, and the audit entry says whose job it was.
    const owner = await signInOperator(sut, 'owner');
    expect(
      (await consoleRequest(sut, owner, 'POST', `/admin/api/transcode/jobs/${failed.id}/retry`)).statusCode,
    ).toBe(200);
    expect(
      (await consoleRequest(sut, owner, 'DELETE', `/admin/api/transcode/jobs/${theirs.id}`)).statusCode,
    ).toBe(204);
    const [removed] = await auditEntries(sut, 'transcode.remove');
    expect(removed).toMatchObject({ operator_id: owner.id, target: `transcode_job:${theirs.id}` });
    expect(removed!.before).toMatchObject({ operatorId: victim.id });
    const [retried] = await auditEntries(sut, 'transcode.retry');
    expect(retried).toMatchObject({ operator_id: owner.id, target: `transcode_job:${failed.id}` });
    expect(retried!.before).toMatchObject({ operatorId: victim.id });

    const mine = await jobOf((await createUpload(origin, editor, 100, meta('My job'))).id!);
    expect(
      (await consoleRequest(sut, editor, 'DELETE', `/admin/api/transcode/jobs/${mine.id}`)).statusCode,
    ).toBe(204);
  });
});

describe('the staging disk is budgeted across uploads (§7)', () => {
  it('refuses the later of six 20 GB declarations on a smaller disk, and a cancelled one gives its room back', async () => {
    const inBucket = sut.config.mediaStore.kind === 's3';
    // In the bucket (MEDIA_STORE=s3) the budget is UPLOAD_STAGING_QUOTA_GB of declared lengths.
    const free = inBucket ? 50 * 1024 ** 3 : await freeBytesOf(sut.config.dataDir);
    // However large this machine's disk, the budget here is at most 50 GB: fewer than six fit.
    const share = inBucket ? 1 : Math.min(0.9, (50 * 1024 ** 3) / free);
    const small = await buildTestApp({
      TRANSCODE_CONCURRENCY: '0',
      ...(inBucket ? { UPLOAD_STAGING_QUOTA_GB: '50' } : { UPLOAD_DISK_SHARE: String(share) }),
    });
    try {
      await small.app.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(small.app.server.address() as { port: number }).port}`;
      const uploader = await signInOperator(small, 'editor');
      const replies: { status: number; id?: string; body: string }[] = [];
      for (let i = 0; i < 6; i += 1)
        replies.push(await createUpload(at, uploader, UPLOAD_MAX_BYTES, meta(`Twenty gigabytes ${i}`)));
      const accepted = replies.filter((reply) => reply.status === 201);
      expect(accepted.length).toBeLessThan(6);
      expect(accepted.length * UPLOAD_MAX_BYTES).toBeLessThanOrEqual(free * share);
      // The first ones fit; every later one is refused with the console's reason.
      expect(replies.slice(0, accepted.length).every((reply) => reply.status === 201)).toBe(true);
      for (const refused of replies.slice(accepted.length))
        expect([refused.status, refused.body]).toEqual([409, '{"error":"disk_full"}']);
      if (accepted.length > 0) {
        const cancel = await fetch(`${at}${ENDPOINT}/${accepted[0]!.id}`, {
          method: 'DELETE',
          headers: tusHeaders(uploader),
        });
        expect(cancel.status).toBe(204);
        expect((await createUpload(at, uploader, UPLOAD_MAX_BYTES, meta('Fits again'))).status).toBe(201);
      }
    } finally {
      await small.close();
    }
  });
});
