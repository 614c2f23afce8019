import { Button, Popup } from 'antd-mobile';
import { showAlert, showConfirm } from '../shell/notices.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '@app/contract/rules';
import { takeInstallPrompt } from '../install-prompt.ts';
import { mintLaunchCode } from '../launch-code.ts';
import { readSetting } from '../settings.ts';
import { isStandalone } from '../standalone.ts';
import { rememberSignupReturn } from '../shell/guards.tsx';
import { useStartupData } from '../startup/startup-store.ts';
import './popups.css';
import { reminders, type Reminder } from './reminders.ts';
import { markShownToday } from './mark-shown.ts';
import { afterDialogsClosed, useCloseOnBack } from '../back-closes.ts';
import { VIP_BIND_REMINDED_KEY } from '../../features/player/bind-prompt.ts';

const EXPIRY_DEFERRED_KEY = 'app.expiryDeferred';

/**
 * Expiry, bind and install reminders, one at a time, after the start-up pop-up chain. `onSettled`
 * runs once the last of them is closed (or none was due).
 */
export function Reminders({ ready, onSettled }: { ready: boolean; onSettled: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { userInfo, appInfo } = useStartupData();
  const [queue, setQueue] = useState<Reminder[] | null>(null);
  const [installOpen, setInstallOpen] = useState(false);

  useEffect(() => {
    if (!ready || queue) return;
    setQueue(
      reminders({
        userInfo,
        now: Date.now(),
        pathname: location.pathname,
        expiryDeferred: sessionStorage.getItem(EXPIRY_DEFERRED_KEY) === '1',
        isPhone: matchMedia('(pointer: coarse)').matches,
        standalone: isStandalone(),
        shownOn: readSetting('popupsShownOn'),
      }),
    );
  }, [ready, queue, userInfo, location.pathname]);

  const current = queue?.[0];
  const settled = queue !== null && queue.length === 0;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  const next = () => setQueue((list) => list?.slice(1) ?? null);

  useEffect(() => {
    if (current === 'bind' || current === 'install') markShownToday(current);
    if (current === 'expiry') {
      void showConfirm({
        title: t('expiry_title'),
        content: t('expiry_content', { date: formatDate(userInfo.expiry) }),
        confirmText: t('expiry_renew'),
        cancelText: t('next_time'),
      }).then((renew) => {
        if (renew) navigate('/member/payment?source=expiry');
        else sessionStorage.setItem(EXPIRY_DEFERRED_KEY, '1'); // "Next time": not again this session
        next();
      });
    }
    if (current === 'bind') {
      // The VIP version is this session's bind reminder: the play page does not repeat it.
      if (userInfo.vip) sessionStorage.setItem(VIP_BIND_REMINDED_KEY, '1');
      void showAlert({ title: t('bind_notice_title'), content: t('guest_warning'), confirmText: t('ok') })
        .then(() =>
          userInfo.vip
            ? showConfirm({
                content: t('bind_notice_vip_content'),
                confirmText: t('bind_notice_confirm'),
                cancelText: t('cancel'),
              })
            : false,
        )
        .then((bind) => {
          if (bind) {
            rememberSignupReturn();
            navigate('/member/signup');
          }
          next();
        });
    }
    if (current === 'install') setInstallOpen(true);
    // Each reminder opens once, when it reaches the front of the queue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  const ios = /iphone|ipad|ipod/i.test(navigator.userAgent);
  const closeInstall = () => {
    setInstallOpen(false);
    next();
  };
  useCloseOnBack(installOpen, closeInstall);
  return (
    <Popup visible={installOpen} onMaskClick={closeInstall} bodyClassName="install-popup">
      <div data-testid="popup-install">
        <h3 className="install-popup__title">{t(ios ? 'install_ios_title' : 'install_title')}</h3>
        <p className="install-popup__text">{t(ios ? 'install_ios_content' : 'install_content')}</p>
        <ol className="install-popup__steps">
          {(ios ? [1, 2, 3, 4] : [1, 2, 3]).map((step) => (
            <li key={step}>{t(`install_${ios ? 'ios' : 'android'}_step${step}`)}</li>
          ))}
        </ol>
        {/* The forever address for the home-screen app (pwa.home_forever_link, 永久地址（首页）), so an
            installed app that loses its address can be found again. */}
        {appInfo.pwa.home_forever_link.trim() && (
          <p className="install-popup__forever" data-testid="install-forever">
            {t('install_forever')}
            <a href={appInfo.pwa.home_forever_link.trim()} target="_blank" rel="noopener noreferrer">
              {appInfo.pwa.home_forever_link.trim()}
            </a>
          </p>
        )}
        <div className="install-popup__actions">
          <Button shape="rounded" onClick={closeInstall}>
            {t('install_later')}
          </Button>
          <Button
            color="primary"
            shape="rounded"
            onClick={async () => {
              closeInstall();
              if (!ios) {
                const prompt = takeInstallPrompt();
                if (prompt) return void prompt.prompt();
                // No prompt from this browser (issue 38 item 17): the Android app's download when the
                // console set one (pwa.home_android_link), else how to install from the menu.
                const download = appInfo.pwa.home_android_link.trim();
                if (download) return void window.open(download, '_blank', 'noopener');
                return void afterDialogsClosed(() =>
                  showAlert({
                    title: t('install_title'),
                    content: t('install_from_menu'),
                    confirmText: t('got_it'),
                  }),
                );
              }
              // The profile carries a code minted now for this session: the stored one may have
              // lapsed or been revoked (a password change elsewhere).
              const code = await mintLaunchCode();
              // After the sheet's history entry is stepped over: that step back, made later, would
              // cancel the profile's download.
              if (code)
                afterDialogsClosed(() => {
                  window.location.href = `/v1/pwa/ios.mobileconfig?code=${encodeURIComponent(code)}`;
                });
            }}
          >
            {t('install_button')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
