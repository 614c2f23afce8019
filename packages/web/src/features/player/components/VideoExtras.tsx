import type { Actor, VideoInfo } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { formatClock } from '../player-rules.ts';

/** The video's actors, a row that scrolls sideways; each leads to the actor page. */
export function ActorList({ actors }: { actors: Actor[] }) {
  const { t } = useTranslation();
  if (actors.length === 0) return null;
  return (
    <section className="play-section">
      <h2 className="play-section__title">{t('play_actors')}</h2>
      <div className="actor-row" data-testid="actor-list">
        {actors.map((actor) => (
          <Link key={actor.actor_id} to={`/actor/${actor.actor_id}`} className="actor-row__item">
            <EncryptedImage
              src={actor.actor_url}
              alt={actor.actor_name}
              className="actor-row__avatar"
              aspectRatio="1 / 1"
            />
            <span className="actor-row__name">{actor.actor_name}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

/**
 * The info panel (part 2 §2.5): publisher, number, category (short and original videos),
 * duration, and tags that lead to search.
 */
export function InfoPanel({ video }: { video: VideoInfo }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [];
  if (video.video_publisher) rows.push(['play_info_publisher', video.video_publisher]);
  if (video.video_number) rows.push(['play_info_number', video.video_number]);
  if (video.video_type !== 'long' && video.video_category.length > 0)
    rows.push(['play_info_category', video.video_category.map((item) => item.category_name).join(' / ')]);
  rows.push(['play_info_duration', formatClock(video.video_duration)]);
  return (
    <section className="play-section info-panel" data-testid="info-panel">
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
