import type { Actor, VideoInfo } from '@app/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toggleActorLike, useLiked } from '../../../app/likes.ts';
import { CreatorLink, creatorPath } from '../../../components/creator-link/index.ts';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { LikeButton } from '../../../components/like-button/index.ts';
import { formatClock } from '../player-rules.ts';

/**
 * The video's actors, a row that scrolls sideways; each leads to the actor page, and the heart on
 * each picture adds the actor to the favourites (or takes them out).
 */
export function ActorList({ actors }: { actors: Actor[] }) {
  const { t } = useTranslation();
  if (actors.length === 0) return null;
  return (
    <section className="play-section">
      <h2 className="play-section__title">{t('play_actors')}</h2>
      <div className="actor-row" data-testid="actor-list">
        {actors.map((actor) => (
          <ActorItem key={actor.actor_id} actor={actor} />
        ))}
      </div>
    </section>
  );
}

function ActorItem({ actor }: { actor: Actor }) {
  const liked = useLiked('actor', actor.actor_id, actor.actor_like);
  return (
    <div className="actor-row__item">
      <Link to={`/actor/${actor.actor_id}`} className="actor-row__link">
        <EncryptedImage
          src={actor.actor_url}
          alt={actor.actor_name}
          className="actor-row__avatar"
          aspectRatio="1 / 1"
        />
        <span className="actor-row__name">{actor.actor_name}</span>
      </Link>
      <LikeButton
        className="actor-row__like"
        liked={liked}
        onToggle={() => toggleActorLike(actor)}
        what={actor.actor_name}
      />
    </div>
  );
}

/**
 * The info panel (part 2 §2.5): publisher, number, category (short and original videos),
 * duration, and tags that lead to search.
 */
export function InfoPanel({ video }: { video: VideoInfo }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [];
  // The publisher leads to its videos: the studio's, else the creator's page.
  const publisherPath = video.video_studio
    ? `/studio/${video.video_studio.studio_id}?type=${video.video_type}`
    : video.video_creator && creatorPath(video.video_creator.user_id, video.video_type);
  if (video.video_publisher)
    rows.push([
      'play_info_publisher',
      publisherPath ? (
        <Link className="info-panel__link" to={publisherPath}>
          {video.video_publisher}
        </Link>
      ) : (
        video.video_publisher
      ),
    ]);
  if (video.video_number) rows.push(['play_info_number', video.video_number]);
  if (video.video_type !== 'long' && video.video_category.length > 0)
    rows.push(['play_info_category', video.video_category.map((item) => item.category_name).join(' / ')]);
  rows.push(['play_info_duration', formatClock(video.video_duration)]);
  return (
    <section className="play-section info-panel" data-testid="info-panel">
      {video.video_creator && (
        <CreatorLink className="info-panel__creator" creator={video.video_creator} type={video.video_type} />
      )}
      <dl className="info-panel__rows">
        {rows.map(([key, value]) => (
          <div key={key} className="info-panel__row">
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {video.video_tags.length > 0 && (
        <div className="info-panel__tags">
          <span className="info-panel__tags-label">{t('play_info_tags')}</span>
          {video.video_tags.map((tag) => (
            <Link
              key={tag}
              className="info-panel__tag"
              to={`/search/${encodeURIComponent(tag)}?type=${video.video_type}`}
            >
              #{tag}
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
