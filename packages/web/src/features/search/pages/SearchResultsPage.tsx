import type { Video, VideoType } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { Tabs } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { request } from '../../../app/api/client.ts';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import { PagedList, type Page } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import '../search.css';
import { NavBar } from '../../../components/nav-bar/NavBar.tsx';

const TYPES: VideoType[] = ['long', 'short', 'original'];

/** Search results (searchList): the same text in three tabs, long, short and original. */
export default function SearchResultsPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { search = '' } = useParams();
  const [query] = useSearchParams();
  const initial = TYPES.find((type) => type === query.get('type')) ?? 'long';
  return (
    <div className="search-results">
      <NavBar onBack={goBack}>{search}</NavBar>
      <Tabs defaultActiveKey={initial}>
        {TYPES.map((type) => (
          <Tabs.Tab key={type} title={t(`type_${type}`)}>
            <Results type={type} search={search} />
          </Tabs.Tab>
        ))}
      </Tabs>
    </div>
  );
}

function Results({ type, search }: { type: VideoType; search: string }) {
  const { t } = useTranslation();
  const load = useCallback(
    async (page: number): Promise<Page<Video>> => {
      const reply = await request<{ videos: Video[]; total_results: number }>(
        `/v1/videos/${type}/keyword/${encodeURIComponent(search)}`,
        { query: { page } },
      );
      if (reply.status.code !== Status.ok) throw new Error(reply.status.message);
      return { items: reply.response.videos, total: reply.response.total_results };
    },
    [type, search],
  );
  return (
    <PagedList
      load={load}
      emptyText={t('empty_search')}
      render={(videos) => (
        <div
          className={type === 'long' ? 'video-grid' : 'video-grid video-grid--portrait'}
          data-testid="search-results"
        >
          {videos.map((video) => (
            <VideoCard key={video.video_id} video={video} likeable />
          ))}
        </div>
      )}
    />
  );
}
