import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsOf } from '../../platform/db/notifications.ts';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { USER_CHANGED_CHANNEL } from './user.service.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(async () => sut.close());

describe('the users_changed notification', () => {
  it('tells every process when a column it keeps changes, and stays quiet for other writes', async () => {
    const token = await accountsKit(sut).guest();
    const session = await sut.db
      .selectFrom('sessions')
      .select('user_id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(token).toBeTruthy();
    const heard: string[] = [];
    const stop = await notificationsOf(sut.db).listen(
      USER_CHANGED_CHANNEL,
      (payload) => heard.push(payload),
      () => undefined,
    );
    const id = session.user_id;
    const update = (set: Record<string, unknown>) =>
      sut.db.updateTable('users').set(set).where('id', '=', id).execute();
    // Not kept in any cache: no process needs to hear of it.
    await update({ locale: 'tw' });
    await update({ source: 'test' });
    // Written with the value it already had: nothing changed.
    await update({ points: 0 });
    await update({ points: 5 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([String(id)]);
    await stop();
  });
});
