import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdTap } from '../../../app/use-ad-tap.ts';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';

interface Props {
  /** `ad.player_image`; empty: the views card stands in its place. */
  image: string;
  link: string;
  seconds: number;
  views: { used: number; total: number };
  onUpgrade: () => void;
  onDone: () => void;
}

/**
 * Before a non-VIP plays (part 2 §2.5, §4): the player ad image, or without one the view-count
 * card, over the picture with a countdown (`ad.player_countdown`, default 3 s); playback may start
 * when it reaches zero. A tap on the ad follows its link.
 */
export function PlayerGate({ image, link, seconds, views, onUpgrade, onDone }: Props) {
  const { t } = useTranslation();
  const tapAd = useAdTap();
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
    <div className="player-gate" data-testid="player-gate">
      {image ? (
        <button type="button" className="player-gate__image" onClick={() => tapAd({ link, image })}>
          <EncryptedImage src={image} alt="" fit="cover" urgent />
        </button>
      ) : (
        <div className="player-gate__views" data-testid="views-popup">
          <span className="player-gate__views-label">{t('play_views_today')}</span>
          <strong className="player-gate__views-count">
            {views.used}
            <small>/{views.total}</small>
          </strong>
          <span className="player-gate__views-tip">{t('play_views_gate_tip')}</span>
          <button type="button" className="player__cta" onClick={onUpgrade}>
            {t('go_upgrade')}
          </button>
        </div>
      )}
      <span className="player-gate__countdown" data-testid="player-gate-countdown">
        {t('play_ad_countdown', { count: Math.max(left, 0) })}
      </span>
    </div>
  );
}
