import { useCloseOnBack } from '../../../app/back-closes.ts';
import { Button, Popup, ProgressBar, SwipeAction } from 'antd-mobile';
import { Toast } from '../../../app/toast.ts';
import { DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClock } from '../player-rules.ts';
import { deleteSaved, listSaved, saveVideo, type SavedVideo } from '../offline/offline-store.ts';

interface Props {
  visible: boolean;
  onClose: () => void;
  /** What a save stores: the video's details and the playlist of the quality playing now. */
  current: { meta: Omit<SavedVideo, 'saved_at'>; playlistUrl: string } | null;
}

const playPath = (video: Pick<SavedVideo, 'video_type' | 'video_id'>) =>
  `/${video.video_type === 'long' ? 'long' : 'short'}/play/${encodeURIComponent(video.video_id)}`;

/** The VIP offline cache (DECISIONS): save the current quality, see progress, delete saved videos. */
export function DownloadDialog({ visible, onClose, current }: Props) {
  useCloseOnBack(visible, onClose);
  const { t } = useTranslation();
  const [saved, setSaved] = useState<SavedVideo[]>([]);
  const [progress, setProgress] = useState<number | null>(null);

  const reload = () =>
    void listSaved()
      .then(setSaved)
      .catch(() => setSaved([]));
  useEffect(() => {
    if (visible) reload();
  }, [visible]);

  const isSaved = current ? saved.some((video) => video.video_id === current.meta.video_id) : false;

  async function save() {
    if (!current) return;
    setProgress(0);
    try {
      await saveVideo(current.meta, current.playlistUrl, setProgress);
      Toast.show({ content: t('download_saved') });
    } catch {
      Toast.show({ content: t('download_failed') });
    } finally {
      setProgress(null);
      reload();
    }
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
      <div className="sheet__body" data-testid="download-dialog">
        <h3 className="sheet__title">{t('download_title')}</h3>
        {current && (
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={progress !== null || isSaved}
            onClick={() => void save()}
          >
            {isSaved
              ? t('download_done_label')
              : progress !== null
                ? t('download_saving')
                : t('download_current', { quality: `${current.meta.pixel}P` })}
          </Button>
        )}
        {progress !== null && (
          <ProgressBar
            className="sheet__progress"
            percent={Math.round(progress * 100)}
            text
            data-testid="download-progress"
          />
        )}
        <h4 className="sheet__subtitle">{t('download_list')}</h4>
        {saved.length === 0 ? (
          <p className="sheet__empty">{t('empty_downloads')}</p>
        ) : (
          <ul className="saved-list" data-testid="saved-list">
            {saved.map((video) => (
              <li key={video.video_id}>
                <SwipeAction
                  rightActions={[
                    {
                      key: 'delete',
                      text: t('delete'),
                      color: 'danger',
                      onClick: () => void deleteSaved(video.video_id).then(reload),
                    },
                  ]}
                >
                  <div className="saved-list__item">
                    <Link to={playPath(video)} className="saved-list__title" onClick={onClose}>
                      {video.video_title}
                    </Link>
                    <span className="saved-list__meta">
                      {video.pixel}P · {formatClock(video.video_duration)}
                    </span>
                    <button
                      type="button"
                      className="saved-list__delete"
                      aria-label={t('delete')}
                      onClick={() => void deleteSaved(video.video_id).then(reload)}
                    >
                      <DeleteOutline />
                    </button>
                  </div>
                </SwipeAction>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Popup>
  );
}
