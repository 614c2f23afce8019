import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { checkPassword as checkPasswordRule } from '@app/contract/account-rules';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { checkPassword } from '../api/accounts-api.ts';
import { boundAccount } from '../account-forms.ts';
import {
  AccountFields,
  AccountForm,
  AccountLayout,
  AccountLinks,
  SubmitButton,
} from '../components/AccountLayout.tsx';
import { PasswordField } from '../components/fields.tsx';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { showFailure, showInputProblem } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';

/** What /member/changebind is told when it was reached through this page. */
export interface PasswordCheckedState {
  passwordChecked: true;
}

/**
 * Account verification (`/member/confirm`, spec part 1 §2 "Change bind: step 1"): the current
 * password (`POST /v1/user/checkpwd`, 404 → its message or error_content5), with a link to forgot;
 * then on to the new mail or phone at /member/changebind, whose back returns here.
 */
export default function ConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useStartupData();
  const [values, set] = useAccountForm();
  const [busy, run] = useBusy();
  const current = boundAccount(userInfo);

  const confirm = () => {
    const password = checkPasswordRule(values.password);
    if (!password.ok) return showInputProblem(password.messageKey);
    void run(async () => {
      const reply = await checkPassword(password.value);
      const outcome = outcomeOf('checkPassword', reply.status.code);
      if (!outcome.ok) return showFailure(outcome, reply);
      const state: PasswordCheckedState = { passwordChecked: true };
      void navigate('/member/changebind', { state });
    });
  };

  return (
    <AccountLayout
      title={t('route_confirm')}
      heading={t('route_confirm')}
      hint={current && t('auth_current_binding', { account: current })}
    >
      <Steps current={0} className="account__steps">
        <Steps.Step title={t('auth_step_password')} />
        <Steps.Step title={t('auth_step_new_account')} />
      </Steps>
      <p className="account__note">{t('auth_change_bind_step1')}</p>
      <AccountForm onSubmit={confirm}>
        <AccountFields>
          <PasswordField
            value={values.password}
            onChange={set('password')}
            placeholder={t('auth_current_password_placeholder')}
            autoComplete="current-password"
          />
        </AccountFields>
        <AccountLinks>
          <span />
          <Link to="/member/forget">{t('auth_forgot')}</Link>
        </AccountLinks>
        <SubmitButton busy={busy}>{t('next')}</SubmitButton>
      </AccountForm>
    </AccountLayout>
  );
}
