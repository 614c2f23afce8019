import { Status, statusMessageKey, type StatusCode } from '@app/contract';

/**
 * A refusal the client is meant to see: its code comes from the contract's status table. A few
 * refusals carry figures the client shows (how long to wait), sent as the reply's `response`.
 */
export class AppError extends Error {
  constructor(
    readonly status: StatusCode,
    message: string = statusMessageKey[status],
    readonly response: unknown = null,
  ) {
    super(message);
  }
}

export function fail(code: StatusCode, message?: string, response?: unknown): never {
  throw new AppError(code, message, response);
}

export function notFound(message = 'not_found'): never {
  throw new AppError(Status.notFound, message);
}
