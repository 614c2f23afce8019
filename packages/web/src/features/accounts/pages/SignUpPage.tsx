import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { takeSignupReturn } from '../../../app/shell/guards.tsx';
import { bindAccount } from '../api/accounts-api.ts';
import { checkIdentity, checkSignUp } from '../account-forms.ts';
import { currentPlatform, enterAccount } from '../../../app/session.ts';
import { useBindingChannel } from '../binding-channels.ts';
import {
  AccountFields,
  AccountForm,
  AccountLayout,
  AccountLinks,
  SubmitButton,
} from '../components/AccountLayout.tsx';
import { ChannelTabs } from '../components/ChannelTabs.tsx';
import { ChannelsClosed } from '../components/ChannelsClosed.tsx';
import { CodeField, NewPasswordFields } from '../components/fields.tsx';
import { IdentityFields } from '../components/IdentityFields.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { useSendCode } from '../hooks/use-send-code.ts';
import { showFailure, showInputProblem, showSuccess } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';

/**
 * Sign-up, that is binding the guest account to a mail or phone (spec part 1 §2). Tabs show only
 * when both channels are on; afterwards the app returns to the page that sent the user here.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { channels, channel, choose } = useBindingChannel();
  const [values, set] = useAccountForm();
  const [sending, runSend] = useBusy();
  const [busy, run] = useBusy();
  const sendCode = useSendCode('signUp');

  if (!channel) {
    return (
      <AccountLayout title={t('route_signup')}>
        <ChannelsClosed />
      </AccountLayout>
    );
  }

  const send = () => {
    const identity = checkIdentity(channel, values);
    if (!identity.ok) return showInputProblem(identity.messageKey);
    void runSend(async () => void (await sendCode(channel, identity.value)));
  };

  const submit = () => {
    const checked = checkSignUp(channel, values);
    if (!checked.ok) return showInputProblem(checked.messageKey);
    const { code, password, ...identity } = checked.value;
    void run(async () => {
      const reply = await bindAccount(identity, code, password, currentPlatform());
      const outcome = outcomeOf('signUp', reply.status.code);
      if (!outcome.ok) return showFailure(outcome, reply);
      await enterAccount(reply.response?.token);
      await showSuccess('bind_success');
      navigate(takeSignupReturn() ?? '/member', { replace: true });
    });
  };

  return (
    <AccountLayout
      title={t('route_signup')}
      heading={t('route_signup')}
      hint={
        <>
          {t('auth_signup_hint')}
          <span className="account__gift">
            <GiftOutline /> {t('bind_gift')}
          </span>
        </>
      }
    >
      <ChannelTabs
        channels={channels}
        active={channel}
        onChange={choose}
        titles={{ mail: 'auth_tab_mail_bind', phone: 'auth_tab_phone_bind' }}
      />
      <AccountForm onSubmit={submit}>
        <AccountFields>
          <IdentityFields channel={channel} values={values} set={set} />
          <CodeField
            value={values.verifyCode}
            onChange={set('verifyCode')}
            placeholder={t('auth_code_placeholder')}
            sendButton={<SendCodeButton action="signUp" channel={channel} busy={sending} onSend={send} />}
          />
          <NewPasswordFields
            password={values.password}
            passwordCheck={values.passwordCheck}
            onPassword={set('password')}
            onPasswordCheck={set('passwordCheck')}
            placeholder={t('auth_password_placeholder')}
          />
        </AccountFields>
        <SubmitButton busy={busy}>{t('auth_signup_button')}</SubmitButton>
        <AccountLinks centered>
          <span>{t('auth_have_account')}</span>
          <Link to="/member/signin" replace>
            {t('auth_go_signin')}
          </Link>
        </AccountLinks>
      </AccountForm>
    </AccountLayout>
  );
}
