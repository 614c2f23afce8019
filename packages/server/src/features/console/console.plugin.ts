import { MediaStoreUnavailable } from '../../platform/media-store/index.ts';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Status } from '@app/contract';
import { CONSOLE_CSRF_HEADER, CONSOLE_SESSION_COOKIE } from '@app/contract/console/list';
import { OPERATOR_ROLES, type OperatorRole } from '@app/contract/console/operators';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import type { LinesService } from '../lines/lines.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { ConsoleOperator, OperatorsService } from '../operators/operators.service.ts';
import { withClientAddress } from '../operators/audit.ts';
import { ConsoleError, type ConsoleStatus } from './console-errors.ts';
import { consoleSections } from './sections.ts';
import { timeUnrouted } from '../../platform/metrics.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a console route (the owner always may). A console route without it (or with
     * none named) is refused for everyone: a route added without thinking about access is closed.
     */
    roles?: readonly OperatorRole[];
    /** Reached without a session (sign-in, the session check). */
    public?: boolean;
    /** Reached by an owner who must still set up TOTP (OPERATOR_REQUIRE_TOTP). */
    totpSetup?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in operator; set on every console route that is not `public`. */
    operator: ConsoleOperator;
  }
}

/** What every console section receives as its plugin options. Add the services a section needs. */
export interface ConsoleSectionOptions {
  ctx: AppContext;
  operators: OperatorsService;
  appInfo: AppInfoService;
  users: UserService;
  sessions: SessionService;
  lines: LinesService;
}

export const CONSOLE_PREFIX = '/admin/api';
export const ALL_ROLES: readonly OperatorRole[] = OPERATOR_ROLES;
/** The console's cookie lives only under /admin: the phone app's pages and API never receive it. */
const COOKIE_PATH = '/admin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Statuses of the app's table (AppError from shared hooks: unsafe text, rate limits) as HTTP. */
const FROM_APP_STATUS: Partial<Record<number, ConsoleStatus>> = {
  [Status.invalid]: 400,
  [Status.conflict]: 409,
  [Status.refused]: 403,
  [Status.notFound]: 404,
  [Status.tooManyRequests]: 429,
};

export function sessionCookieOptions(secure: boolean) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure,
  };
}

/**
 * The console API under /admin/api (issue 23): an operator session cookie, a role on every route
 * (fail closed), CSRF on every change, the console's own error shape, and an OpenAPI document of
 * every section. Sections register inside this scope, so every hook here applies to them.
 */
export const consolePlugin =
  (options: ConsoleSectionOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const { operators, ctx } = options;
    const secureCookie = ctx.config.publicUrl?.startsWith('https:') === true;

    await app.register(cookie);
    app.setSerializerCompiler(serializerCompiler);
    app.decorateRequest('operator', null as unknown as ConsoleOperator);
    installConsoleErrors(app);
    // Console replies hold operators' and users' records: no browser, proxy or back-forward cache
    // may keep them (a reply that chose its own caching, such as an appeal image, keeps it).
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (
        typeof type === 'string' &&
        type.startsWith('application/json') &&
        !reply.hasHeader('cache-control')
      )
        reply.header('cache-control', 'no-store');
      return payload;
    });

    // The rest of each request runs knowing its client address, which every audit entry records.
    app.addHook('onRequest', (request, _reply, done) => withClientAddress(request.ip, done));

    app.addHook('onRequest', async (request, reply) => {
      const config = request.routeOptions.config;
      // The reference page's own files and the router's not-found answer carry no roles of their own.
      if (config.public) return;
      const token = request.cookies[CONSOLE_SESSION_COOKIE];
      const operator = await operators.authenticate(token);
      if (!operator) {
        if (token) reply.clearCookie(CONSOLE_SESSION_COOKIE, sessionCookieOptions(secureCookie));
        throw new ConsoleError(401, 'no_session');
      }
      request.operator = operator;
      const roles = config.roles;
      if (!roles || roles.length === 0 || (operator.role !== 'owner' && !roles.includes(operator.role)))
        throw new ConsoleError(403, 'forbidden');
      if (operator.totpSetupRequired && !config.totpSetup) throw new ConsoleError(403, 'totp_setup_required');
      if (!SAFE_METHODS.has(request.method)) {
        const header = request.headers[CONSOLE_CSRF_HEADER];
        if (!operators.csrfMatches(token!, Array.isArray(header) ? header[0] : header))
          throw new ConsoleError(403, 'csrf');
      }
    });

    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Operator console API',
          version: '1',
          description:
            'Every call needs an operator session cookie (sign in with POST /admin/api/session); every call that changes something also needs the x-csrf-token header from GET /admin/api/session.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: CONSOLE_SESSION_COOKIE },
            csrf: { type: 'apiKey', in: 'header', name: CONSOLE_CSRF_HEADER },
          },
        },
        security: [{ session: [], csrf: [] }],
      },
      transform: jsonSchemaTransform,
    });

    app.get('/openapi.json', { config: { roles: ALL_ROLES }, schema: { hide: true } }, async () =>
      app.swagger(),
    );

    // The reference page, for operators who automate. Its files are served from this server (the
    // CSP allows only this origin's scripts), to signed-in operators only.
    await app.register(async (docs: FastifyInstance) => {
      // Only the reference page's own routes: an onRoute hook here also sees routes added later.
      docs.addHook('onRoute', (route) => {
        if (route.url.startsWith(`${CONSOLE_PREFIX}/docs`))
          route.config = Object.assign(route.config ?? {}, { roles: ALL_ROLES });
      });
      await docs.register(swaggerUi, {
        routePrefix: '/docs',
        // The page names its files by absolute path: the console's prefix comes first.
        indexPrefix: CONSOLE_PREFIX,
        staticCSP: false,
        uiConfig: { docExpansion: 'list', deepLinking: false },
        transformSpecificationClone: true,
      });
    });

    for (const section of consoleSections) await app.register(section, options);
  };

/** Every console refusal as `{ error, fields? }` with a plain HTTP status (CONSOLE.md). */
function installConsoleErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ConsoleError, request, reply) => {
    if (error instanceof ConsoleError)
      return reply
        .code(error.status)
        .send({ error: error.message, ...(error.fields && { fields: error.fields }) });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        // Messages that are keys (`invalid_email`) pass through; zod's own English becomes `invalid`.
        fields[field] ??= /^[a-z_]+$/.test(issue.message ?? '') ? issue.message! : 'invalid';
      }
      return reply.code(400).send({ error: 'invalid_input', fields });
    }
    if (error instanceof AppError) {
      const status = FROM_APP_STATUS[error.status];
      if (status) return reply.code(status).send({ error: error.message });
    }
    if (
      'statusCode' in error &&
      error.statusCode !== undefined &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    )
      return reply.code(error.statusCode === 413 ? 413 : 400).send({ error: 'invalid_input' });
    if (error instanceof MediaStoreUnavailable) {
      // The operator is told what is wrong (the bucket), not a bare server error; the log has why.
      request.log.error({ err: error }, 'media store unavailable');
      return reply.code(503).send({ error: 'media_store_unavailable' });
    }
    request.log.error({ err: error }, 'console request failed');
    return reply.code(500).send({ error: 'server_error' });
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    timeUnrouted(request, reply);
    return reply.code(404).send({ error: 'not_found' });
  });
}
