import { showAlert, showConfirm, showToast } from './notices.ts';
import { lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isNewerVersion } from '@app/contract/rules';
import { request } from '../api/client.ts';
import { subscribe } from '../events.ts';
import { afterFirstScreen, whenIdle } from '../idle.ts';
import { withCatalogue } from '../i18n/index.ts';
import { AppRoutes, preloadPlayPage, TAB_PATHS } from '../routes.tsx';
import { enterAccount } from '../session.ts';
import { readSetting, writeSetting } from '../settings.ts';
import { ServiceClosedError, StartupError, takeStartUp } from '../startup/startup.ts';
import { setStartupData, startupData, updateStartupData } from '../startup/startup-store.ts';
import { LoadingScreen } from './LoadingScreen.tsx';
import { TabBar } from './TabBar.tsx';

// The cover ad comes with the first screen (its code with the home page's, beside start-up).
const CoverAd = lazy(() => import('../popups/CoverAd.tsx').then((module) => ({ default: module.CoverAd })));
// The pop-up chain, reminders and widgets, and the dialogs they are made of, load once the first
// cover is on screen and the phone idle: the first screen never shares the line or CPU with them.
const PopupChain = lazy(
  withCatalogue(() => import('../popups/PopupChain.tsx').then((module) => ({ default: module.PopupChain }))),
);
const Reminders = lazy(
  withCatalogue(() => import('../popups/Reminders.tsx').then((module) => ({ default: module.Reminders }))),
);
const PromoWidgets = lazy(
  withCatalogue(() => import('./PromoWidgets.tsx').then((module) => ({ default: module.PromoWidgets }))),
);
// The age confirmation of a device's first start shows over the first screen: its code and words
// come with the first screen's (vite.config.ts FIRST_SCREEN, the catalogue's first part), so a
// first start asks for nothing more before its first covers.
const AgeGate = lazy(() => import('./AgeGate.tsx').then((module) => ({ default: module.AgeGate })));
// Looks for a VIP just paid for when the payer comes back from the gateway.
const PaymentReturnWatcher = lazy(
  withCatalogue(() =>
    import('../../features/payment/components/PaymentReturnWatcher.tsx').then((module) => ({
      default: module.PaymentReturnWatcher,
    })),
  ),
);

type Phase =
  { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; marker: number } | { kind: 'closed' };

/** Start-up gate, session recovery and the bottom menu around every page. */
export function AppShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const locationError = useRef(false);
  const [chainDone, setChainDone] = useState(false);
  const markChainDone = useCallback(() => setChainDone(true), []);
  const [coverDone, setCoverDone] = useState(false);
  // The check-in pop-up's place in the chain depends on the sign-in list: the chain waits for it.
  const [signinListIn, setSigninListIn] = useState(false);
  const markCoverDone = useCallback(() => setCoverDone(true), []);
  const [popupsSettled, setPopupsSettled] = useState(false);
  const markPopupsSettled = useCallback(() => setPopupsSettled(true), []);
  const [popupsDue, setPopupsDue] = useState(false);
  // Asked once per device when app info switches the age confirmation on (the default).
  const [ageDue, setAgeDue] = useState(false);
  const [promoDocked, setPromoDocked] = useState(false);
  const markAgeConfirmed = useCallback(() => setAgeDue(false), []);

  useEffect(() => {
    // A transition: React renders them in slices between frames, never one long task.
    if (phase.kind === 'ready') return afterFirstScreen(() => startTransition(() => setPopupsDue(true)));
  }, [phase.kind]);

  useEffect(() => {
    if (popupsSettled) return whenIdle(preloadPlayPage);
  }, [popupsSettled]);

  // useNavigate returns a new function after every navigation: through a ref, so start-up runs
  // once and not again on each change of page.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const run = useCallback(() => {
    setPhase({ kind: 'loading' });
    // The first run picks up the start-up the boot entry began; a retry starts afresh.
    takeStartUp().then(
      (data) => {
        if (!data) return; // on the way to the jump page
        setStartupData(data);
        void data.signinListIn.then((signinList) => {
          // A list refreshed meanwhile (a check-in) is newer than start-up's.
          if (!startupData()?.signinList) updateStartupData({ signinList });
          setSigninListIn(true);
        });
        setAgeDue(data.appInfo.age_gate && !readSetting('ageConfirmed'));
        setPhase({ kind: 'ready' });
        // Every line failed its speed test (or none answered in 15 s): the defaults are in use.
        if (data.raceOutcome !== 'ok')
          void showToast({
            content: t(data.raceOutcome === 'timeout error' ? 'timeout_error' : 'all_error'),
          });
        // The service worker (offline shell) registers once the first screen is up, never
        // competing with start-up or the first covers for the phone's line and CPU.
        // Its code (workbox-window) loads then too; if that fails, the next start registers it.
        whenIdle(() => {
          import('virtual:pwa-register').then(
            ({ registerSW }) => {
              const updateApp = registerSW({ immediate: true });
              if (isNewerVersion(data.appInfo.pwa.version, __APP_VERSION__)) {
                void showConfirm({
                  content: t('new_version'),
                  confirmText: t('confirm'),
                  cancelText: t('cancel'),
                }).then(
                  (confirmed) => confirmed && void updateApp(true).then(() => window.location.reload()),
                );
              }
            },
            () => undefined,
          );
        });
        if (data.landingVideo) {
          navigateRef.current(
            `/${data.landingVideo.type === 'long' ? 'long' : 'short'}/play/${data.landingVideo.id}`,
          );
        }
      },
      (error: unknown) => {
        if (error instanceof ServiceClosedError) setPhase({ kind: 'closed' });
        else if (error instanceof StartupError) {
          // An app-info failure caused by the region block shows the location error instead.
          if (error.marker === 0 && locationError.current) return;
          setPhase({ kind: 'failed', marker: error.marker });
        } else setPhase({ kind: 'failed', marker: 2 });
      },
    );
  }, [t]);

  useEffect(() => run(), [run]);

  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === 'location-error') {
          locationError.current = true;
          void showAlert({ content: t('location_error'), confirmText: t('ok') });
        }
        if (event.type === 'session-ended') void relogin(event.code, event.banned === true);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  /** 497/498/499 (spec part 1 §4): clear, prompt, register a guest, reload, then continue. */
  const relogging = useRef(false);
  async function relogin(code: number, banned: boolean) {
    if (relogging.current) return;
    relogging.current = true;
    writeSetting('token', null);
    await showAlert({
      title: t(banned ? 'account_banned_title' : 'relogin_title'),
      content: t(banned ? 'account_banned' : code === 499 ? 'logged_other_device' : 'relogin_content'),
      confirmText: t('confirm'),
    });
    // The new guest's launch code is minted for its own session (enterAccount): a code is never
    // moved to another account.
    const guest = await request<{ token: string }>('/v1/register/guest', {
      method: 'POST',
      withoutToken: true,
    });
    if (guest.response?.token) {
      // The guest's user info and check-in list, and the stream line and quality that follow VIP.
      // (session.ts is part of the shell's chunk: see SHELL in vite.config.ts.)
      await enterAccount(guest.response.token);
      await showAlert({ content: t('relogin_done'), confirmText: t('confirm') });
    }
    relogging.current = false;
    if (phaseRef.current.kind !== 'ready') run();
    else navigate('/member/signin');
  }

  if (phase.kind !== 'ready') {
    return (
      <LoadingScreen
        error={
          phase.kind === 'failed'
            ? t(`startup_error_${phase.marker}`)
            : phase.kind === 'closed'
              ? // The service error text (part 1: pwa.allow false), never the announcement.
                t('service_error')
              : undefined
        }
        onRetry={phase.kind === 'failed' ? run : undefined}
      />
    );
  }
  const showTabs = TAB_PATHS.includes(location.pathname);
  return (
    // data-startup-popups: whether the start-up pop-ups and reminders are all closed (browser tests wait for it).
    <div
      className={showTabs ? 'app-page app-page--tabs' : 'app-page'}
      data-startup-popups={popupsSettled ? 'done' : 'pending'}
    >
      <AppRoutes />
      {showTabs && <TabBar docked={promoDocked} />}
      {ageDue ? (
        <Suspense fallback={null}>
          <AgeGate onConfirmed={markAgeConfirmed} />
        </Suspense>
      ) : (
        <Suspense fallback={null}>
          <CoverAd onDone={markCoverDone} />
        </Suspense>
      )}
      {popupsDue && !ageDue && (
        <Suspense fallback={null}>
          {coverDone && signinListIn && <PopupChain onDone={markChainDone} />}
          {coverDone && <PromoWidgets onDockedChange={setPromoDocked} />}
          <Reminders ready={chainDone} onSettled={markPopupsSettled} />
          <PaymentReturnWatcher />
        </Suspense>
      )}
    </div>
  );
}
