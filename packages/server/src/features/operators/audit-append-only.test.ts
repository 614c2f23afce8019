import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { expectAppendOnly } from './audit-append-only.kit.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

describe('the audit log (PGlite)', () => {
  it('refuses TRUNCATE, UPDATE and DELETE from the application; retention deletes only year-old entries', async () => {
    await expectAppendOnly(sut.db);
  });
});
