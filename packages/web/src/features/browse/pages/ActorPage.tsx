import type { Actor, Video } from '@app/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toggleActorLike, useLiked } from '../../../app/likes.ts';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { LikeButton } from '../../../components/like-button/index.ts';
import { PagedList } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { actorPage } from '../browse-api.ts';
import { BrowsePage } from '../components/BrowsePage.tsx';

/**
 * The actor page (`/actor/{actorid}`): who they are, with the heart that adds them to the
 * favourites, then their videos newest first, 24 a page.
 */
export default function ActorPage() {
  const { t } = useTranslation();
  const { actorid = '' } = useParams();
  const [actor, setActor] = useState<Actor | null>(null);
  const [total, setTotal] = useState(0);
  const load = useCallback(
    async (page: number) => {
      const reply = await actorPage(Number(actorid), page);
      setActor(reply.actor);
      setTotal(reply.total_results);
      return { items: reply.videos, total: reply.total_results };
    },
    [actorid],
  );
  return (
    <BrowsePage title={actor?.actor_name ?? t('route_actor')}>
      {actor && (
        <header className="actor-head" data-testid="actor-head">
          <div className="actor-head__photo">
            <EncryptedImage src={actor.actor_url} alt={actor.actor_name} aspectRatio="1 / 1" rounded />
          </div>
          <div className="actor-head__text">
            <h1 className="actor-head__name">{actor.actor_name}</h1>
            <p className="actor-head__meta">
              {actor.actor_cup && `${t('filter_cup_value', { cup: actor.actor_cup })} · `}
              {t('video_count', { count: total })}
            </p>
          </div>
          <ActorHeart actor={actor} />
        </header>
      )}
      <PagedList<Video>
        load={load}
        emptyText={t('empty_videos')}
        render={(videos) => (
          <div
            className={videos[0]?.video_type === 'long' ? 'video-grid' : 'video-grid video-grid--portrait'}
          >
            {videos.map((video) => (
              <VideoCard key={video.video_id} video={video} />
            ))}
          </div>
        )}
      />
    </BrowsePage>
  );
}

function ActorHeart({ actor }: { actor: Actor }) {
  const liked = useLiked('actor', actor.actor_id, actor.actor_like);
  return <LikeButton className="actor-head__like" liked={liked} onToggle={() => toggleActorLike(actor)} />;
}
