import { useCallback } from 'react';
import { VERIFY_RESEND_COUNTDOWN_S } from '@app/contract/constants';
import { Status } from '@app/contract/status-codes';
import { startupData } from '../../../app/startup/startup-store.ts';
import { sendChangeBindCode, sendForgetCode, sendSignUpCode } from '../api/accounts-api.ts';
import type { Identity } from '../account-forms.ts';
import { reloadAppInfo } from '../account-session.ts';
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
 * server's message, app info read again after a 403 (a channel may have been switched off).
 *
 * Resolves true when the code went out.
 */
export function useSendCode(action: CodeAction): (channel: Channel, identity: Identity) => Promise<boolean> {
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
      if (outcome.reloadAppInfo) void reloadAppInfo().catch(() => undefined);
      await showFailure(outcome, reply);
      return false;
    },
    [action],
  );
}
