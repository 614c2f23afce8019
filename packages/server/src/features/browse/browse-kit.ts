import { expect } from 'vitest';
import type { TestApp } from '../../test/build-app.ts';

export interface Answer {
  http: number;
  code: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
  response: any;
  json: unknown;
}

/**
 * Browsing calls for API tests, the way the web app makes them: the token as a query parameter,
 * forms for POST. Every reply must be the envelope, its HTTP status its code, and never a 5xx.
 */
export function browseKit(sut: TestApp) {
  async function send(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<Answer> {
    const reply = await sut.app.inject({
      method,
      url,
      ...(form
        ? {
            payload: new URLSearchParams(form).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
    });
    const json = reply.json();
    expect(reply.statusCode).toBe(json.status.code);
    expect(reply.statusCode).toBeLessThan(500);
    return {
      http: reply.statusCode,
      code: json.status.code,
      message: json.status.message,
      response: json.response,
      json,
    };
  }

  const withQuery = (path: string, query: string, token?: string) => {
    const parts = [token ? `token=${encodeURIComponent(token)}` : '', query].filter(Boolean);
    return parts.length > 0 ? `${path}?${parts.join('&')}` : path;
  };

  return {
    get: (path: string, query = '', token?: string) => send('GET', withQuery(path, query, token)),
    post: (path: string, form: Record<string, string> = {}, token?: string, query = '') =>
      send('POST', withQuery(path, query, token), form),
  };
}
