import type { Actor, VideoInfo, VideoType } from '@app/contract';
import { tellFavouriteSaved } from '../../../app/favourite-notice.ts';
import { showAlert, showConfirm, showDialog, showToast } from '../../../app/shell/notices.ts';
import { formatDate, formatPlayCount } from '@app/contract/rules';
import {
  COPY_CONFIRMATION_MS,
  PLAYER_AD_COUNTDOWN_S,
  SLIDE_AUTOPLAY_MS,
  VIEWS_TOAST_MS,
  UNLIMITED_VIEWS,
} from '@app/contract/constants';
import { Swiper } from 'antd-mobile';
import { Toast } from '../../../app/toast.ts';
import type { DialogShowHandler } from 'antd-mobile/es/components/dialog';
import {
  DownlandOutline,
  ExclamationCircleOutline,
  HeartFill,
  HeartOutline,
  SendOutline,
} from 'antd-mobile-icons';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NetworkError } from '../../../app/api/client.ts';
import { copyText } from '../../../app/copy-text.ts';
import { readSetting, writeSetting } from '../../../app/settings.ts';
import { rememberSignupReturn } from '../../../app/shell/guards.tsx';
import { useAdTap } from '../../../app/use-ad-tap.ts';
import { whenIdle } from '../../../app/idle.ts';
import { isStandalone } from '../../../app/standalone.ts';
import { startupData, updateStartupData, useStartupData } from '../../../app/startup/startup-store.ts';
import { EncryptedImage, holdImageDownloads } from '../../../components/encrypted-image/index.ts';
import { fetchVideoActors, fetchVideoInfo, PlayerCallError, toggleVideoLike } from '../api/player-api.ts';
import { ChoicePanel } from '../components/ChoicePanel.tsx';
import { DownloadDialog } from '../components/DownloadDialog.tsx';
import { Player, type ChoiceKind } from '../components/Player/Player.tsx';
import { PlayerGate } from '../components/PlayerGate.tsx';
import { RelatedVideos } from '../components/RelatedVideos.tsx';
import { ReportDialog } from '../components/ReportDialog.tsx';
import { ActorList, InfoPanel } from '../components/VideoExtras.tsx';
import { usePlayerChoices } from '../hooks/use-player-choices.ts';
import type { SourceTrouble } from '../hooks/use-hls-source.ts';
import { bindPrompt, VIP_BIND_REMINDED_KEY } from '../bind-prompt.ts';
import { offlineSource, savedVideo, type SavedVideo } from '../offline/offline-store.ts';
import { upgradeSource, type Choice } from '../player-rules.ts';
import './play-page.css';

/** At most this many fresh sources a minute: a source refused again and again is not retried forever. */
const MAX_SOURCE_REFRESHES = 4;
const REFRESH_WINDOW_MS = 60_000;
const LINE_RETRY_MS = 2000;
/** Longest the page's other images and the related list wait for the first frame. */
const EXTRAS_WAIT_MS = 2000;

/** lPlay and sPlay (part 2 §2.1): one page per video, so a related video starts afresh. */
export default function PlayRoute() {
  const { avkey = '' } = useParams();
  return <PlayPage key={avkey} avkey={avkey} />;
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'online'; info: VideoInfo }
  | { kind: 'offline'; saved: SavedVideo; source: string }
  | { kind: 'error'; message: string };

function PlayPage({ avkey }: { avkey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tapAd = useAdTap();
  const location = useLocation();
  const startup = useStartupData();
  const { userInfo, appInfo } = startup;
  const vip = userInfo.vip;
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const info = loaded.kind === 'online' ? loaded.info : undefined;
  const choices = usePlayerChoices(vip, info?.video_urls);
  const [panel, setPanel] = useState<ChoiceKind | null>(null);
  // One line: nothing to switch to, and it says so rather than offering a sheet of one.
  const openChoices = (kind: ChoiceKind) => {
    if (kind === 'line' && choices.oneLine) void showToast({ content: t('play_line_only_one') });
    else setPanel(kind);
  };
  const [liked, setLiked] = useState(false);
  const [actors, setActors] = useState<Actor[]>([]);
  const [reportOpen, setReportOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [gate, setGate] = useState<'waiting' | 'ad' | 'open'>(vip ? 'open' : 'waiting');
  const refreshes = useRef<number[]>([]);
  const routeType: VideoType = location.pathname.startsWith('/long') ? 'long' : 'short';

  const goBack = useCallback(() => {
    if (location.key === 'default') navigate('/long', { replace: true });
    else navigate(-1);
  }, [location.key, navigate]);

  const upgrade = useCallback(
    (source: string) =>
      navigate(
        `/member/payment?source=${encodeURIComponent(source)}&avkey=${encodeURIComponent(avkey)}&type=${routeType}`,
      ),
    [avkey, navigate, routeType],
  );

  // Line switching is named among the VIP features only where a line this user may not use exists
  // (one line, or novip.network.lock off: issue 38 items 11, 19).
  const lineIsVip = choices.vipMarks.includes('line');
  const askUpgrade = useCallback(
    async (
      source: string,
      content = t(lineIsVip ? 'vip_feature_content' : 'vip_feature_content_no_line'),
    ) => {
      const confirmed = await showConfirm({
        title: t('vip_feature_title'),
        content,
        confirmText: t('go_upgrade'),
        cancelText: t('cancel'),
      });
      if (confirmed) upgrade(source);
    },
    [t, upgrade, lineIsVip],
  );

  /** Video info: the details and today's signed sources; asked again when a source expired. */
  const loadInfo = useCallback(async (): Promise<VideoInfo | null> => {
    try {
      const next = await fetchVideoInfo(avkey);
      // The player has its first source already (early-start.ts): the details render in pieces, so
      // that hls.js's next steps towards the first picture are not queued behind them.
      startTransition(() => setLoaded({ kind: 'online', info: next }));
      // The member page shows today's views: it reads the count this call just spent. Every page
      // that reads start-up data renders again for it, so that waits for an idle moment.
      whenIdle(() => {
        const current = startupData()?.userInfo;
        if (current) updateStartupData({ userInfo: { ...current, video_views: next.video_views } });
      });
      return next;
    } catch (error) {
      if (error instanceof PlayerCallError) {
        setLoaded({ kind: 'error', message: t(error.status.message) });
        return null;
      }
      // No network: a saved copy plays from the offline cache.
      const saved = await savedVideo(avkey).catch(() => undefined);
      const source = saved ? await offlineSource(avkey).catch(() => null) : null;
      if (saved && source) setLoaded({ kind: 'offline', saved, source: source.url });
      else
        setLoaded({
          kind: 'error',
          message: t(error instanceof NetworkError ? 'network_error' : 'load_failed'),
        });
      return null;
    }
  }, [avkey, t]);

  // The first segment gets the phone's line to itself: covers, avatars and ads below the player
  // download once the picture moves (their boxes are laid out already, so nothing jumps), and the
  // related list at the bottom is asked for then.
  const [extrasReady, setExtrasReady] = useState(false);
  const releaseExtras = useRef(() => undefined as void);
  useEffect(() => {
    const releaseImages = holdImageDownloads(EXTRAS_WAIT_MS);
    const release = () => {
      releaseImages();
      setExtrasReady(true);
    };
    releaseExtras.current = release;
    const timer = window.setTimeout(release, EXTRAS_WAIT_MS);
    return () => {
      window.clearTimeout(timer);
      releaseImages();
    };
  }, []);
  const onFirstPlaying = useCallback(() => releaseExtras.current(), []);

  useEffect(() => {
    // The actors (below the player) are asked for once video info is in: the server answers
    // video info, which the first picture waits for, with nothing else of this page to do.
    void loadInfo().then((first) => {
      if (first) startTransition(() => setLiked(first.video_like));
      return fetchVideoActors(avkey)
        .then((list) => startTransition(() => setActors(list)))
        .catch(() => setActors([]));
    });
    window.scrollTo(0, 0);
  }, [avkey, loadInfo]);

  const used = info?.video_views[0] ?? 0;
  const total = info?.video_views[1] ?? UNLIMITED_VIEWS;
  const locked = Boolean(info) && !choices.source;

  // Before play: the player ad, or the view-count card when there is no ad image; with no view left,
  // the views-exhausted pop-up instead. VIP sees none of them (part 2 §6).
  // The bind prompt comes first, so a guest who goes to bind is not shown an ad on the way out.
  const gateDecided = useRef(false);
  useEffect(() => {
    if (!info || gateDecided.current) return;
    gateDecided.current = true;
    void askToBind().then((leaving) => {
      if (leaving || vip) return;
      if (!choices.source) void showViewsExhausted();
      else setGate('ad');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info]);

  /** The discount offer or the VIP bind reminder when due; true when the user went to bind. */
  async function askToBind(): Promise<boolean> {
    const prompt = bindPrompt({
      userInfo,
      discountFlag: readSetting('bindOffer'),
      vipReminded: sessionStorage.getItem(VIP_BIND_REMINDED_KEY) === '1',
    });
    if (!prompt) return false;
    if (prompt === 'vip-expiry') sessionStorage.setItem(VIP_BIND_REMINDED_KEY, '1');
    const bind = await showConfirm({
      title: t(prompt === 'discount' ? 'bind_offer_title' : 'bind_notice_title'),
      content:
        prompt === 'discount'
          ? t('bind_offer_content')
          : t('vip_bind_content', { date: formatDate(userInfo.expiry) }),
      confirmText: t('bind_notice_confirm'),
      cancelText: t(prompt === 'discount' ? 'cancel' : 'next_time'),
    });
    if (bind) {
      rememberSignupReturn();
      navigate('/member/signup');
      return true;
    }
    if (prompt === 'discount') writeSetting('bindOffer', false);
    return false;
  }

  const gateOpen = vip || gate === 'open' || loaded.kind === 'offline';
  const openGate = useCallback(() => setGate('open'), []);
  const viewsToastShown = useRef(false);
  useEffect(() => {
    if (!gateOpen || vip || !info || !choices.source || viewsToastShown.current) return;
    viewsToastShown.current = true;
    Toast.show({ content: t('play_views_left', { used, total }), duration: VIEWS_TOAST_MS });
  }, [gateOpen, vip, info, choices.source, t, used, total]);

  async function showViewsExhausted() {
    const action = await new Promise<string>((resolve) => {
      let handler: DialogShowHandler | undefined;
      void showDialog({
        title: t('views_out_title'),
        content: t('views_out_content'),
        closeOnMaskClick: true,
        onClose: () => resolve('close'),
        actions: [
          { key: 'upgrade', text: t('views_out_method1'), bold: true },
          { key: 'share', text: t('views_out_method2') },
          { key: 'close', text: t('close') },
        ],
        onAction: (chosen) => {
          resolve(String(chosen.key));
          void handler?.close();
        },
      }).then((shown) => (handler = shown));
    });
    if (action === 'upgrade') upgrade(upgradeSource('views'));
    else if (action === 'share') navigate('/member/share');
    else {
      const invite = await showConfirm({
        title: t('invite_prompt_title'),
        content: t('invite_prompt_content'),
        confirmText: t('invite_prompt_go'),
        cancelText: t('not_now'),
      });
      if (invite) navigate('/member/share');
    }
  }

  const onTrouble = useCallback(
    (trouble: SourceTrouble) => {
      if (trouble === 'line-failed' && choices.lineFailed()) return;
      // An expired or refused source (or no other line): ask video info for fresh sources.
      const now = Date.now();
      refreshes.current = refreshes.current.filter((at) => now - at < REFRESH_WINDOW_MS);
      if (refreshes.current.length >= MAX_SOURCE_REFRESHES) return;
      refreshes.current.push(now);
      window.setTimeout(() => void loadInfo(), trouble === 'line-failed' ? LINE_RETRY_MS : 0);
    },
    [choices, loadInfo],
  );

  function choose(kind: ChoiceKind, value: string) {
    const refused: Choice | null = choices.choose(kind, value);
    if (!refused) return;
    setPanel(null);
    void askUpgrade(upgradeSource(refused.kind));
  }

  async function toggleLike() {
    if (!info) return;
    try {
      const next = await toggleVideoLike(avkey, info.video_type, liked);
      if (next === null) return;
      setLiked(next);
      if (next) void tellFavouriteSaved(appInfo, userInfo, navigate);
      else Toast.show({ content: t('collect_removed') });
    } catch {
      Toast.show({ content: t('network_error') });
    }
  }

  async function share() {
    const copied = await copyText(`${window.location.origin}${location.pathname}`);
    Toast.show({ content: t(copied ? 'play_link_copied' : 'copy_failed'), duration: COPY_CONFIRMATION_MS });
  }

  function openDownload() {
    // Saved videos live in the installed app's storage; a browser tab's may be cleared at any time.
    if (!isStandalone())
      void showAlert({ title: t('download_notice_title'), content: t('download_notice_content') });
    else if (!vip) void askUpgrade(upgradeSource('download'), t('download_vip_only'));
    else setDownloadOpen(true);
  }

  const offline = loaded.kind === 'offline' ? loaded.saved : undefined;
  const title = info?.video_title ?? offline?.video_title ?? '';
  const portrait = (info?.video_type ?? offline?.video_type ?? routeType) !== 'long';
  // Short videos have a portrait picture (thumb) for their portrait box.
  const poster = (portrait ? info?.thumb : info?.cover) ?? offline?.cover ?? '';
  const ads = startup.adPosters[routeType === 'long' ? 'long' : (info?.video_type ?? 'short')] ?? [];

  return (
    <div className="play-page">
      <div className="play-page__player">
        <Player
          videoId={avkey}
          portrait={portrait}
          poster={poster}
          source={loaded.kind === 'offline' ? loaded.source : choices.source}
          locked={locked}
          vip={vip || loaded.kind === 'offline'}
          gateOpen={gateOpen}
          durationHint={info?.video_duration ?? offline?.video_duration ?? 0}
          rate={choices.rate}
          labels={choices.labels}
          onOpenChoices={openChoices}
          vipMarks={choices.vipMarks}
          onTrouble={onTrouble}
          onUpgrade={upgrade}
          onBack={goBack}
          onFirstPlaying={onFirstPlaying}
          corner={
            !vip && info && total !== UNLIMITED_VIEWS ? (
              <span className="play-page__views" data-testid="views-overlay">
                {t('play_views_left', { used, total })}
              </span>
            ) : undefined
          }
        >
          {gate === 'ad' && (
            <PlayerGate
              image={appInfo.ad.player_image}
              link={appInfo.ad.player_link}
              seconds={appInfo.ad.player_countdown > 0 ? appInfo.ad.player_countdown : PLAYER_AD_COUNTDOWN_S}
              views={{ used, total }}
              onUpgrade={() => upgrade(upgradeSource('views'))}
              onDone={openGate}
            />
          )}
        </Player>
      </div>

      <main className="play-page__body">
        {loaded.kind === 'error' ? (
          <div className="play-page__error" data-testid="play-error">
            <p>{loaded.message}</p>
            <button type="button" className="play-page__retry" onClick={() => void loadInfo()}>
              {t('retry')}
            </button>
          </div>
        ) : loaded.kind === 'loading' ? (
          <div className="play-page__skeleton" aria-hidden="true">
            <span />
            <span />
          </div>
        ) : (
          <>
            <h1 className="play-page__title" data-testid="play-title">
              {title}
            </h1>
            {info && (
              <p className="play-page__meta">
                <span>{t('play_views', { views: formatPlayCount(info.views, t('wan')) })}</span>
                <span>{t('play_upload_date', { date: formatDate(info.upload_date) })}</span>
              </p>
            )}
            {offline && <p className="play-page__meta">{t('play_offline_copy')}</p>}

            {info && (
              <div className="play-actions">
                <button
                  type="button"
                  className={`play-actions__item ${liked ? 'is-active' : ''}`}
                  aria-pressed={liked}
                  data-testid="collect-toggle"
                  onClick={() => void toggleLike()}
                >
                  {liked ? <HeartFill /> : <HeartOutline />}
                  <span>{t(liked ? 'collect_added' : 'collect_add')}</span>
                </button>
                <button type="button" className="play-actions__item" onClick={() => void share()}>
                  <SendOutline />
                  <span>{t('share')}</span>
                </button>
                <button type="button" className="play-actions__item" onClick={openDownload}>
                  <DownlandOutline />
                  <span>{t('play_download')}</span>
                </button>
                <button type="button" className="play-actions__item" onClick={() => setReportOpen(true)}>
                  <ExclamationCircleOutline />
                  <span>{t('play_report')}</span>
                </button>
              </div>
            )}

            {info && (
              <div className="play-switches">
                {(['line', 'quality', 'rate'] as const).map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className="play-switches__item"
                    data-testid={`switch-${kind}`}
                    onClick={() => openChoices(kind)}
                  >
                    <span className="play-switches__name">{t(`play_${kind}`)}</span>
                    <span className="play-switches__value">{choices.labels[kind]}</span>
                    {choices.vipMarks.includes(kind) && <span className="play-switches__vip">VIP</span>}
                  </button>
                ))}
              </div>
            )}

            {ads.length > 0 && (
              // The play-ad slide (part 2 §2.5): one ad a screen, moving on by itself every 4000 ms.
              <Swiper
                className="play-ads"
                data-testid="play-ads"
                autoplay={ads.length > 1}
                autoplayInterval={SLIDE_AUTOPLAY_MS}
                loop={ads.length > 1}
                indicator={ads.length > 1 ? undefined : () => null}
              >
                {ads.map((ad) => (
                  <Swiper.Item key={`${ad.ad_img_url}-${ad.ad_title}`}>
                    <button
                      type="button"
                      className="play-ads__item"
                      aria-label={ad.ad_title || t('ad')}
                      onClick={() => tapAd({ link: ad.ad_link_url, image: ad.ad_img_url, id: ad.ad_id })}
                    >
                      <EncryptedImage src={ad.ad_img_url} alt={ad.ad_title} aspectRatio="75 / 32" rounded />
                    </button>
                  </Swiper.Item>
                ))}
              </Swiper>
            )}

            <ActorList actors={actors} />
            {info && <InfoPanel video={info} />}
            {info && extrasReady && <RelatedVideos avkey={avkey} type={info.video_type} />}
          </>
        )}
      </main>

      {/* The sheets set up (gestures, animations) once the picture moves, or when opened before: the
          tap that opens the page does not wait for them. */}
      {(extrasReady || panel !== null || reportOpen || downloadOpen) && (
        <>
          <ChoicePanel
            kind={panel}
            options={panel ? choices.options[panel] : []}
            value={panel ? choices.values[panel] : ''}
            onChoose={choose}
            onClose={() => setPanel(null)}
          />
          <ReportDialog
            avkey={avkey}
            visible={reportOpen}
            streamHost={choices.lineUrl}
            onClose={() => setReportOpen(false)}
          />
          {vip && (
            <DownloadDialog
              visible={downloadOpen}
              onClose={() => setDownloadOpen(false)}
              current={
                info && choices.source
                  ? {
                      meta: {
                        video_id: info.video_id,
                        video_type: info.video_type,
                        video_title: info.video_title,
                        cover: poster,
                        video_duration: info.video_duration,
                        pixel: choices.pixel,
                      },
                      playlistUrl: choices.source,
                    }
                  : null
              }
            />
          )}
        </>
      )}
    </div>
  );
}
