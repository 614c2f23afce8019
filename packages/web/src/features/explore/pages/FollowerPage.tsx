import type { FollowedUser, VideoType } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { Button, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NetworkError } from '../../../app/api/client.ts';
import { reloadUserInfo } from '../../../app/session.ts';
import { showAlert, showConfirm, showToast } from '../../../app/shell/notices.ts';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { EncryptedImage } from '../../../components/encrypted-image/index.ts';
import { PagedList } from '../../../components/paged-list/index.ts';
import { VideoCard } from '../../../components/video-card/index.ts';
import { FollowButton } from '../components/FollowButton.tsx';
import { importCreator, loadCreator, loadCreatorVideos } from '../explore-api.ts';
import '../explore.css';
import { NavBar } from '../../../components/nav-bar/NavBar.tsx';

const TYPES: VideoType[] = ['long', 'short', 'original'];

type ImportState = 'idle' | 'loading' | 'imported';

/**
 * A creator's page (follower, part 2 §2.3): profile, follow, their videos by type (initial tab
 * from `?type=`) and, when the import switch is on, the import of the open tab's videos into the
 * favourites — VIP only; a non-VIP is offered VIP.
 */
export default function FollowerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { userid = '' } = useParams();
  const [query] = useSearchParams();
  const { appInfo, userInfo } = useStartupData();
  const [tab, setTab] = useState<VideoType>(TYPES.find((type) => type === query.get('type')) ?? 'long');
  const [user, setUser] = useState<FollowedUser | 'failed'>();
  const [followers, setFollowers] = useState(0);
  const [importState, setImportState] = useState<ImportState>('idle');
  // Read the videos again after an import: their hearts now show them in the favourites.
  const [imports, setImports] = useState(0);

  useEffect(() => {
    let current = true;
    loadCreator(userid).then(
      (loaded) => {
        if (!current) return;
        setUser(loaded);
        setFollowers(loaded.user_followers);
      },
      () => current && setUser('failed'),
    );
    return () => {
      current = false;
    };
  }, [userid]);

  const load = useCallback(
    (page: number) => loadCreatorVideos(userid, tab, page),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new import reloads the list
    [userid, tab, imports],
  );

  const askUpgrade = async () => {
    const upgrade = await showConfirm({
      content: t('import_vip_only'),
      confirmText: t('go_upgrade'),
      cancelText: t('cancel'),
    });
    if (upgrade) navigate('/member/payment?source=follower');
  };

  const startImport = async () => {
    if (importState === 'loading') return;
    if (!userInfo.vip) return askUpgrade();
    setImportState('loading');
    try {
      const reply = await importCreator(userid, tab);
      if (reply.status.code === Status.ok) {
        setImportState('imported');
        setImports((count) => count + 1);
        void showToast({ content: t('import_done') });
        return;
      }
      setImportState('idle');
      if (reply.status.message === 'vip_required') {
        // The VIP ran out since the app read it: the account as it is now, and the way to VIP.
        void reloadUserInfo().catch(() => undefined);
        return askUpgrade();
      }
      void showAlert({
        content: t(reply.status.code === Status.refused ? reply.status.message : 'import_failed', {
          defaultValue: t('import_failed'),
        }),
        confirmText: t('ok'),
      });
    } catch (error) {
      setImportState('idle');
      if (!(error instanceof NetworkError)) throw error;
      void showAlert({ content: t('import_failed'), confirmText: t('ok') });
    }
  };

  return (
    <div className="follower-page">
      <NavBar onBack={goBack}>{typeof user === 'object' ? user.user_name : t('route_follower')}</NavBar>
      {typeof user === 'object' && (
        <header className="follower-page__profile" data-testid="creator-profile">
          <EncryptedImage
            className="follower-page__avatar"
            src={user.user_img}
            alt={user.user_name}
            aspectRatio="1 / 1"
          />
          <div className="follower-page__text">
            <strong>{user.user_name}</strong>
            <span>{t('followers_count', { count: followers })}</span>
            {user.tags.length > 0 && <span>{user.tags.join(' · ')}</span>}
          </div>
          <FollowButton user={user} onFollowers={setFollowers} />
        </header>
      )}
      {user === 'failed' && <p className="follower-page__failed">{t('load_failed')}</p>}
      <Tabs activeKey={tab} onChange={(key) => setTab(key as VideoType)}>
        {TYPES.map((type) => (
          <Tabs.Tab key={type} title={t(`type_${type}`)} />
        ))}
      </Tabs>
      <PagedList
        load={load}
        emptyText={t('empty_videos')}
        render={(videos) => (
          <div className={tab === 'long' ? 'explore-grid' : 'explore-grid explore-grid--portrait'}>
            {videos.map((video) => (
              <VideoCard key={video.video_id} video={video} likeable />
            ))}
          </div>
        )}
      />
      {appInfo.follower_import_switch && (
        <Button
          className="follower-page__import"
          color="primary"
          shape="rounded"
          loading={importState === 'loading'}
          disabled={importState === 'imported'}
          data-testid="import-button"
          onClick={() => void startImport()}
        >
          {importState === 'imported'
            ? t('import_done')
            : importState === 'loading'
              ? t('import_loading')
              : t('follower_import')}
        </Button>
      )}
    </div>
  );
}
