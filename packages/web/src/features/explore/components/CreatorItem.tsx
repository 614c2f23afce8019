import type { FollowedUser } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { FollowButton } from './FollowButton.tsx';

/** A followed creator in the Follow tab: picture, name, followers, tags; a tap opens their page. */
export function CreatorItem({ user }: { user: FollowedUser }) {
  const { t } = useTranslation();
  const [followers, setFollowers] = useState(user.user_followers);
  const type = user.video_type || 'long';
  return (
    <Link
      to={`/find/follower/${user.user_id}?type=${type}`}
      className="creator-item"
      data-testid="creator-item"
    >
      <EncryptedImage
        className="creator-item__avatar"
        src={user.user_img}
        alt={user.user_name}
        aspectRatio="1 / 1"
      />
      <span className="creator-item__text">
        <span className="creator-item__name">{user.user_name}</span>
        <span className="creator-item__meta">{t('followers_count', { count: followers })}</span>
        {user.tags.length > 0 && <span className="creator-item__meta">{user.tags.join(' · ')}</span>}
      </span>
      <FollowButton user={user} onFollowers={setFollowers} />
    </Link>
  );
}
