import { Status, sessionEndedCodes, type StatusCode } from '@app/contract/status-codes';
import { ENCRYPTED_APP_NAME_HEADER, ENCRYPTED_VERSION_HEADER, LOCALE_PARAM } from '@app/contract/wire';
import { decryptBody } from '../image-crypto.ts';
import { emit } from '../events.ts';
import { currentLine, rankedLines, reportLineFailure } from '../lines/line-book.ts';
import { resolveLocale } from '../i18n/locale.ts';
import { readSetting } from '../settings.ts';

/** The message of a 403 for a banned account (docs/decisions.md, "Banned accounts"). */
export const ACCOUNT_BANNED = 'account_banned';

export interface Envelope<T> {
  status: { code: number; message: string };
  response: T;
}

/** No line answered with the contract's envelope (all down, or every one answered HTML). */
export class NetworkError extends Error {}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  form?: Record<string, string | number | undefined>;
  /** A multipart form (an upload); like `form`, it carries the token as a field. */
  multipart?: Record<string, string | Blob>;
  headers?: Record<string, string>;
  /** Start-up calls made before a token exists. */
  withoutToken?: boolean;
}

/**
 * Calls the API on the current api line with the token as a default parameter. A line that fails
 * or answers HTML (a captive portal, a dead CDN edge) goes to the back of the ranking and the call
 * moves on to the next line, which later calls keep using. Encrypted replies are decrypted here.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const attempts = Math.max(1, rankedLines('api').length);
  for (let attempt = 0; attempt < attempts; attempt++) {
    const line = currentLine('api') ?? { url: location.origin };
    try {
      return received(await send<T>(line.url, line.key, path, options));
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      reportLineFailure('api', line.url);
    }
  }
  throw new NetworkError(`no api line answered ${path}`);
}

/** What every reply tells the app beside its own answer: a blocked region, an ended session. */
export function received<T>(envelope: Envelope<T>): Envelope<T> {
  if (envelope.status.code === Status.regionBlocked) emit({ type: 'location-error' });
  if (sessionEndedCodes.includes(envelope.status.code as StatusCode)) {
    emit({ type: 'session-ended', code: envelope.status.code });
  }
  // An operator banned the account: its session is over too, and the phone says why.
  if (envelope.status.code === Status.refused && envelope.status.message === ACCOUNT_BANNED) {
    emit({ type: 'session-ended', code: envelope.status.code, banned: true });
  }
  return envelope;
}

async function send<T>(lineUrl: string, key: string | undefined, path: string, options: RequestOptions) {
  const url = new URL(path, lineUrl);
  const token = options.withoutToken ? null : readSetting('token');
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  if (token && !options.form && !options.multipart) url.searchParams.set('token', token);
  // Every call names the app's language: the server answers catalogue text, titles and mail in it.
  url.searchParams.set(LOCALE_PARAM, resolveLocale(readSetting('locale'), navigator.language));
  let body: URLSearchParams | FormData | undefined;
  if (options.form) {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form))
      if (value !== undefined) body.set(name, String(value));
    if (token) body.set('token', token);
  } else if (options.multipart) {
    body = new FormData();
    // Fields before files: a server reading the parts in order has the token before the bytes.
    if (token) body.set('token', token);
    for (const [name, value] of Object.entries(options.multipart)) body.set(name, value);
  }
  let reply: Response;
  try {
    reply = await fetch(url, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      body,
      headers: options.headers,
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'fetch failed');
  }
  const type = reply.headers.get('content-type') ?? '';
  if (type.includes('text/html')) throw new NetworkError(`HTML from ${lineUrl}`);
  const encrypted = reply.headers.get(ENCRYPTED_APP_NAME_HEADER);
  try {
    if (encrypted && key) {
      const bytes = new Uint8Array(await reply.arrayBuffer());
      const plain = await decryptBody(bytes, reply.headers.get(ENCRYPTED_VERSION_HEADER), key);
      return JSON.parse(new TextDecoder().decode(plain)) as Envelope<T>;
    }
    return (await reply.json()) as Envelope<T>;
  } catch {
    // Not our envelope: a proxy error page or a truncated reply counts as a broken line.
    throw new NetworkError(`unreadable reply from ${lineUrl}`);
  }
}
