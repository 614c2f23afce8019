import { useTranslation } from 'react-i18next';
import { formatCountdown, useResendCountdown, type Channel, type CodeAction } from '../resend-countdown.ts';

interface Props {
  action: CodeAction;
  channel: Channel;
  busy: boolean;
  onSend: () => void;
}

/** "Get code", then the seconds until it may be sent again (per action and channel, §4). */
export function SendCodeButton({ action, channel, busy, onSend }: Props) {
  const { t } = useTranslation();
  const seconds = useResendCountdown(action, channel);
  const waiting = seconds > 0;
  return (
    <button
      type="button"
      className="account-send"
      disabled={waiting || busy}
      onClick={onSend}
      data-testid="send-code"
    >
      {waiting ? t('auth_resend_wait', { time: formatCountdown(seconds) }) : t('auth_send_code')}
    </button>
  );
}
