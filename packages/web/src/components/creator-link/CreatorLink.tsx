import type { Video } from '@app/contract';
import { Link } from 'react-router';
import { EncryptedImage } from '../encrypted-image/index.ts';
import './creator-link.css';

type Creator = NonNullable<Video['video_creator']>;

/** A creator's page, opening on the tab of the videos the user came from. */
export const creatorPath = (userId: number, type: string) => `/find/follower/${userId}?type=${type}`;

/**
 * A creator's avatar and name, leading to their page (find page cards, play page). The picture is
 * decoration: the name beside it is what the link reads.
 */
export function CreatorLink({
  creator,
  type,
  className,
}: {
  creator: Creator;
  type: string;
  className?: string;
}) {
  return (
    <Link
      to={creatorPath(creator.user_id, type)}
      className={className ? `creator-link ${className}` : 'creator-link'}
      data-testid="creator-link"
    >
      <EncryptedImage className="creator-link__avatar" src={creator.user_img} alt="" aspectRatio="1 / 1" />
      <span className="creator-link__name">{creator.user_name}</span>
    </Link>
  );
}
