import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { readSetting } from '../../../app/settings.ts';
import { signIn } from '../api/accounts-api.ts';
import { checkSignIn, formFromIdentity } from '../account-forms.ts';
import { readSignInState } from '../forget-flow.ts';
import { currentPlatform, enterAccount } from '../../../app/session.ts';
import {
  AccountFields,
  AccountForm,
  AccountLayout,
  AccountLinks,
  SubmitButton,
} from '../components/AccountLayout.tsx';
import { PasswordField } from '../components/fields.tsx';
import { IdentityFields } from '../components/IdentityFields.tsx';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import { showFailure, showInputProblem, showSuccess } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';

/**
 * Sign-in (spec part 1 §2): `?type=mail` signs in with mail and password, otherwise with country
 * code, phone number and password. Success moves the app to that account and goes back.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const location = useLocation();
  const [params] = useSearchParams();
  const channel = params.get('type') === 'mail' ? 'mail' : 'phone';
  const handedOver = readSignInState(location.state)?.account;
  const [values, set] = useAccountForm(handedOver ? formFromIdentity(handedOver) : {});
  const [busy, run] = useBusy();

  const submit = () => {
    const checked = checkSignIn(channel, values);
    if (!checked.ok) return showInputProblem(checked.messageKey);
    const { password, ...identity } = checked.value;
    void run(async () => {
      const reply = await signIn(identity, password, currentPlatform(), readSetting('launchCode'));
      const outcome = outcomeOf('signIn', reply.status.code);
      if (!outcome.ok) return showFailure(outcome, reply);
      await enterAccount(reply.response.token);
      await showSuccess('signin_success');
      // After a reset the pages behind are the finished forgot-password steps: go to the member page.
      if (handedOver) navigate('/member', { replace: true });
      else goBack();
    });
  };

  const other = channel === 'mail' ? 'phone' : 'mail';
  return (
    <AccountLayout
      title={t('route_signin')}
      heading={t(channel === 'mail' ? 'auth_signin_mail' : 'auth_signin_phone')}
      hint={t('auth_signin_hint')}
    >
      <AccountForm onSubmit={submit}>
        <AccountFields>
          <IdentityFields channel={channel} values={values} set={set} />
          <PasswordField
            value={values.password}
            onChange={set('password')}
            placeholder={t('auth_password_placeholder')}
            autoComplete="current-password"
          />
        </AccountFields>
        <AccountLinks>
          <Link to={`/member/signin${other === 'mail' ? '?type=mail' : ''}`} replace state={location.state}>
            {t(other === 'mail' ? 'auth_signin_mail' : 'auth_signin_phone')}
          </Link>
          <Link to={`/member/forget${channel === 'mail' ? '?type=mail' : ''}`}>{t('auth_forgot')}</Link>
        </AccountLinks>
        <SubmitButton busy={busy}>{t('auth_signin_button')}</SubmitButton>
      </AccountForm>
    </AccountLayout>
  );
}
