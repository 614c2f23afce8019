import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { followAd } from '../../../app/ad-link.ts';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';

interface Props {
  image: string;
  link: string;
  level: string;
  seconds: number;
  onDone: () => void;
}

/**
 * The player ad (part 2 §2.5, `ad.player_*`): an image over the player with a countdown; playback
 * may start when it reaches zero. A tap on the image follows the ad's link.
 */
export function PlayerAd({ image, link, level, seconds, onDone }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, onDone]);
  return (
    <div className="player-ad" data-testid="player-ad">
      <button type="button" className="player-ad__image" onClick={() => followAd(link, level, navigate)}>
        <EncryptedImage src={image} alt="" fit="cover" />
      </button>
      <span className="player-ad__countdown" data-testid="player-ad-countdown">
        {t('play_ad_countdown', { count: Math.max(left, 0) })}
      </span>
    </div>
  );
}
