import { memo } from 'react';
import type { Video } from '@app/contract';
import { formatDuration, formatPlayCount, playPath } from '@app/contract/rules';
import { PlayOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toggleVideoLike, useLiked } from '../../app/likes.ts';
import { startVideoInfo } from '../../features/player/api/player-api.ts';
import { EncryptedImage } from '../encrypted-image/index.ts';
import { LikeButton } from '../like-button/index.ts';
import './video-card.css';

/**
 * The main tags a card shows. `vip` is not among them (issue 38 item 12, docs/decisions.md): the
 * spec gives a VIP-tagged video no rule of its own — every video plays the same way for a guest
 * (240P, a daily view) — so a VIP mark on the card would promise a gate the player does not keep.
 */
const TAG_KEYS: Record<string, string> = {
  limited_free: 'tag_limited_free',
  free: 'tag_free',
  exclusive: 'tag_exclusive',
};

/**
 * A video in a list: cover (landscape for long videos, portrait for short and original ones),
 * duration, its main tag, title and play count; a tap opens the play page. With `likeable` a heart
 * on the cover likes and unlikes it (part 1 §4), the same everywhere the video appears.
 * Memoised, like the other tiles of the lists: a list grows a block or a page at a time (the
 * Recommend feed's reveal, infinite scroll), and the cards already drawn need not render again.
 */
export const VideoCard = memo(function VideoCard({
  video,
  likeable,
  onLikeChanged,
}: {
  video: Video;
  likeable?: boolean;
  onLikeChanged?: (liked: boolean) => void;
}) {
  const { t } = useTranslation();
  const liked = useLiked('video', video.video_id, video.video_like);
  const portrait = video.video_type !== 'long';
  // The server sends the title in the app's script (English only where no Chinese title exists).
  const title = video.video_title;
  const tag = TAG_KEYS[video.main_tag];
  return (
    <Link
      to={playPath(video)}
      className={portrait ? 'video-card video-card--portrait' : 'video-card'}
      onClick={(event) => {
        // The play page's first call starts with the tap, while the page itself renders. A tap on
        // the heart (default prevented) or a click for a new tab does not open the page here.
        const opensHere = !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey;
        if (opensHere && !event.shiftKey) startVideoInfo(video.video_id);
      }}
    >
      <div className="video-card__cover">
        <EncryptedImage src={video.cover} alt={title} aspectRatio={portrait ? '3 / 4' : '16 / 9'} rounded />
        {tag && <span className={`video-card__tag video-card__tag--${video.main_tag}`}>{t(tag)}</span>}
        <span className="video-card__meta">
          <span className="video-card__views">
            <PlayOutline aria-hidden />
            {formatPlayCount(video.views, t('count_wan_suffix'))}
          </span>
          <span>{formatDuration(video.video_duration)}</span>
        </span>
        {likeable && (
          <LikeButton
            className="video-card__like"
            liked={liked}
            onToggle={() => toggleVideoLike(video)}
            onChanged={onLikeChanged}
          />
        )}
      </div>
      <span className="video-card__title">{title}</span>
    </Link>
  );
});
