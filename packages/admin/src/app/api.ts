import { CONSOLE_CSRF_HEADER } from '@app/contract/console/list';

/**
 * The console API client: same-origin calls under /admin/api with the session cookie, the CSRF
 * header on every change, and refusals thrown as ConsoleError (`error` key, per-field keys).
 */
export const API_BASE = '/admin/api';

export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    /** A message key of the catalogues (`wrong_credentials`, `invalid_input`, …). */
    readonly error: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(error);
  }
}

let csrfToken = '';
/** Set from the session reply; sent with every call that changes something. */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

/** Called when a call finds the session gone (401): the app returns to the sign-in page. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void) {
  onSignedOut = handler;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form (a file upload) sets its own multipart type and boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers[CONSOLE_CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    response = await fetch(withQuery(`${API_BASE}${path}`, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  } catch {
    throw new ConsoleError(0, 'network_error');
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const refusal = (json ?? {}) as { error?: string; fields?: Record<string, string> };
    const error = new ConsoleError(
      response.status,
      refusal.error ?? `http_${response.status}`,
      refusal.fields,
    );
    if (response.status === 401 && path !== '/session') onSignedOut();
    throw error;
  }
  return json as T;
}

export const consoleApi = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** A multipart upload (a settings image). */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};

/** The CSRF token for calls made outside consoleApi (the resumable uploads' own client). */
export function currentCsrfToken(): string {
  return csrfToken;
}
