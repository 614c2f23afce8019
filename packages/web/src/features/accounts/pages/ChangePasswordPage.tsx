import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mintLaunchCode } from '../../../app/launch-code.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { changePassword } from '../api/accounts-api.ts';
import { checkChangePassword } from '../account-forms.ts';
import {
  AccountFields,
  AccountForm,
  AccountLayout,
  AccountLinks,
  SubmitButton,
} from '../components/AccountLayout.tsx';
import { NewPasswordFields, PasswordField } from '../components/fields.tsx';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import { showFailure, showInputProblem, showSuccess } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';

/** Change password (spec part 1 §2): old, new, confirmation, and a way out when the old one is lost. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { userInfo } = useStartupData();
  const [values, set] = useAccountForm();
  const [old, setOld] = useState('');
  const [busy, run] = useBusy();

  const submit = () => {
    const checked = checkChangePassword(old, values.password, values.passwordCheck);
    if (!checked.ok) return showInputProblem(checked.messageKey);
    void run(async () => {
      const reply = await changePassword({ account: userInfo.email || userInfo.phone, ...checked.value });
      const outcome = outcomeOf('changePassword', reply.status.code);
      if (!outcome.ok) return showFailure(outcome, reply);
      // The change revoked every launch code of the account, this session's too.
      await mintLaunchCode();
      await showSuccess('change_password_success');
      goBack();
    });
  };

  return (
    <AccountLayout
      title={t('route_change')}
      heading={t('route_change')}
      hint={t('auth_change_password_hint')}
    >
      <AccountForm onSubmit={submit}>
        <AccountFields>
          <PasswordField
            value={old}
            onChange={setOld}
            placeholder={t('auth_old_password_placeholder')}
            autoComplete="current-password"
          />
          <NewPasswordFields
            password={values.password}
            passwordCheck={values.passwordCheck}
            onPassword={set('password')}
            onPasswordCheck={set('passwordCheck')}
            placeholder={t('auth_new_password_placeholder')}
          />
        </AccountFields>
        <AccountLinks>
          <span />
          <Link to="/member/forget">{t('auth_forgot')}</Link>
        </AccountLinks>
        <SubmitButton busy={busy}>{t('auth_reset_button')}</SubmitButton>
      </AccountForm>
    </AccountLayout>
  );
}
