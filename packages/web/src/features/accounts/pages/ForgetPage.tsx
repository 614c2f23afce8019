import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { checkIdentity } from '../account-forms.ts';
import { useBindingChannel } from '../binding-channels.ts';
import { AccountFields, AccountForm, AccountLayout, AccountLinks } from '../components/AccountLayout.tsx';
import { ChannelTabs } from '../components/ChannelTabs.tsx';
import { ChannelsClosed } from '../components/ChannelsClosed.tsx';
import { IdentityFields } from '../components/IdentityFields.tsx';
import type { ForgetVerifyState } from '../forget-flow.ts';
import { useAccountForm } from '../hooks/use-account-form.ts';
import { useBusy } from '../hooks/use-busy.ts';
import { useSendCode } from '../hooks/use-send-code.ts';
import { showInputProblem } from '../notices.ts';
import { formatCountdown, useResendCountdown } from '../resend-countdown.ts';

/**
 * Forgot password, step 1 (spec part 1 §2, §4): the bound mail or phone gets a reset code, then
 * the verify-identity step asks for it. While the resend wait runs, a code already received can
 * still be used.
 */
export default function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { channels, channel, choose } = useBindingChannel(params.get('type') === 'mail' ? 'mail' : null);
  const [values, set] = useAccountForm();
  const [busy, run] = useBusy();
  const sendCode = useSendCode('forget');
  const seconds = useResendCountdown('forget', channel ?? 'mail');

  if (!channel) {
    return (
      <AccountLayout title={t('route_forget')}>
        <ChannelsClosed />
      </AccountLayout>
    );
  }

  const toVerify = (send: boolean) => {
    const identity = checkIdentity(channel, values);
    if (!identity.ok) return showInputProblem(identity.messageKey);
    const state: ForgetVerifyState = { account: identity.value };
    if (!send) return navigate('/member/forgetVerify', { state });
    void run(async () => {
      if (await sendCode(channel, identity.value)) navigate('/member/forgetVerify', { state });
    });
  };

  return (
    <AccountLayout title={t('route_forget')} heading={t('route_forget')} hint={t('auth_forget_hint')}>
      <ChannelTabs
        channels={channels}
        active={channel}
        onChange={choose}
        titles={{ mail: 'auth_tab_mail_forget', phone: 'auth_tab_phone_forget' }}
      />
      <AccountForm onSubmit={() => seconds === 0 && toVerify(true)}>
        <AccountFields>
          <IdentityFields channel={channel} values={values} set={set} />
        </AccountFields>
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={busy}
          disabled={seconds > 0}
          data-testid="send-code"
        >
          {seconds > 0 ? t('auth_resend_wait', { time: formatCountdown(seconds) }) : t('auth_send_code')}
        </Button>
        {seconds > 0 && (
          <AccountLinks centered>
            <button type="button" className="account__link-button" onClick={() => toVerify(false)}>
              {t('auth_have_code')}
            </button>
          </AccountLinks>
        )}
      </AccountForm>
    </AccountLayout>
  );
}
