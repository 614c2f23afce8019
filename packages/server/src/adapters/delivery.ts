import { Status } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../platform/errors.ts';

/** A code message on its way to an e-mail address or a phone ("86-13800138000"). */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * A failed delivery, logged for the operator (the client only sees the code): 501 when the
 * provider answered and refused, 502 when it could not be reached in time.
 */
export function deliveryFailed(
  log: FastifyBaseLogger,
  kind: 'refused' | 'unreachable',
  detail: string,
): AppError {
  log.error({ detail }, 'code message not delivered');
  return new AppError(kind === 'refused' ? Status.providerError : Status.providerUnavailable);
}
