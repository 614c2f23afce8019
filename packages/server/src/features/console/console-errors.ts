/**
 * A refusal of the console API: a plain HTTP status and a message key, with per-field keys for a
 * form (`{ error, fields }`, CONSOLE.md). The console shows `fields` beside each field.
 */
export type ConsoleStatus = 400 | 401 | 403 | 404 | 409 | 429;

export class ConsoleError extends Error {
  constructor(
    readonly status: ConsoleStatus,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function consoleFail(status: ConsoleStatus, error: string, fields?: Record<string, string>): never {
  throw new ConsoleError(status, error, fields);
}
