import { Button, CenterPopup } from 'antd-mobile';
import { Toast } from '../toast.ts';
import { CloseCircleOutline, CloseOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EncryptedImage } from '../../components/encrypted-image/index.ts';
import { PromoArt } from '../../components/promo-art/PromoArt.tsx';
import { RewardIcon } from '../../components/reward-icon/index.ts';
import { checkIn } from '../../features/member/api/checkin-api.ts';
import { announceCheckIn } from '../../features/member/components/checkin-reward.tsx';
import { useAdTap } from '../use-ad-tap.ts';
import { copyText } from '../copy-text.ts';
import { useSaleBonusDays } from '../sale-bonus.ts';
import { readSetting, writeSetting } from '../settings.ts';
import { useStartupData } from '../startup/startup-store.ts';
import { AnnouncementBody } from './AnnouncementBody.tsx';
import { dismissedUntil } from './announcement-text.ts';
import { useCloseOnBack } from '../back-closes.ts';
import { markShownToday } from './mark-shown.ts';
import { closeMarketing } from './marketing-session.ts';
import { popupChain, todaysReward } from './popup-chain.ts';
import './popups.css';

/** The start-up pop-ups, one at a time: announcement → promotion → ad → forever address → daily check-in. */
export function PopupChain({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tapAd = useAdTap();
  const { appInfo, userInfo, signinList } = useStartupData();
  const bonusDays = useSaleBonusDays(userInfo.level);
  const chain = useMemo(
    () =>
      popupChain({
        appInfo,
        userInfo,
        signinList,
        now: Date.now(),
        announcementHiddenUntil: readSetting('announcementHiddenUntil'),
        foreverHiddenUntil: readSetting('foreverHiddenUntil'),
        shownOn: readSetting('popupsShownOn'),
      }),
    // The chain is decided once per start; later refreshes of user data do not replay it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [index, setIndex] = useState(0);
  const [checkingIn, setCheckingIn] = useState(false);
  // While the check-in's result is said, the chain waits: what follows start-up (the install guide)
  // must not open over the reward dialog.
  const [announcing, setAnnouncing] = useState(false);
  const current = chain[index];
  useEffect(() => {
    if (current === undefined) onDone();
    else if (current !== 'announcement' && current !== 'forever') markShownToday(current);
  }, [current, onDone]);
  const next = () => {
    // The promotion closed (by its ✕, the mask or back): no marketing pop-up again this session.
    if (current === 'promotion') closeMarketing();
    setIndex((value) => value + 1);
  };
  useCloseOnBack(current !== undefined, next, current);
  const go = (path: string) => {
    next();
    navigate(path);
  };

  return (
    <CenterPopup
      visible={current !== undefined && !announcing}
      onMaskClick={next}
      className="chain-popup"
      destroyOnClose
    >
      {current === 'announcement' && (
        <AnnouncementBody
          pwa={appInfo.pwa}
          onHideToday={() => {
            writeSetting('announcementHiddenUntil', dismissedUntil(Date.now()));
            next();
          }}
          onOk={next}
        />
      )}
      {current === 'promotion' && (
        <div className="chain-popup__body chain-popup__body--promo" data-testid="popup-promotion">
          <CloseButton onClose={next} />
          <PromoArt level={userInfo.level} />
          <h3 className="chain-popup__title">{t(`promo_title_${userInfo.level}`)}</h3>
          <p className="chain-popup__text">{t('promo_content', { days: bonusDays })}</p>
          <Button
            block
            color="primary"
            shape="rounded"
            onClick={() => go(`/member/paymentSale/${userInfo.level}?source=promotion`)}
          >
            {t('go_upgrade')}
          </Button>
        </div>
      )}
      {current === 'ad' && (
        <div className="chain-popup__ad" data-testid="popup-ad">
          <button
            type="button"
            className="chain-popup__ad-image"
            onClick={() => tapAd({ link: appInfo.ad.pop_link, image: appInfo.ad.pop_image }, go)}
          >
            <EncryptedImage src={appInfo.ad.pop_image} alt={t('ad')} aspectRatio="3 / 4" rounded />
          </button>
          <button type="button" className="chain-popup__close" aria-label={t('close')} onClick={next}>
            <CloseCircleOutline />
          </button>
        </div>
      )}
      {current === 'forever' && (
        <div className="chain-popup__body" data-testid="popup-forever">
          <h3 className="chain-popup__title">{t('forever_title')}</h3>
          <p className="chain-popup__text">{t('forever_content')}</p>
          {appInfo.forever_image && (
            <EncryptedImage
              className="chain-popup__qr"
              src={appInfo.forever_image}
              alt="QR"
              aspectRatio="1 / 1"
            />
          )}
          {appInfo.forever_link && (
            <a
              className="chain-popup__link"
              href={appInfo.forever_link}
              target="_blank"
              rel="noopener noreferrer"
            >
              {appInfo.forever_link}
            </a>
          )}
          <div className="chain-popup__actions">
            <Button
              fill="outline"
              shape="rounded"
              onClick={() => {
                writeSetting('foreverHiddenUntil', dismissedUntil(Date.now()));
                next();
              }}
            >
              {t('announcement_hide_today')}
            </Button>
            <Button
              color="primary"
              shape="rounded"
              onClick={() => {
                // Saving the address is copying it; the link itself opens it in a new tab.
                if (appInfo.forever_link)
                  void copyText(appInfo.forever_link).then(
                    (done) => done && Toast.show({ content: t('copied') }),
                  );
                next();
              }}
            >
              {t('forever_save')}
            </Button>
          </div>
        </div>
      )}
      {current === 'checkin' && signinList && (
        <div className="chain-popup__body chain-popup__body--checkin" data-testid="popup-checkin">
          <CloseButton onClose={next} />
          <h3 className="chain-popup__title">{t('checkin_title')}</h3>
          <RewardIcon kind={todaysReward(signinList)?.icon ?? 'point'} size="large" />
          <p className="chain-popup__text">
            {t('checkin_today_reward')}：{todaysReward(signinList)?.details}
          </p>
          <Button
            block
            color="primary"
            shape="rounded"
            loading={checkingIn}
            onClick={() => {
              // The check-in happens here; the member page then shows the strip and points it changed.
              setCheckingIn(true);
              const reward = signinList.signin ? undefined : todaysReward(signinList);
              void checkIn().then(async (outcome) => {
                setCheckingIn(false);
                setAnnouncing(true);
                navigate('/member');
                await announceCheckIn(outcome, reward);
                setAnnouncing(false);
                next();
              });
            }}
          >
            {t('checkin_button')}
          </Button>
        </div>
      )}
    </CenterPopup>
  );
}

/** Every pop-up can be closed without choosing its offer. */
function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="chain-popup__x" aria-label={t('close')} onClick={onClose}>
      <CloseOutline />
    </button>
  );
}
