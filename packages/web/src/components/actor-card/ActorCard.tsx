import type { Actor } from '@app/contract';
import { Link } from 'react-router';
import { toggleActorLike, useLiked } from '../../app/likes.ts';
import { EncryptedImage } from '../encrypted-image/index.ts';
import { LikeButton } from '../like-button/index.ts';
import './actor-card.css';

/** An actor in a list: picture, name and cup; a tap opens the actor page, the heart likes them. */
export function ActorCard({
  actor,
  onLikeChanged,
}: {
  actor: Actor;
  onLikeChanged?: (liked: boolean) => void;
}) {
  const liked = useLiked('actor', actor.actor_id, actor.actor_like);
  return (
    <Link to={`/actor/${actor.actor_id}`} className="actor-card" data-testid="actor-card">
      <div className="actor-card__picture">
        <EncryptedImage src={actor.actor_url} alt={actor.actor_name} aspectRatio="1 / 1" rounded />
        <LikeButton
          className="actor-card__like"
          liked={liked}
          onToggle={() => toggleActorLike(actor)}
          onChanged={onLikeChanged}
        />
      </div>
      <span className="actor-card__name">{actor.actor_name}</span>
      {actor.actor_cup && <span className="actor-card__cup">{actor.actor_cup}</span>}
    </Link>
  );
}
