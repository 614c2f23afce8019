import { Steps } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { PasswordCheckedState } from './ConfirmPage.tsx';
import { checkPassword as checkPasswordRule } from '@app/contract/account-rules';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import { changeBind, checkPassword } from '../api/accounts-api.ts';
import { boundAccount, checkChangeBind, checkIdentity } from '../account-forms.ts';
import { reloadUserInfo } from '../../../app/session.ts';
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
import { CodeField, PasswordField } from '../components/fields.tsx';
import { IdentityFields } from '../components/IdentityFields.tsx';
import { SendCodeButton } from '../components/SendCodeButton.tsx';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { useGoBack } from '../../../app/shell/use-go-back.ts';
import { useSendCode } from '../hooks/use-send-code.ts';
import { showFailure, showInputProblem, showSuccess } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';

/**
 * Change of binding (spec part 1 §2, §4): the current password first, then the new mail or phone
 * with its code. Back from step 2 returns to step 1 (to /member/confirm when it came from there).
 */
export default function ChangeBindPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { userInfo } = useStartupData();
  const { channels, channel, choose } = useBindingChannel();
  // Reached from /member/confirm the password is checked already: straight to the new account.
  const fromConfirm = (useLocation().state as PasswordCheckedState | null)?.passwordChecked === true;
  const [step, setStep] = useState<1 | 2>(fromConfirm ? 2 : 1);
  const [values, set] = useAccountForm();
  const [sending, runSend] = useBusy();
  const [busy, run] = useBusy();
  // The password check is valid for a few minutes only: an expired one starts over at step 1.
  const startOver = (message: string) => message === 'password_check_required' && setStep(1);
  const sendCode = useSendCode('changeBind', startOver);
  const current = boundAccount(userInfo);

  const checkCurrent = () => {
    const password = checkPasswordRule(values.password);
    if (!password.ok) return showInputProblem(password.messageKey);
    void run(async () => {
      const reply = await checkPassword(password.value);
      const outcome = outcomeOf('checkPassword', reply.status.code);
      if (!outcome.ok) return showFailure(outcome, reply);
      setStep(2);
    });
  };

  const send = () => {
    if (!channel) return;
    const identity = checkIdentity(channel, values);
    if (!identity.ok) return showInputProblem(identity.messageKey);
    void runSend(async () => void (await sendCode(channel, identity.value)));
  };

  const submit = () => {
    if (!channel) return;
    const checked = checkChangeBind(channel, values);
    if (!checked.ok) return showInputProblem(checked.messageKey);
    const { code, ...identity } = checked.value;
    void run(async () => {
      const reply = await changeBind(identity, code);
      const outcome = outcomeOf('changeBind', reply.status.code);
      if (!outcome.ok) {
        await showFailure(outcome, reply);
        startOver(reply.status.message);
        return;
      }
      // The same account with a new address: its session and favourites stay. The change is
      // done either way; a failed reload only leaves the old address on screen until the next.
      await reloadUserInfo().catch(() => undefined);
      await showSuccess('change_bind_success');
      goBack();
    });
  };

  const progress = (
    <Steps current={step - 1} className="account__steps">
      <Steps.Step title={t('auth_step_password')} />
      <Steps.Step title={t('auth_step_new_account')} />
    </Steps>
  );

  if (step === 1) {
    return (
      <AccountLayout
        title={t('route_changebind')}
        heading={t('route_changebind')}
        hint={current && t('auth_current_binding', { account: current })}
      >
        {progress}
        <p className="account__note">{t('auth_change_bind_step1')}</p>
        <AccountForm onSubmit={checkCurrent}>
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

  return (
    <AccountLayout
      title={t('route_changebind')}
      heading={t('route_changebind')}
      hint={current && t('auth_current_binding', { account: current })}
      onBack={fromConfirm ? undefined : () => setStep(1)}
    >
      {progress}
      {!channel ? (
        <ChannelsClosed />
      ) : (
        <>
          <ChannelTabs
            channels={channels}
            active={channel}
            onChange={choose}
            titles={{ mail: 'auth_tab_mail_bind', phone: 'auth_tab_phone_bind' }}
          />
          <p className="account__note">{t('auth_change_bind_step2')}</p>
          <AccountForm onSubmit={submit}>
            <AccountFields>
              <IdentityFields channel={channel} values={values} set={set} fresh />
              <CodeField
                value={values.verifyCode}
                onChange={set('verifyCode')}
                placeholder={t('auth_code_placeholder')}
                sendButton={
                  <SendCodeButton action="changeBind" channel={channel} busy={sending} onSend={send} />
                }
              />
            </AccountFields>
            <SubmitButton busy={busy}>{t('auth_change_bind_button')}</SubmitButton>
          </AccountForm>
        </>
      )}
    </AccountLayout>
  );
}
