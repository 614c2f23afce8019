import type { Studio, Video, VideoType } from '@app/contract';
import { Tabs } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { PagedList } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { studioPage } from '../browse-api.ts';
import { BrowsePage } from '../components/BrowsePage.tsx';

const TYPES: VideoType[] = ['long', 'short', 'original'];

/**
 * A studio's page (`/studio/{studioid}`, 片商): its picture and name, then its videos newest first,
 * one type a tab (the first from `?type=`, the list the studio was tapped in), 24 a page.
 */
export default function StudioPage() {
  const { t } = useTranslation();
  const { studioid = '' } = useParams();
  const [query] = useSearchParams();
  const [tab, setTab] = useState<VideoType>(TYPES.find((type) => type === query.get('type')) ?? 'original');
  const [studio, setStudio] = useState<Studio | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const load = useCallback(
    async (page: number) => {
      const reply = await studioPage(Number(studioid), tab, page);
      setStudio(reply.studio);
      setTotal(reply.total_results);
      return { items: reply.videos, total: reply.total_results };
    },
    [studioid, tab],
  );
  return (
    <BrowsePage title={studio?.studio_name ?? t('route_studio')} searchType={tab}>
      {studio && (
        <header className="actor-head" data-testid="studio-head">
          <div className="actor-head__photo">
            <EncryptedImage src={studio.studio_image} alt="" aspectRatio="1 / 1" rounded />
          </div>
          <div className="actor-head__text">
            <h1 className="actor-head__name">{studio.studio_name}</h1>
            {total !== null && <p className="actor-head__meta">{t('video_count', { count: total })}</p>}
          </div>
        </header>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(TYPES.find((type) => type === key) ?? 'original')}
        className="browse-page__tabs"
      >
        {TYPES.map((type) => (
          <Tabs.Tab key={type} title={t(`type_${type}`)} />
        ))}
      </Tabs>
      <PagedList<Video>
        load={load}
        emptyText={t('empty_videos')}
        render={(videos) => (
          <div className={tab === 'long' ? 'video-grid' : 'video-grid video-grid--portrait'}>
            {videos.map((video) => (
              <VideoCard key={video.video_id} video={video} />
            ))}
          </div>
        )}
      />
    </BrowsePage>
  );
}
