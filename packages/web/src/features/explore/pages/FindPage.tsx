import type { VideoType } from '@app/contract';
import { Tabs } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { CreatorItem } from '../components/CreatorItem.tsx';
import { loadExploreVideos, loadFollowed } from '../explore-api.ts';
import '../explore.css';
import { NavBar } from '../../../components/nav-bar/NavBar.tsx';

const TYPES: VideoType[] = ['long', 'short', 'original'];

/** Find (explore, part 2 §2.3): creators' newest videos by type, and the creators followed. */
export default function FindPage() {
  const { t } = useTranslation();
  return (
    <div className="find-page">
      <NavBar>{t('route_find')}</NavBar>
      <Tabs>
        {TYPES.map((type) => (
          <Tabs.Tab key={type} title={t(`type_${type}`)}>
            <ExploreVideos type={type} />
          </Tabs.Tab>
        ))}
        <Tabs.Tab key="follow" title={t('tab_follow')}>
          <PagedList
            load={loadFollowed}
            emptyText={t('empty_follow')}
            render={(users) => (
              <div className="creator-list" data-testid="followed-creators">
                {users.map((user) => (
                  <CreatorItem key={user.user_id} user={user} />
                ))}
              </div>
            )}
          />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}

export function ExploreVideos({ type }: { type: VideoType }) {
  const { t } = useTranslation();
  const load = useCallback((page: number) => loadExploreVideos(type, page), [type]);
  return (
    <PagedList
      load={load}
      emptyText={t('empty_videos')}
      render={(videos) => (
        <div className={type === 'long' ? 'explore-grid' : 'explore-grid explore-grid--portrait'}>
          {videos.map((video) => (
            <VideoCard key={video.video_id} video={video} likeable />
          ))}
        </div>
      )}
    />
  );
}
