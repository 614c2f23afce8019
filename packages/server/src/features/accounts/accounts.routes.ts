import {
  accountNameOf,
  ChangeBindBodySchema,
  ChangeBindVerifyBodySchema,
  ChangePasswordBodySchema,
  CheckPasswordBodySchema,
  ForgetBodySchema,
  InviteBodySchema,
  LoginBodySchema,
  RegisterBindingBodySchema,
  RegisterVerifyBodySchema,
  ResetBodySchema,
  Status,
  TokenParamSchema,
  type StatusCode,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../platform/reply.ts';
import { localeOf, tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import type { AccountsService } from './accounts.service.ts';

const created: StatusCode = Status.created;

/** The account calls of part 1 §7; codes and message keys as in the contract's account list. */
export const accountsRoutes =
  (sessions: SessionService, accounts: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    const querystring = TokenParamSchema;

    app.post('/v1/login/phone', { schema: { querystring, body: LoginBodySchema } }, async (request) => {
      // A launch code sent along (the spec's fast-code header) is ignored: a code someone planted
      // in this client must never reach the account signed into (issue 22).
      const token = await accounts.login(
        accountNameOf(request.body),
        request.body.password,
        request.body.platform,
        request.ip,
      );
      return envelope({ token }, Status.ok, 'signin_success');
    });

    app.post(
      '/v1/register/verify',
      { schema: { querystring, body: RegisterVerifyBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const sent = await accounts.sendSignupCode(userId, accountNameOf(request.body), localeOf(request));
        return envelope(sent, Status.ok, 'code_sent');
      },
    );

    app.post(
      '/v1/register/binding',
      { schema: { querystring, body: RegisterBindingBodySchema } },
      async (request, reply) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const { code, password, platform } = request.body;
        const token = await accounts.bind(userId, accountNameOf(request.body), code, password, platform);
        return reply.code(created).send(envelope({ token }, created, 'bind_success'));
      },
    );

    app.post('/v1/user/pwd/forget', { schema: { querystring, body: ForgetBodySchema } }, async (request) => {
      const sent = await accounts.sendForgetCode(accountNameOf(request.body), localeOf(request));
      return envelope(sent, Status.ok, 'code_sent');
    });

    app.post(
      '/v1/user/pwd/reset',
      { schema: { querystring, body: ResetBodySchema } },
      async (request, reply) => {
        const name = accountNameOf(request.body);
        if (request.body.pass === undefined) {
          await accounts.checkResetCode(name, request.body.code);
          return envelope(null, Status.ok, 'code_ok');
        }
        // The session that resets may stay if it is the account's own; a dead token is no reason
        // to refuse a reset.
        const caller = await sessions.authenticate(tokenOf(request)).catch(() => undefined);
        await accounts.resetPassword(name, request.body.code, request.body.pass, caller);
        return reply.code(created).send(envelope(null, created, 'reset_success'));
      },
    );

    app.post(
      '/v1/user/checkpwd',
      { schema: { querystring, body: CheckPasswordBodySchema } },
      async (request) => {
        const session = await sessions.authenticate(tokenOf(request));
        await accounts.checkPassword(session, request.body.password);
        return envelope(null, Status.ok, 'ok');
      },
    );

    app.post(
      '/v1/user/changereg/verify',
      { schema: { querystring, body: ChangeBindVerifyBodySchema } },
      async (request) => {
        const session = await sessions.authenticate(tokenOf(request));
        const sent = await accounts.sendChangeBindCode(
          session,
          accountNameOf(request.body),
          localeOf(request),
        );
        return envelope(sent, Status.ok, 'code_sent');
      },
    );

    app.post(
      '/v1/user/changereg/binding',
      { schema: { querystring, body: ChangeBindBodySchema } },
      async (request) => {
        const session = await sessions.authenticate(tokenOf(request));
        await accounts.changeBinding(session, accountNameOf(request.body), request.body.code);
        return envelope(null, Status.ok, 'change_bind_success');
      },
    );

    app.post(
      '/v1/user/changpwd',
      { schema: { querystring, body: ChangePasswordBodySchema } },
      async (request) => {
        const session = await sessions.authenticate(tokenOf(request));
        const { account, origin_password, new_password } = request.body;
        await accounts.changePassword(session, account, origin_password, new_password);
        return envelope(null, Status.ok, 'change_password_success');
      },
    );

    app.post('/v1/user/invite', { schema: { querystring, body: InviteBodySchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      await accounts.enterInviteCode(userId, request.body.code);
      return envelope(null, Status.ok, 'invite_success');
    });
  };
