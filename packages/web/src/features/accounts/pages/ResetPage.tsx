import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { resetPassword } from '../api/accounts-api.ts';
import { channelOf, checkReset } from '../account-forms.ts';
import { AccountFields, AccountForm, AccountLayout, SubmitButton } from '../components/AccountLayout.tsx';
import { NewPasswordFields } from '../components/fields.tsx';
import { readResetState, type SignInState } from '../forget-flow.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { showFailure, showInputProblem, showSuccess } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';

/** Forgot password, step 3: the new password twice; then sign-in with the account filled in. */
export default function ResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const step = readResetState(useLocation().state);
  const [values, set] = useAccountForm();
  const [busy, run] = useBusy();

  if (!step) return <Navigate to="/member/forget" replace />;
  const { account, code } = step;

  const submit = () => {
    const checked = checkReset(values.password, values.passwordCheck);
    if (!checked.ok) return showInputProblem(checked.messageKey);
    void run(async () => {
      const reply = await resetPassword(account, code, checked.value);
      const outcome = outcomeOf('reset', reply.status.code);
      if (!outcome.ok) return showFailure(outcome, reply);
      await showSuccess('reset_success');
      const state: SignInState = { account };
      navigate(`/member/signin${channelOf(account) === 'mail' ? '?type=mail' : ''}`, {
        replace: true,
        state,
      });
    });
  };

  return (
    <AccountLayout title={t('route_reset')} heading={t('auth_reset_title')} hint={t('auth_reset_hint')}>
      <AccountForm onSubmit={submit}>
        <AccountFields>
          <NewPasswordFields
            password={values.password}
            passwordCheck={values.passwordCheck}
            onPassword={set('password')}
            onPasswordCheck={set('passwordCheck')}
            placeholder={t('auth_new_password_placeholder')}
          />
        </AccountFields>
        <SubmitButton busy={busy}>{t('auth_reset_button')}</SubmitButton>
      </AccountForm>
    </AccountLayout>
  );
}
