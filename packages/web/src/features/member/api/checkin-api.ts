import { Status } from '@app/contract/status-codes';
import { request } from '../../../app/api/client.ts';
import { reloadSigninList, reloadUserInfo } from '../../../app/session.ts';

export type CheckInOutcome = 'checked_in' | 'already' | 'failed';

/**
 * `POST /v2/signin`: checks in today. Whatever the answer, the strip and the account are read
 * again, since the reward (points, VIP days, views, a ticket) shows in both.
 */
export async function checkIn(): Promise<CheckInOutcome> {
  let outcome: CheckInOutcome = 'failed';
  try {
    const reply = await request('/v2/signin', { form: {} });
    if (reply.status.code === Status.ok) outcome = 'checked_in';
    else if (reply.status.message === 'checkin_done') outcome = 'already';
  } catch {
    return 'failed';
  }
  await Promise.all([reloadSigninList().catch(() => undefined), reloadUserInfo().catch(() => undefined)]);
  return outcome;
}

/** The refresh button: user info and the check-in strip; false when either could not be read. */
export async function refreshMember(): Promise<boolean> {
  const results = await Promise.allSettled([reloadUserInfo(), reloadSigninList()]);
  return results.every((result) => result.status === 'fulfilled');
}
