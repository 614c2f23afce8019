import { Status, statusMessageKey, type StatusCode } from '@app/contract';

/** A refusal the client is meant to see: its code comes from the contract's status table. */
export class AppError extends Error {
  constructor(
    readonly status: StatusCode,
    message: string = statusMessageKey[status],
  ) {
    super(message);
  }
}

export function fail(code: StatusCode, message?: string): never {
  throw new AppError(code, message);
}

export function notFound(message = 'not_found'): never {
  throw new AppError(Status.notFound, message);
}
