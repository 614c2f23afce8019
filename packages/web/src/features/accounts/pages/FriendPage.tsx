import { Toast } from '../../../app/toast.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { enterInviteCode } from '../api/accounts-api.ts';
import { checkFriendCode } from '../account-forms.ts';
import { reloadUserInfo } from '../../../app/session.ts';
import { AccountFields, AccountForm, AccountLayout, SubmitButton } from '../components/AccountLayout.tsx';
import { InviteCodeField } from '../components/fields.tsx';
import { canEnterInviteCode } from '../friend-entry.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { showFailure, showInputProblem, showSuccess } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';

/**
 * Friend (spec part 1 §2, §8): the invite code of the friend who brought the user, with a hint
 * naming the share days the friend earns. Promoters, and everyone while share days is 0, get no
 * entry on the member page; opened directly, the page says it is not available.
 */
export default function FriendPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appInfo, userInfo } = useStartupData();
  const [code, setCode] = useState('');
  const [busy, run] = useBusy();

  const submit = () => {
    const checked = checkFriendCode(code);
    if (!checked.ok) return showInputProblem(checked.messageKey);
    void run(async () => {
      const reply = await enterInviteCode(checked.value);
      const outcome = outcomeOf('invite', reply.status.code);
      if (!outcome.ok) return showFailure(outcome, reply);
      await reloadUserInfo().catch(() => Toast.show({ content: t('refresh_fail') }));
      await showSuccess('invite_success');
      navigate('/member', { replace: true });
    });
  };

  const open = canEnterInviteCode(userInfo, appInfo);
  return (
    <AccountLayout
      title={t('route_friend')}
      heading={t('friend_label')}
      hint={open ? t('friend_hint', { days: appInfo.share.days }) : undefined}
    >
      {open ? (
        <AccountForm onSubmit={submit}>
          <AccountFields>
            <InviteCodeField value={code} onChange={setCode} placeholder={t('friend_placeholder')} />
          </AccountFields>
          <SubmitButton busy={busy}>{t('friend_confirm')}</SubmitButton>
        </AccountForm>
      ) : (
        <p className="account__note">{t('friend_unavailable')}</p>
      )}
    </AccountLayout>
  );
}
