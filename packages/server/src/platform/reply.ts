import { Status, statusMessageKey, type StatusCode } from '@app/contract';

export interface Envelope<T> {
  status: { code: number; message: string };
  response: T;
}

/** `{status: {code, message}, response}` — the shape of every reply. */
export function envelope<T>(response: T, code: StatusCode = Status.ok, message?: string): Envelope<T> {
  return { status: { code, message: message ?? statusMessageKey[code] }, response };
}

export function errorEnvelope(code: StatusCode, message?: string): Envelope<null> {
  return envelope(null, code, message);
}
