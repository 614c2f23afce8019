import type { FollowedUser } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { creatorPath } from '../../../components/creator-link/index.ts';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { FollowButton } from './FollowButton.tsx';

/**
 * A creator in the Follow tab (and its suggestions): picture, name, followers, tags — a tap opens
 * their page — and the follow button beside it; with `withVideos`, their newest videos below.
 */
export function CreatorItem({ user, withVideos = false }: { user: FollowedUser; withVideos?: boolean }) {
  const { t } = useTranslation();
  const [followers, setFollowers] = useState(user.user_followers);
  const type = user.video_type || 'long';
  return (
    <div className="creator-item" data-testid="creator-item">
      <div className="creator-item__head">
        <Link to={creatorPath(user.user_id, type)} className="creator-item__link">
          <EncryptedImage className="creator-item__avatar" src={user.user_img} alt="" aspectRatio="1 / 1" />
          <span className="creator-item__text">
            <span className="creator-item__name">{user.user_name}</span>
            <span className="creator-item__meta">{t('followers_count', { count: followers })}</span>
            {user.tags.length > 0 && <span className="creator-item__meta">{user.tags.join(' · ')}</span>}
          </span>
        </Link>
        <FollowButton user={user} onFollowers={setFollowers} />
      </div>
      {withVideos && user.video.length > 0 && (
        <div className="creator-item__videos" data-testid="creator-videos">
          {user.video.map((video) => (
            <div
              key={video.video_id}
              className={
                video.video_type === 'long'
                  ? 'creator-item__video'
                  : 'creator-item__video creator-item__video--portrait'
              }
            >
              <VideoCard video={video} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
