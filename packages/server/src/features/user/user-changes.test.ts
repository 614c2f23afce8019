import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../platform/business-day.ts';
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

  it('hears nothing of a first play, and user info shows the views spent on any node at once', async () => {
    const kit = accountsKit(sut);
    const token = await kit.guest();
    const id = await kit.userIdOf(token);
    const video = await sut.db.selectFrom('videos').select('avkey').orderBy('id').executeTakeFirstOrThrow();
    // User info keeps the row in memory from here on.
    expect((await kit.userInfo(token)).response.video_views).toEqual([0, 10]);
    const heard: string[] = [];
    const stop = await notificationsOf(sut.db).listen(
      USER_CHANGED_CHANNEL,
      (payload) => heard.push(payload),
      () => undefined,
    );
    const play = await sut.app.inject({
      url: `/v1/video/info/${video.avkey}?token=${encodeURIComponent(token)}`,
    });
    expect(play.json().response.video_views).toEqual([1, 10]);
    expect((await kit.userInfo(token)).response.video_views).toEqual([1, 10]);
    // Another node's first play writes the same columns and tells this process nothing either.
    await sut.db
      .updateTable('users')
      .set({ views_used: 2, views_day: businessDay(sut.config.businessTimeZone) })
      .where('id', '=', id)
      .execute();
    expect((await kit.userInfo(token)).response.video_views).toEqual([2, 10]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
    await stop();
  });
});
