import type { AppealResult } from '@app/contract';
import { APPEAL_FIELDS } from '@app/contract/constants';
import { request, type Envelope } from '../../../app/api/client.ts';

/** `POST /v1/shop/report`: the contact e-mail and the payment-success screenshot, as a multipart form. */
export function sendAppeal(email: string, image: File): Promise<Envelope<AppealResult | null>> {
  return request('/v1/shop/report', {
    multipart: { [APPEAL_FIELDS.email]: email.trim(), [APPEAL_FIELDS.image]: image },
  });
}
