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
  const bound = isBound(userInfo);
  const ask = async () => {
    // Only a guest can lose the account: a bound member signs in again with its phone or mail.
    const confirmed = await showConfirm({
      title: t(bound ? 'member_switch_account' : 'member_signin'),
      content: t(bound ? 'member_switch_confirm_bound' : 'member_switch_confirm'),
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (confirmed) navigate('/member/signin');
  };
  return (
    <Button block shape="rounded" fill="outline" className="member-switch" onClick={() => void ask()}>
      {t(bound ? 'member_switch_account' : 'member_signin')}
    </Button>
  );
}
