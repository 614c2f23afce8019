import { Toast } from '../../app/toast.ts';
import { showAlert } from '../../app/shell/notices.ts';
import { TOAST_MS } from '@app/contract/constants';
import { NetworkError, type Envelope } from '../../app/api/client.ts';
import { messageOf, t } from '../../app/i18n/index.ts';
import { reloadAppInfo } from '../../app/session.ts';
import { looksLikeKey, type Outcome, type Shown } from './outcomes.ts';

/**
 * How the account pages talk to the user: what they typed wrong is a short toast next to the
 * keyboard (spec §9: 1 s); what the server answered is a dialog the user confirms, because it
 * often says what to do next (switch account, wait, get a new code).
 */
export function showInputProblem(messageKey: string): void {
  Toast.show({ content: t(messageKey) });
}

/** The text for a reply's `status.message`: its translation, the server's own words, or the fallback. */
export function serverText(message: string | undefined, fallback = 'generic_error'): string {
  const text = (message ?? '').trim();
  if (text === '') return t(fallback);
  const translated = messageOf(text);
  if (translated !== text) return translated;
  return looksLikeKey(text) ? t(fallback) : text;
}

/** What to tell the user about a failed reply; a sign-in wait names its minutes when the server gives them. */
export function shownText(shown: Shown, reply: Pick<Envelope<unknown>, 'status' | 'response'>): string {
  if ('key' in shown) return t(shown.key);
  const wait = (reply.response as { wait_minutes?: unknown } | null | undefined)?.wait_minutes;
  if (reply.status.message === 'login_wait' && typeof wait === 'number' && wait > 0) {
    return t('login_wait_minutes', { minutes: wait });
  }
  return serverText(reply.status.message, shown.fallback);
}

/** A good outcome the user reads while carrying on (the code went out): a toast long enough to read. */
export function showNotice(messageKey: string): void {
  Toast.show({ content: t(messageKey), duration: NOTICE_MS });
}
const NOTICE_MS = 2 * TOAST_MS;

/**
 * Tells the user why a call failed, unless the shell is already telling them (ended session). A
 * binding channel switched off since start-up (any account call may say so) brings the new app
 * info, so the forms offer only the channels still on.
 */
export async function showFailure(
  outcome: Extract<Outcome, { ok: false }>,
  reply: Pick<Envelope<unknown>, 'status' | 'response'>,
): Promise<void> {
  if (reply.status.message === 'bind_channel_off') void reloadAppInfo().catch(() => undefined);
  if (!outcome.shown) return;
  await showAlert({ content: shownText(outcome.shown, reply), confirmText: t('ok') });
}

export async function showSuccess(messageKey: string): Promise<void> {
  await showAlert({ content: t(messageKey), confirmText: t('ok') });
}

/** A call that reached no line at all (offline, every line down). */
export function showCallFailure(error: unknown): void {
  if (!(error instanceof NetworkError)) console.error(error);
  Toast.show({ content: t('network_error'), duration: TOAST_MS * 2 });
}
