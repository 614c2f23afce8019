import type { FollowedUser, VideoType } from '@app/contract';
import { Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLikeChanges } from '../../../app/likes.ts';
import { CreatorLink } from '../../../components/creator-link/index.ts';
import { PagedList } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { CreatorItem } from '../components/CreatorItem.tsx';
import { loadExploreVideos, loadFollowed, loadSuggestedCreators } from '../explore-api.ts';
import '../explore.css';
import { NavBar } from '../../../components/nav-bar/NavBar.tsx';

const TYPES: VideoType[] = ['long', 'short', 'original'];

/**
 * Find (explore, part 2 §2.3): creators' newest videos by type, each card naming its creator (a
 * tap opens their page), and the Follow tab: the creators followed with their newest videos, or
 * creators to follow while there are none.
 */
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
          <FollowTab />
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
            <div key={video.video_id} className="explore-card">
              <VideoCard video={video} likeable />
              {video.video_creator && <CreatorLink creator={video.video_creator} type={video.video_type} />}
            </div>
          ))}
        </div>
      )}
    />
  );
}

/** The creators followed (whose ids changed this session, as a key: a follow anywhere reloads). */
function useFollowChanges(): string {
  const changes = useLikeChanges();
  return [...changes]
    .filter(([key]) => key.startsWith('user:'))
    .map(([key, on]) => `${key}=${on}`)
    .join(',');
}

function FollowTab() {
  const { t } = useTranslation();
  const follows = useFollowChanges();
  const [empty, setEmpty] = useState(false);
  const load = useCallback(
    async (page: number) => {
      const reply = await loadFollowed(page);
      if (page === 1) setEmpty(reply.total === 0);
      return reply;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a follow or unfollow reloads the list
    [follows],
  );
  return (
    <>
      <PagedList
        load={load}
        emptyText={t('empty_follow')}
        render={(users) => (
          <div className="creator-list" data-testid="followed-creators">
            {users.map((user) => (
              <CreatorItem key={user.user_id} user={user} withVideos />
            ))}
          </div>
        )}
      />
      {empty && <SuggestedCreators />}
    </>
  );
}

/** Creators to follow, shown while the Follow tab is empty. */
function SuggestedCreators() {
  const { t } = useTranslation();
  const [users, setUsers] = useState<FollowedUser[] | 'failed'>();
  useEffect(() => {
    let live = true;
    loadSuggestedCreators().then(
      (loaded) => live && setUsers(loaded),
      () => live && setUsers('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  if (users === undefined || users === 'failed' || users.length === 0) return null;
  return (
    <section className="creator-suggestions" aria-labelledby="creator-suggestions-title">
      <h2 id="creator-suggestions-title" className="creator-suggestions__title">
        {t('follow_suggestions')}
      </h2>
      <div className="creator-list" data-testid="suggested-creators">
        {users.map((user) => (
          <CreatorItem key={user.user_id} user={user} />
        ))}
      </div>
    </section>
  );
}
