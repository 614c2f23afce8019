import { useCallback } from 'react';
import { VERIFY_RESEND_COUNTDOWN_S } from '@app/contract/constants';
import { Status } from '@app/contract/status-codes';
import { startupData } from '../../../app/startup/startup-store.ts';
import { sendChangeBindCode, sendForgetCode, sendSignUpCode } from '../api/accounts-api.ts';
import type { Identity } from '../account-forms.ts';
import { showFailure, showNotice } from '../notices.ts';
import { outcomeOf } from '../outcomes.ts';
import { startResendCountdown, type Channel, type CodeAction } from '../resend-countdown.ts';

const SEND = { signUp: sendSignUpCode, changeBind: sendChangeBindCode, forget: sendForgetCode };

/** The resend wait of app info for a channel (§4: start value per phone or e-mail). */
export function appInfoCountdown(channel: Channel): number {
  const binding = startupData()?.appInfo.binding;
  return (channel === 'mail' ? binding?.email : binding?.phone)?.countdown ?? VERIFY_RESEND_COUNTDOWN_S;
}

/**
 * Sends a verification code for one action and handles the reply (§8): on success the "code
 * sent" message and the channel's countdown (the server's wait, else app info's); on failure the
 * server's message, then `onRefused` with the reply's status message.
 *
 * Resolves true when the code went out.
 */
export function useSendCode(
  action: CodeAction,
  onRefused?: (message: string) => void,
): (channel: Channel, identity: Identity) => Promise<boolean> {
  return useCallback(
    async (channel, identity) => {
      const reply = await SEND[action](identity);
      const outcome = outcomeOf(action === 'forget' ? 'forgetSend' : 'sendCode', reply.status.code);
      if (outcome.ok) {
        startResendCountdown(action, channel, reply.response?.countdown ?? appInfoCountdown(channel));
        showNotice('code_sent');
        return true;
      }
      // Sent too often: the server says how long is left, and the button counts that down.
      if (reply.status.code === Status.sendTooFrequent && reply.response?.countdown) {
        startResendCountdown(action, channel, reply.response.countdown);
      }
      await showFailure(outcome, reply);
      onRefused?.(reply.status.message);
      return false;
    },
    [action, onRefused],
  );
}
