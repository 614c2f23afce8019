import type { HostList } from '@app/contract';

/** Calls the api line with the token as a default parameter; replies are the contract's envelope. */
export interface Envelope<T> {
  status: { code: number; message: string };
  response: T;
}

export async function fetchHostList(): Promise<HostList | null> {
  try {
    const reply = await fetch('/host_pwa.txt', { cache: 'no-store' });
    return (await reply.json()) as HostList;
  } catch {
    return null;
  }
}

export async function call<T>(
  apiLine: string,
  path: string,
  options: { method?: 'GET' | 'POST'; token?: string | null; headers?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const url = new URL(path, apiLine);
  if (options.token) url.searchParams.set('token', options.token);
  const reply = await fetch(url, { method: options.method ?? 'GET', headers: options.headers });
  return (await reply.json()) as Envelope<T>;
}
