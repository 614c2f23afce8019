import {
  FAST_CODE_HEADER,
  FastLoginQuerySchema,
  LaunchCodeSchema,
  RegisterGuestBodySchema,
  Status,
  TokenParamSchema,
  type StatusCode,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail } from '../../platform/errors.ts';
import { envelope } from '../../platform/reply.ts';
import { headerOf, tokenOf } from '../../platform/request.ts';
import type { SessionService } from './session.service.ts';
import { renderJumpPage } from './jump-page.ts';

/** The launch code of the `x-fast-code` header: absent is fine, malformed is 401. */
export function launchCodeOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  const parsed = LaunchCodeSchema.safeParse(header);
  if (!parsed.success) fail(Status.invalid, 'launch_code_invalid');
  return parsed.data;
}

export const sessionRoutes =
  (sessions: SessionService): FastifyPluginAsyncZod =>
  async (app) => {
    // With a token: a code for that session (a bad token is refused, never ignored); without: a
    // jump-page code.
    app.post('/v1/launch', { schema: { querystring: TokenParamSchema } }, async (request) => {
      const token = tokenOf(request);
      const session = token === undefined ? undefined : await sessions.authenticate(token);
      return envelope({ code: await sessions.mintLaunchCode(session) });
    });

    app.get('/v1/fastlogin', { schema: { querystring: FastLoginQuerySchema } }, async (request) => {
      const code = launchCodeOf(headerOf(request, FAST_CODE_HEADER));
      if (!code) fail(Status.invalid, 'launch_code_missing');
      return envelope({ token: await sessions.fastLogin(code, request.query.platform) });
    });

    app.post('/v1/register/guest', { schema: { body: RegisterGuestBodySchema } }, async (request, reply) => {
      const token = await sessions.registerGuest(request.body.platform);
      const created: StatusCode = Status.created;
      return reply.code(created).send(envelope({ token }, created));
    });

    app.post('/v1/user/logout', { schema: { querystring: TokenParamSchema } }, async (request) => {
      await sessions.signOut(await sessions.authenticate(tokenOf(request)));
      return envelope(null, Status.ok, 'ok');
    });

    app.get('/jump', async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return renderJumpPage();
    });
  };
