import type { ActivityResult } from '@app/contract';
import { request, type Envelope } from '../../../app/api/client.ts';

/** `POST /v1/user/exchange`: redeems an activity code; the reply says what it gave. */
export function redeemActivityCode(code: string): Promise<Envelope<ActivityResult | null>> {
  return request('/v1/user/exchange', { form: { code } });
}
