import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../app/api/client.ts';
import type { ToggleResult } from '../../app/likes.ts';
import { tellFavouriteSaved } from '../../app/favourite-notice.ts';
import { showToast } from '../../app/shell/notices.ts';
import { useStartupData } from '../../app/startup/startup-store.ts';
import { useNavigate } from 'react-router';
import './like-button.css';

interface Props {
  liked: boolean;
  /** Sends the like or the unlike; the store applies it on a 200 only. */
  onToggle: () => Promise<ToggleResult>;
  /** Told after a toggle the server accepted (the collect page drops what was unliked). */
  onChanged?: (liked: boolean) => void;
  className?: string;
  /** What is liked, when the page has another 收藏 button (the play page's own): named apart. */
  what?: string;
}

/** The heart on cards and actor items: one call at a time; a refusal is shown and changes nothing. */
export function LikeButton({ liked, onToggle, onChanged, className, what }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { appInfo, userInfo } = useStartupData();
  const navigate = useNavigate();
  const press = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await onToggle();
      if (result.applied) {
        onChanged?.(result.liked);
        if (result.liked) void tellFavouriteSaved(appInfo, userInfo, navigate);
        else void showToast({ content: t('collect_removed') });
      } else {
        void showToast({ content: t(result.envelope.status.message, { defaultValue: t('network_error') }) });
      }
    } catch (error) {
      if (error instanceof NetworkError) void showToast({ content: t('network_error') });
      else throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`like-button${liked ? ' like-button--liked' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={liked}
      aria-label={`${t(liked ? 'collect_added' : 'collect_add')}${what ? ` ${what}` : ''}`}
      data-testid="like-button"
      disabled={busy}
      onClick={(event) => {
        // The heart sits on a card that is itself a link.
        event.preventDefault();
        event.stopPropagation();
        void press();
      }}
    >
      {liked ? <HeartFill aria-hidden /> : <HeartOutline aria-hidden />}
    </button>
  );
}
