import type { Actor, ActorPage, Video, VideoPage, VideoType } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { Tabs } from 'antd-mobile';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../../app/api/client.ts';
import { likedNow, useLikeChanges } from '../../../app/likes.ts';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { ActorCard } from '../../../components/actor-card/index.ts';
import { PagedList, type Page } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { showFavouritesPromotion, showVipPrompt } from '../collect-prompts.ts';
import '../collect.css';
import { NavBar } from '../../../components/nav-bar/NavBar.tsx';

const VIDEO_TABS: VideoType[] = ['long', 'short', 'original'];

async function loadVideoLikes(type: VideoType, page: number): Promise<Page<Video>> {
  const reply = await request<VideoPage>(`/v1/videos/likes/${type}`, { query: { page } });
  if (reply.status.code !== Status.ok) throw new Error(reply.status.message);
  return { items: reply.response.videos, total: reply.response.total_results };
}

async function loadActorLikes(page: number): Promise<Page<Actor>> {
  const reply = await request<ActorPage>('/v1/actors/likes', { query: { page } });
  if (reply.status.code !== Status.ok) throw new Error(reply.status.message);
  return { items: reply.response.actors, total: reply.response.total_results };
}

/** Opens of the favourites in this session: the promotion pop-up counts them (part 1 §4). */
let favouritesOpened = 0;

/**
 * The favourites (collect tab, part 1 §6): VIP only — anyone else gets the prompt to upgrade
 * (payment with the favourites source) or go back. Long, Short, Original and Actor tabs; what is
 * unliked here leaves the list at once.
 */
export default function CollectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { userInfo, appInfo } = useStartupData();
  const vip = userInfo.vip;
  const prompted = useRef(false);

  useEffect(() => {
    if (prompted.current) return;
    prompted.current = true;
    if (!vip) {
      void showVipPrompt(t).then((upgrade) => {
        if (upgrade) navigate('/member/payment?source=favourites');
        else goBack();
      });
      return;
    }
    favouritesOpened += 1;
    void showFavouritesPromotion(t, navigate, appInfo, userInfo.level, favouritesOpened);
  }, [vip, t, navigate, goBack, appInfo, userInfo.level]);

  return (
    <div className="collect-page">
      <NavBar>{t('route_collect')}</NavBar>
      {vip && (
        <Tabs className="collect-page__tabs">
          {VIDEO_TABS.map((type) => (
            <Tabs.Tab key={type} title={t(`type_${type}`)}>
              <VideoLikes type={type} />
            </Tabs.Tab>
          ))}
          <Tabs.Tab key="actor" title={t('tab_actor')}>
            <ActorLikes />
          </Tabs.Tab>
        </Tabs>
      )}
    </div>
  );
}

function VideoLikes({ type }: { type: VideoType }) {
  const { t } = useTranslation();
  // Re-render on every toggle: an unliked video leaves this list.
  useLikeChanges();
  const load = useCallback((page: number) => loadVideoLikes(type, page), [type]);
  return (
    <PagedList
      load={load}
      emptyText={t('empty_collect')}
      shows={(video) => likedNow('video', video.video_id, video.video_like)}
      render={(videos) => (
        <div className={type === 'long' ? 'collect-grid' : 'collect-grid collect-grid--portrait'}>
          {videos.map((video) => (
            <VideoCard key={video.video_id} video={video} likeable />
          ))}
        </div>
      )}
    />
  );
}

function ActorLikes() {
  const { t } = useTranslation();
  useLikeChanges();
  return (
    <PagedList
      load={loadActorLikes}
      emptyText={t('empty_collect')}
      shows={(actor) => likedNow('actor', actor.actor_id, actor.actor_like)}
      render={(actors) => (
        <div className="collect-grid collect-grid--actors">
          {actors.map((actor) => (
            <ActorCard key={actor.actor_id} actor={actor} />
          ))}
        </div>
      )}
    />
  );
}
