import { promotionTarget } from '@app/contract/rules';
import { CloseOutline, GiftOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EncryptedImage } from '../../components/encrypted-image/index.ts';
import { followAd } from '../ad-link.ts';
import { readSetting, writeSetting } from '../settings.ts';
import { useStartupData } from '../startup/startup-store.ts';
import { promoWidgetsHidden, type Position } from './drag-position.ts';
import { useDraggable } from './use-draggable.ts';
import './promo-widgets.css';

/** Above the bottom menu on the right, where a thumb rests without covering a video card's title. */
const defaultPromoPosition = () => ({ x: window.innerWidth - 76, y: window.innerHeight - 200 });
const defaultImagePosition = () => ({ x: 12, y: window.innerHeight - 260 });

/** A saved position, unless storage holds something else (an older app, a hand-edited value). */
function savedPosition(
  key: 'promoButtonPosition' | 'promoImagePosition',
  fallback: () => Position,
): Position {
  const saved = readSetting(key);
  return saved && Number.isFinite(saved.x) && Number.isFinite(saved.y) ? saved : fallback();
}

/**
 * The floating promo button and the second image (part 1 §2, part 2 §2.1): both draggable, kept
 * inside the screen, where they were left across pages; hidden on play, payment, follower, sale,
 * ticket and exchange pages, where they would cover the page's own action.
 */
export function PromoWidgets() {
  const { pathname } = useLocation();
  const { appInfo } = useStartupData();
  const [imageClosed, setImageClosed] = useState(false);
  if (promoWidgetsHidden(pathname)) return null;
  return (
    <>
      <PromoButton />
      {appInfo.ad.img_url && !imageClosed && <SecondImage onClose={() => setImageClosed(true)} />}
    </>
  );
}

function PromoButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appInfo, userInfo } = useStartupData();
  const icon = userInfo.shop_icon || appInfo.shop_icon;
  const drag = useDraggable(
    () => savedPosition('promoButtonPosition', defaultPromoPosition),
    (position) => writeSetting('promoButtonPosition', position),
    () => navigate(promotionTarget(appInfo.member_level, userInfo.level, 'promo_button')),
  );
  return (
    <button
      type="button"
      ref={drag.ref}
      className="promo-button"
      style={drag.style}
      aria-label={t('member_open_vip')}
      data-testid="promo-button"
      {...drag.handlers}
    >
      {icon ? (
        <EncryptedImage src={icon} alt="" aspectRatio="1 / 1" />
      ) : (
        <span className="promo-button__badge">
          <GiftOutline />
          <span className="promo-button__text">VIP</span>
        </span>
      )}
    </button>
  );
}

function SecondImage({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appInfo, userInfo } = useStartupData();
  const drag = useDraggable(
    () => savedPosition('promoImagePosition', defaultImagePosition),
    (position) => writeSetting('promoImagePosition', position),
    () => followAd(appInfo.ad.pop_link, userInfo.level, navigate),
  );
  return (
    <div ref={drag.ref} className="promo-image" style={drag.style} data-testid="promo-image">
      <div className="promo-image__picture" {...drag.handlers}>
        <EncryptedImage src={appInfo.ad.img_url} alt={t('ad')} aspectRatio="1 / 1" rounded />
      </div>
      <button type="button" className="promo-image__close" aria-label={t('close')} onClick={onClose}>
        <CloseOutline />
      </button>
    </div>
  );
}
