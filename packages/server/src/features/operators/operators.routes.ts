import { CONSOLE_SESSION_COOKIE, ConsoleErrorSchema } from '@app/contract/console/list';
import {
  ChangeOwnPasswordBodySchema,
  ConsoleSessionSchema,
  CreateOperatorBodySchema,
  OkSchema,
  OperatorIdParamsSchema,
  OperatorListQuerySchema,
  OperatorListSchema,
  OperatorSchema,
  ResetPasswordBodySchema,
  SignInBodySchema,
  TotpConfirmBodySchema,
  TotpSetupSchema,
  UpdateOperatorBodySchema,
} from '@app/contract/console/operators';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleFail } from '../console/console-errors.ts';
import { ALL_ROLES, type ConsoleSectionOptions, sessionCookieOptions } from '../console/console.plugin.ts';

const OWNER = ['owner'] as const;
const tags = ['operators'];
const refusals = { 400: ConsoleErrorSchema, 401: ConsoleErrorSchema, 403: ConsoleErrorSchema };

/**
 * Signing in and out, an operator's own password and TOTP, and (owner only) the operators list
 * with create, role, disable, password reset and TOTP reset (issue 23 §6).
 */
export const operatorsRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (
  app,
  { operators, ctx },
) => {
  const secure = ctx.config.publicUrl?.startsWith('https:') === true;

  const sessionReply = (
    token: string,
    operator: Awaited<ReturnType<typeof operators.me>>,
    setup: boolean,
  ) => ({
    operator,
    csrf: operators.csrfOf(token),
    totpSetupRequired: setup,
    timeZone: ctx.config.businessTimeZone,
  });

  app.post(
    '/session',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in (password, then TOTP when the operator has it); sets the session cookie',
        security: [],
        body: SignInBodySchema,
        response: { 200: ConsoleSessionSchema, ...refusals, 429: ConsoleErrorSchema },
      },
    },
    async (request, reply) => {
      // A form from another site could sign a browser in as someone else; JSON needs a preflight.
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
        consoleFail(400, 'invalid_input');
      const { token, operator } = await operators.signIn(request.body, request.ip);
      reply.setCookie(CONSOLE_SESSION_COOKIE, token, sessionCookieOptions(secure));
      return sessionReply(token, await operators.me(operator.id), operator.totpSetupRequired);
    },
  );

  app.get(
    '/session',
    {
      config: { roles: ALL_ROLES, totpSetup: true },
      schema: {
        tags,
        summary: 'The signed-in operator and the CSRF token',
        response: { 200: ConsoleSessionSchema, ...refusals },
      },
    },
    async (request) =>
      sessionReply(
        request.cookies[CONSOLE_SESSION_COOKIE]!,
        await operators.me(request.operator.id),
        request.operator.totpSetupRequired,
      ),
  );

  app.delete(
    '/session',
    {
      config: { roles: ALL_ROLES, totpSetup: true },
      schema: { tags, summary: 'Sign out', response: { 200: OkSchema, ...refusals } },
    },
    async (request, reply) => {
      await operators.signOut(request.operator, request.cookies[CONSOLE_SESSION_COOKIE], request.ip);
      reply.clearCookie(CONSOLE_SESSION_COOKIE, sessionCookieOptions(secure));
      return { ok: true as const };
    },
  );

  app.put(
    '/me/password',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Change my password (my other sessions end)',
        body: ChangeOwnPasswordBodySchema,
        response: { 200: OkSchema, ...refusals, 429: ConsoleErrorSchema },
      },
    },
    async (request) => {
      await operators.changeOwnPassword(request.operator, request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/me/totp',
    {
      config: { roles: ALL_ROLES, totpSetup: true },
      schema: {
        tags,
        summary: 'Start setting up TOTP: a new secret and its otpauth:// address for the QR code',
        response: { 200: TotpSetupSchema, ...refusals },
      },
    },
    async (request) => operators.totpSetup(request.operator),
  );

  app.put(
    '/me/totp',
    {
      config: { roles: ALL_ROLES, totpSetup: true },
      schema: {
        tags,
        summary:
          'Confirm TOTP with a code from the new secret (replacing one in use also needs the password and a current code)',
        body: TotpConfirmBodySchema,
        response: { 200: OperatorSchema, ...refusals, 409: ConsoleErrorSchema, 429: ConsoleErrorSchema },
      },
    },
    async (request) => operators.totpConfirm(request.operator, request.body, request.ip),
  );

  app.get(
    '/operators',
    {
      config: { roles: OWNER },
      schema: {
        tags,
        summary: 'Operators',
        querystring: OperatorListQuerySchema,
        response: { 200: OperatorListSchema, ...refusals },
      },
    },
    async (request) => operators.list(request.query),
  );

  app.post(
    '/operators',
    {
      config: { roles: OWNER },
      schema: {
        tags,
        summary: 'Create an operator',
        body: CreateOperatorBodySchema,
        response: { 200: OperatorSchema, ...refusals, 409: ConsoleErrorSchema },
      },
    },
    async (request) => operators.create(request.operator, request.body),
  );

  app.patch(
    '/operators/:id',
    {
      config: { roles: OWNER },
      schema: {
        tags,
        summary: "Change an operator's role or disable them (their sessions end)",
        params: OperatorIdParamsSchema,
        body: UpdateOperatorBodySchema,
        response: { 200: OperatorSchema, ...refusals, 404: ConsoleErrorSchema, 409: ConsoleErrorSchema },
      },
    },
    async (request) => operators.update(request.operator, request.params.id, request.body),
  );

  app.put(
    '/operators/:id/password',
    {
      config: { roles: OWNER },
      schema: {
        tags,
        summary: "Reset an operator's password (their sessions end)",
        params: OperatorIdParamsSchema,
        body: ResetPasswordBodySchema,
        response: { 200: OperatorSchema, ...refusals, 404: ConsoleErrorSchema },
      },
    },
    async (request) => operators.resetPassword(request.operator, request.params.id, request.body.password),
  );

  app.delete(
    '/operators/:id/totp',
    {
      config: { roles: OWNER },
      schema: {
        tags,
        summary: "Reset another operator's TOTP (they set it up again at their next sign-in)",
        params: OperatorIdParamsSchema,
        response: { 200: OperatorSchema, ...refusals, 404: ConsoleErrorSchema, 409: ConsoleErrorSchema },
      },
    },
    async (request) => operators.resetTotp(request.operator, request.params.id),
  );
};
