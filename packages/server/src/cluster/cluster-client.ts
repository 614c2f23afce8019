/**
 * What the cluster test and bench:cluster ask of a running cluster, as a phone and an operator
 * would: over HTTP, through the proxy's lines or a node directly.
 */

interface Envelope<T> {
  status: { code: number; message: string };
  response?: T;
}

export async function getJson<T>(
  url: string,
  init?: RequestInit,
): Promise<{ http: number; body: Envelope<T> }> {
  const reply = await fetch(url, init);
  return { http: reply.status, body: (await reply.json()) as Envelope<T> };
}

/** A fresh guest (a phone's first start), from `forwardedFor` when a trusted proxy is asked. */
export async function guestToken(origin: string, forwardedFor?: string): Promise<string> {
  const { body } = await getJson<{ token: string }>(`${origin}/v1/register/guest`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: '{}',
  });
  if (!body.response?.token) throw new Error(`no guest: ${JSON.stringify(body.status)}`);
  return body.response.token;
}

/** The videos of the long-video feed, first first (what a phone opens). */
export async function feedVideoKeys(origin: string, token: string): Promise<string[]> {
  const { body } = await getJson<{ blocks: { videos: { video_id: string }[] }[] }>(
    `${origin}/v2/longs/videos/0?token=${token}`,
  );
  const keys = body.response?.blocks.flatMap((block) => block.videos.map((video) => video.video_id)) ?? [];
  if (keys.length < 2) throw new Error('the feed has fewer than two videos');
  return keys;
}

export interface ConsoleSession {
  cookie: string;
  csrf: string;
}

/** The console's sign-in (POST /admin/api/session): its cookie and CSRF token. */
export async function signInConsole(
  origin: string,
  email: string,
  password: string,
): Promise<ConsoleSession> {
  const reply = await fetch(`${origin}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!reply.ok) throw new Error(`console sign-in: ${reply.status} ${await reply.text()}`);
  const cookie = reply.headers.getSetCookie().map((line) => line.split(';')[0])[0];
  const { csrf } = (await reply.json()) as { csrf: string };
  if (!cookie) throw new Error('console sign-in: no cookie');
  return { cookie, csrf };
}

export async function consoleCall(
  origin: string,
  session: ConsoleSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
