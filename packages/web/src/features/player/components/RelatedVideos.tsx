import type { Video, VideoType } from '@app/contract';
import { formatPlayCount } from '@app/contract/rules';
import { InfiniteScroll } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { fetchRelated, hasMorePages } from '../api/player-api.ts';
import { formatClock } from '../player-rules.ts';
import { useLoadPromotion } from '../../../app/popups/use-load-promotion.tsx';

export const playPathOf = (video: Pick<Video, 'video_type' | 'video_id'>) =>
  `/${video.video_type === 'long' ? 'long' : 'short'}/play/${encodeURIComponent(video.video_id)}`;

/** A video card: cover (16:9 reserved), duration, title on two lines, play count. */
export function VideoCard({ video }: { video: Video }) {
  const { t } = useTranslation();
  return (
    <Link to={playPathOf(video)} className="video-card" data-testid="video-card">
      <div className="video-card__cover">
        <EncryptedImage src={video.cover} alt={video.video_title} aspectRatio="16 / 9" rounded />
        <span className="video-card__duration">{formatClock(video.video_duration)}</span>
      </div>
      <span className="video-card__title">{video.video_title}</span>
      <span className="video-card__views">
        {t('play_views', { views: formatPlayCount(video.views, t('wan')) })}
      </span>
    </Link>
  );
}

/** Related videos with pull-up paging, 24 a page (part 2 §4, list paging). */
export function RelatedVideos({ avkey, type }: { avkey: string; type: VideoType }) {
  const { t } = useTranslation();
  const [videos, setVideos] = useState<Video[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(true);
  const { onLoadMore, dialog } = useLoadPromotion();

  const loadMore = useCallback(async () => {
    // A failed page rejects: InfiniteScroll then offers the retry.
    const next = page + 1;
    const result = await fetchRelated(avkey, type, next);
    setVideos((shown) => [...shown, ...result.videos.filter((video) => video.video_id !== avkey)]);
    setPage(next);
    setMore(hasMorePages(next, result.total_results));
    if (next > 1) onLoadMore(); // a pull-up, as on every list (part 1 §4)
  }, [avkey, type, page, onLoadMore]);

  return (
    <section className="play-section">
      <h2 className="play-section__title">{t('play_related')}</h2>
      <div className="video-grid" data-testid="related-videos">
        {videos.map((video) => (
          <VideoCard key={video.video_id} video={video} />
        ))}
      </div>
      <InfiniteScroll loadMore={loadMore} hasMore={more}>
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="play-section__retry" onClick={() => void retry()}>
              {t('load_failed')}
            </button>
          ) : hasMore ? (
            t('loading')
          ) : videos.length === 0 ? (
            t('empty_videos')
          ) : (
            t('no_more')
          )
        }
      </InfiniteScroll>
      {dialog}
    </section>
  );
}
