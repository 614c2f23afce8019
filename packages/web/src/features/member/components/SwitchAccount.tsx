import { Button } from 'antd-mobile';
import { showConfirm } from '../../../app/shell/notices.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { isBound } from '../member-rules.ts';

/**
 * Switch account (part 2 §4): after a confirmation, the sign-in page. The session and the
 * device's launch code stay until another account signs in, so cancelling there changes nothing.
 */
export function SwitchAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useStartupData();
  const ask = async () => {
    const confirmed = await showConfirm({
      title: t('member_switch_account'),
      content: t('member_switch_confirm'),
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (confirmed) navigate('/member/signin');
  };
  return (
    <Button block shape="rounded" fill="outline" className="member-switch" onClick={() => void ask()}>
      {t(isBound(userInfo) ? 'member_switch_account' : 'member_signin')}
    </Button>
  );
}
