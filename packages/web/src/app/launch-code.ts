import { Status } from '@app/contract/status-codes';
import { request } from './api/client.ts';
import { writeSetting } from './settings.ts';

/**
 * A new launch code for the current session (DECISIONS: launch codes), kept as the installation's
 * code: what the iOS profile and the hidden config dialog carry. Asked for after every sign-in,
 * binding, relogin and password change (which revoke the account's codes) and before a profile is
 * made. Resolves with null when none could be had; the old code is dropped then, as it may be dead.
 */
export async function mintLaunchCode(): Promise<string | null> {
  const reply = await request<{ code: string }>('/v1/launch', { method: 'POST' }).catch(() => null);
  const code = reply?.status.code === Status.ok ? (reply.response?.code ?? null) : null;
  writeSetting('launchCode', code);
  return code;
}

/** Sign-out: the server ends this session and the account's launch codes; best effort offline. */
export async function signOut(): Promise<void> {
  await request('/v1/user/logout', { method: 'POST' }).catch(() => undefined);
}
