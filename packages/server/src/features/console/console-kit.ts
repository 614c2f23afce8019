import { CONSOLE_CSRF_HEADER, CONSOLE_SESSION_COOKIE } from '@app/contract/console/list';
import { OPERATOR_ROLES, type OperatorRole } from '@app/contract/console/operators';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../platform/passwords.ts';
import { guestToken, type TestApp } from '../../test/build-app.ts';
import * as queries from '../operators/operators.queries.ts';

/**
 * Console calls for API tests (app.inject): operators of each role signed in through the real
 * sign-in, and requests made the way the console makes them (session cookie, CSRF header).
 */
export interface OperatorSession {
  cookie: string;
  csrf: string;
  id: number;
  email: string;
  role: OperatorRole;
}

/** Who makes a console call: an operator, an app user's token, or nobody. */
export type Caller = OperatorSession | { userToken: string } | null;

export const ROLES = OPERATOR_ROLES;
export const TEST_OPERATOR_PASSWORD = 'Console-Test-Pass-1';

let serial = 0;
/** Each sign-in comes from its own address, so many tests' sign-ins stay under the per-address limit. */
const nextAddress = () => {
  serial += 1;
  return `10.23.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`;
};

/** A new operator of `role` (created in the database), signed in through POST /admin/api/session. */
export async function signInOperator(
  sut: TestApp,
  role: OperatorRole,
  options: { email?: string; password?: string } = {},
): Promise<OperatorSession> {
  serial += 1;
  const email = options.email ?? `${role}${serial}.${Date.now()}@console.test`;
  const password = options.password ?? TEST_OPERATOR_PASSWORD;
  const existing = await queries.findOperatorByEmail(sut.db, email);
  const row =
    existing ??
    (await queries.insertOperator(sut.db, { email, role, passwordHash: await hashPassword(password) }));
  if (!row) throw new Error(`operator ${email} not created`);
  const reply = await sut.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  if (reply.statusCode !== 200) throw new Error(`sign-in failed: ${reply.statusCode} ${reply.body}`);
  return { ...sessionOf(reply), id: row.id, email, role: row.role };
}

/** The cookie and CSRF token of a successful sign-in reply. */
export function sessionOf(reply: LightMyRequestResponse): { cookie: string; csrf: string } {
  const cookie = reply.cookies.find((item) => item.name === CONSOLE_SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return { cookie: `${CONSOLE_SESSION_COOKIE}=${cookie.value}`, csrf: reply.json().csrf as string };
}

/** A console call as `who` makes it; an app user's token goes everywhere an app sends it. */
export function consoleRequest(
  sut: TestApp,
  who: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  let target = url;
  if (who && 'cookie' in who) {
    headers.cookie = who.cookie;
    headers[CONSOLE_CSRF_HEADER] = who.csrf;
  } else if (who) {
    target += `${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(who.userToken)}`;
    headers.authorization = `Bearer ${who.userToken}`;
    headers.cookie = `${CONSOLE_SESSION_COOKIE}=${who.userToken}; token=${who.userToken}`;
  }
  return sut.app.inject({
    method,
    url: target,
    headers,
    ...(body !== undefined && { payload: body as Record<string, unknown> }),
  });
}

/** An app user's token (a guest's, which the app gets at start). */
export async function appUser(sut: TestApp): Promise<{ userToken: string }> {
  return { userToken: await guestToken(sut.app) };
}

/** The newest audit entries of `action` (newest first). */
export async function auditEntries(sut: TestApp, action: string) {
  return sut.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Status per caller for one operation: `{ owner: 200, editor: 403, …, user: 401, none: 401 }`.
 * Each role gets its own fresh operator; `prepare` makes a fresh target per call when needed.
 */
export async function statusByCaller(
  sut: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string | (() => Promise<string>),
  body?: unknown | (() => unknown),
): Promise<Record<OperatorRole | 'user' | 'none', number>> {
  const result = {} as Record<OperatorRole | 'user' | 'none', number>;
  const callers: [OperatorRole | 'user' | 'none', () => Promise<Caller>][] = [
    ...ROLES.map((role) => [role, () => signInOperator(sut, role)] as [OperatorRole, () => Promise<Caller>]),
    ['user', () => appUser(sut)],
    ['none', async () => null],
  ];
  for (const [name, caller] of callers) {
    const target = typeof url === 'function' ? await url() : url;
    const payload = typeof body === 'function' ? (body as () => unknown)() : body;
    result[name] = (await consoleRequest(sut, await caller(), method, target, payload)).statusCode;
  }
  return result;
}
