import type { FollowedUser } from '@app/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../../app/api/client.ts';
import { toggleFollow, useLiked } from '../../../app/likes.ts';
import { showToast } from '../../../app/shell/notices.ts';

/** Follow or unfollow a creator; applied on a 200 only, everywhere the creator appears. */
export function FollowButton({
  user,
  onFollowers,
}: {
  user: Pick<FollowedUser, 'user_id' | 'user_like'>;
  onFollowers?: (count: number) => void;
}) {
  const { t } = useTranslation();
  const following = useLiked('user', user.user_id, user.user_like);
  const [busy, setBusy] = useState(false);
  const press = async () => {
    setBusy(true);
    try {
      const result = await toggleFollow(user);
      if (result.applied) onFollowers?.(result.response.user_followers);
      else
        void showToast({ content: t(result.envelope.status.message, { defaultValue: t('network_error') }) });
    } catch (error) {
      if (error instanceof NetworkError) void showToast({ content: t('network_error') });
      else throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      shape="rounded"
      color="primary"
      fill={following ? 'outline' : 'solid'}
      loading={busy}
      data-testid="follow-button"
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void press();
      }}
    >
      {t(following ? 'following' : 'follow')}
    </Button>
  );
}
