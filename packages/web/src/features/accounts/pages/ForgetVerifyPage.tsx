import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { checkResetCode } from '../api/accounts-api.ts';
import { channelOf, displayIdentity } from '../account-forms.ts';
import { checkVerifyCode } from '@app/contract/account-rules';
import { AccountFields, AccountForm, AccountLayout, SubmitButton } from '../components/AccountLayout.tsx';
import { CodeField } from '../components/fields.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { readForgetVerifyState, type ResetState } from '../forget-flow.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { useSendCode } from '../hooks/use-send-code.ts';
import { showFailure, showInputProblem } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';

/**
 * Forgot password, step 2: the code proves the account is the user's. The reset call without a
 * new password only checks the code, so a wrong one is caught here, before a password is chosen.
 */
export default function ForgetVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const step = readForgetVerifyState(useLocation().state);
  const [values, set] = useAccountForm();
  const [sending, runSend] = useBusy();
  const [busy, run] = useBusy();
  const sendCode = useSendCode('forget');

  // Opened without step 1 (a bookmark): start the flow from the beginning.
  if (!step) return <Navigate to="/member/forget" replace />;
  const { account } = step;
  const channel = channelOf(account);

  const resend = () => void runSend(async () => void (await sendCode(channel, account)));

  const submit = () => {
    const code = checkVerifyCode(values.verifyCode);
    if (!code.ok) return showInputProblem(code.messageKey);
    void run(async () => {
      const reply = await checkResetCode(account, code.value);
      const outcome = outcomeOf('resetCheck', reply.status.code);
      if (!outcome.ok) return showFailure(outcome, reply);
      const state: ResetState = { account, code: code.value };
      navigate('/member/reset', { state });
    });
  };

  return (
    <AccountLayout
      title={t('route_forgetVerify')}
      heading={t('auth_verify_title')}
      hint={t('auth_code_sent_to', { account: displayIdentity(account) })}
    >
      <AccountForm onSubmit={submit}>
        <AccountFields>
          <CodeField
            value={values.verifyCode}
            onChange={set('verifyCode')}
            placeholder={t('auth_code_placeholder')}
            sendButton={<SendCodeButton action="forget" channel={channel} busy={sending} onSend={resend} />}
          />
        </AccountFields>
        <SubmitButton busy={busy}>{t('auth_verify_button')}</SubmitButton>
      </AccountForm>
    </AccountLayout>
  );
}
