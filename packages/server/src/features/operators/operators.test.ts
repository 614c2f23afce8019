import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { auditEntries, consoleRequest, signInOperator, statusByCaller } from '../console/console-kit.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

describe('operators', () => {
  it('an owner creates an operator, and the audit log records it', async () => {
    const owner = await signInOperator(sut, 'owner');
    const created = await consoleRequest(sut, owner, 'POST', '/admin/api/operators', {
      email: 'new.editor@console.test',
      role: 'editor',
      password: 'Editor-Pass-2024',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ email: 'new.editor@console.test', role: 'editor', totp: false });
    const [entry] = await auditEntries(sut, 'operator.create');
    expect(entry).toMatchObject({ operator_id: owner.id, target: `operator:${created.json().id}` });
  });

  it('only an owner lists operators', async () => {
    expect(await statusByCaller(sut, 'GET', '/admin/api/operators')).toEqual({
      owner: 200,
      editor: 403,
      support: 403,
      finance: 403,
      user: 401,
      none: 401,
    });
  });
});
