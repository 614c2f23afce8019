import type { ConsoleVideo } from '@app/contract/console/catalogue';
import { PUBLISH_MAX_IDS } from '@app/contract/console/media';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, ConsoleError } from '../../app/api.ts';
import { messageOf, type MessageKey } from '../../app/i18n/index.ts';
import { CoverPicker } from './CoverPicker.tsx';

/** Runs one media call, says how it went, then reloads the list it was started from. */
function useMediaCall(reload: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (run: () => Promise<unknown>, done: MessageKey) => {
    try {
      await run();
      message.success(t(done));
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
    reload();
  };
}

/** A row of the video list: publish or unpublish, choose the cover, delete (the media side). */
export function VideoMediaActions({ video, reload }: { video: ConsoleVideo; reload: () => void }) {
  const { t } = useTranslation();
  const call = useMediaCall(reload);
  const [picking, setPicking] = useState(false);
  const title = video.titleCn || video.title;
  return (
    <>
      <Button
        size="small"
        type={video.published ? 'default' : 'primary'}
        aria-label={`${t(video.published ? 'media_unpublish' : 'media_publish')} ${title}`}
        onClick={() =>
          void call(
            () => consoleApi.post('/videos/publish', { ids: [video.id], published: !video.published }),
            video.published ? 'media_unpublish_done' : 'media_publish_done',
          )
        }
      >
        {t(video.published ? 'media_unpublish' : 'media_publish')}
      </Button>
      <Button
        size="small"
        onClick={() => setPicking(true)}
        aria-label={`${t('media_choose_cover')} ${title}`}
      >
        {t('media_choose_cover')}
      </Button>
      <Popconfirm
        title={t('media_delete_confirm')}
        onConfirm={() => void call(() => consoleApi.delete(`/videos/${video.id}`), 'media_deleted')}
      >
        <Button size="small" danger aria-label={`${t('media_delete_video')} ${title}`}>
          {t('media_delete_video')}
        </Button>
      </Popconfirm>
      {picking && (
        <CoverPicker
          videoId={video.id}
          title={title}
          open
          onClose={() => setPicking(false)}
          onChanged={reload}
        />
      )}
    </>
  );
}

/**
 * The selection bar of the video list: publish or unpublish every chosen video at once. Both ask
 * first (unpublishing takes live videos off phones) and then say how many changed and how many
 * already were so.
 */
export function BulkPublishButtons({ ids, reload }: { ids: number[]; reload: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const chosen = ids.slice(0, PUBLISH_MAX_IDS);
  const publish = async (published: boolean) => {
    try {
      const reply = await consoleApi.post<{ changed: number[] }>('/videos/publish', {
        ids: chosen,
        published,
      });
      message.success(
        t(published ? 'media_bulk_published' : 'media_bulk_unpublished', {
          count: reply.changed.length,
          unchanged: chosen.length - reply.changed.length,
        }),
      );
    } catch (error) {
      message.error(messageOf(error instanceof ConsoleError ? error.error : 'server_error'));
    }
    reload();
  };
  return (
    <>
      <Popconfirm
        title={t('media_bulk_publish_confirm', { count: chosen.length })}
        okText={t('media_publish')}
        cancelText={t('cancel')}
        onConfirm={() => publish(true)}
      >
        <Button size="small" type="primary" disabled={ids.length === 0}>
          {t('media_publish')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('media_bulk_unpublish_confirm', { count: chosen.length })}
        okText={t('media_unpublish')}
        okButtonProps={{ danger: true }}
        cancelText={t('cancel')}
        onConfirm={() => publish(false)}
      >
        <Button size="small" danger disabled={ids.length === 0}>
          {t('media_unpublish')}
        </Button>
      </Popconfirm>
    </>
  );
}
