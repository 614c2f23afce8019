import type { Video } from '@app/contract';
import { CLASSIC_PAGE_SIZE } from '@app/contract/constants';
import { Tabs } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { classicList } from '../browse-api.ts';
import { BrowsePage } from '../components/BrowsePage.tsx';

/** classicList (`/classic`): tabs Short and Long, the most viewed, 6 a page. */
export default function ClassicListPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<'short' | 'long'>('short');
  const load = useCallback(
    async (page: number) => {
      const reply = await classicList(type, page);
      return { items: reply.videos, total: reply.total_results };
    },
    [type],
  );
  return (
    <BrowsePage title={t('route_classicList')} searchType={type}>
      <Tabs
        activeKey={type}
        onChange={(key) => setType(key === 'long' ? 'long' : 'short')}
        className="browse-page__tabs"
      >
        <Tabs.Tab key="short" title={t('type_short')} />
        <Tabs.Tab key="long" title={t('type_long')} />
      </Tabs>
      <PagedList<Video>
        load={load}
        pageSize={CLASSIC_PAGE_SIZE}
        emptyText={t('empty_videos')}
        render={(videos) => (
          <div className={type === 'long' ? 'video-grid' : 'video-grid video-grid--portrait'}>
            {videos.map((video) => (
              <VideoCard key={video.video_id} video={video} />
            ))}
          </div>
        )}
      />
    </BrowsePage>
  );
}
