import { formatDate } from '@app/contract/rules';
import { Toast } from '../../../app/toast.ts';
import { LoopOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { refreshMember } from '../api/checkin-api.ts';
import { maskedAccount } from '../member-rules.ts';
import { MemberAvatar } from './MemberAvatar.tsx';

/** Avatar, who this is (ID, bound address), VIP expiry and the refresh button. */
export function MemberHeader() {
  const { t } = useTranslation();
  const { userInfo } = useStartupData();
  const [refreshing, setRefreshing] = useState(false);
  const account = maskedAccount(userInfo);

  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    const done = await refreshMember();
    setRefreshing(false);
    Toast.show({ content: t(done ? 'refresh_success' : 'refresh_fail') });
  };

  return (
    <header className="member-header">
      <MemberAvatar vip={userInfo.vip} />
      <div className="member-header__who">
        <div className="member-header__name">
          {account || t('member_guest')}
          {userInfo.vip && <span className="member-tag member-tag--vip">{t('vip')}</span>}
        </div>
        <div className="member-header__line">{t('member_id', { id: userInfo.user_id })}</div>
        <div className="member-header__line" data-testid="member-expiry">
          {userInfo.vip && userInfo.expiry > 0
            ? t('member_vip_expiry', { date: formatDate(userInfo.expiry) })
            : t('member_not_vip')}
        </div>
      </div>
      <button
        type="button"
        className={
          refreshing ? 'member-header__refresh member-header__refresh--busy' : 'member-header__refresh'
        }
        aria-label={t('refresh')}
        onClick={() => void refresh()}
      >
        <LoopOutline />
      </button>
    </header>
  );
}
