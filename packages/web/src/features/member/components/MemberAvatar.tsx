import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** The VIP or normal avatar of both member layouts. */
export function MemberAvatar({ vip }: { vip: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={vip ? 'member-avatar member-avatar--vip' : 'member-avatar'} data-testid="member-avatar">
      <UserOutline aria-hidden />
      {vip && <span className="member-avatar__badge">{t('vip')}</span>}
    </div>
  );
}
