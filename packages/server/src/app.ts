import {
  InvalidMediaKey,
  MediaStoreUnavailable,
  mediaStoreOf,
  PUBLIC_CACHE_CONTROL,
  type MediaStore,
} from './platform/media-store/index.ts';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import {
  ENCRYPTED_APP_NAME_HEADER,
  ENCRYPTED_VERSION_HEADER,
  EncryptionVersion,
  FAST_CODE_HEADER,
  MAX_JSON_BODY_BYTES,
  Status,
  type StatusCode,
} from '@app/contract';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type RouteOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createMailSender } from './adapters/mail.ts';
import { createOutbox } from './adapters/outbox.ts';
import { createPaymentProvider, type PaymentProvider } from './adapters/payment-gateway.ts';
import { createSmsSender } from './adapters/sms.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { createAccountsService } from './features/accounts/accounts.service.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { appInfoRoutes } from './features/app-info/app-info.routes.ts';
import { createAppInfoService } from './features/app-info/app-info.service.ts';
import { browseRoutes } from './features/browse/browse.routes.ts';
import { createBrowseService } from './features/browse/browse.service.ts';
import { createLikeSets, LIKES_CHANGED_CHANNEL } from './features/browse/like-sets.ts';
import { CONSOLE_PREFIX, consolePlugin } from './features/console/console.plugin.ts';
import { createOperatorsService } from './features/operators/operators.service.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './features/catalogue/catalogue.service.ts';
import { exploreRoutes } from './features/explore/explore.routes.ts';
import { createExploreService } from './features/explore/explore.service.ts';
import { linesRoutes } from './features/lines/lines.routes.ts';
import { createAppShell, EARLY_START_SCRIPTS, type AppShell } from './features/pwa/app-shell.ts';
import { likesRoutes } from './features/likes/likes.routes.ts';
import { createLikesService } from './features/likes/likes.service.ts';
import { outboxRoutes } from './features/outbox/outbox.routes.ts';
import { devGrantsRoutes } from './features/dev-grants/dev-grants.routes.ts';
import { createLinesService, type ListeningPorts } from './features/lines/lines.service.ts';
import { playerRoutes } from './features/player/player.routes.ts';
import { createPlayerService } from './features/player/player.service.ts';
import { pwaRoutes } from './features/pwa/pwa.routes.ts';
import { rewardsRoutes } from './features/rewards/rewards.routes.ts';
import { createRewardsService } from './features/rewards/rewards.service.ts';
import { renderJumpPage } from './features/session/jump-page.ts';
import { sessionRoutes } from './features/session/session.routes.ts';
import { sandboxPayRoutes } from './features/shop/sandbox-pay.routes.ts';
import { shopRoutes } from './features/shop/shop.routes.ts';
import { createShopService } from './features/shop/shop.service.ts';
import { createSessionService, SESSION_CHANGED_CHANNEL } from './features/session/session.service.ts';
import { signinRoutes } from './features/signin/signin.routes.ts';
import { createSigninService } from './features/signin/signin.service.ts';
import { streamingRoutes } from './features/streaming/streaming.routes.ts';
import { createStreamingService } from './features/streaming/streaming.service.ts';
import { userRoutes } from './features/user/user.routes.ts';
import { createUserService, USER_CHANGED_CHANNEL } from './features/user/user.service.ts';
import { encryptBytes } from './media/aes.ts';
import type { AppContext } from './platform/context.ts';
import type { Db } from './platform/db/database.ts';
import { isDatabaseUnavailable } from './platform/db/database.ts';
import { notificationsOf } from './platform/db/notifications.ts';
import { AppError } from './platform/errors.ts';
import { createImmutableFiles, type ImmutableFiles } from './platform/immutable-files.ts';
import { installLoadShedding, RETRY_AFTER_S } from './platform/load-shedding.ts';
import { followChanges } from './platform/row-cache.ts';
import { MemoryCache } from './platform/memory-cache.ts';
import { installHealth } from './platform/health.ts';
import { loggerOptions } from './platform/log.ts';
import { installMetrics, timeUnrouted } from './platform/metrics.ts';
import { REQUEST_ID_HEADER, requestIdOf, requestIds } from './platform/request-id.ts';
import { installRateLimits } from './platform/rate-limits.ts';
import { envelope, errorEnvelope } from './platform/reply.ts';
import { securityHeaders, securityPlugin } from './platform/security.ts';
import { loadSecrets } from './platform/settings.ts';

const API_PREFIXES = ['/v1/', '/v2/', '/hls/'];
/** Paths the server owns: an unknown one there is a 404, never the web app's page. */
const SERVER_PREFIXES = [...API_PREFIXES, '/img/', '/pay/', '/sandbox-pay/', '/dev/'];
/** The operator console's pages (packages/admin); its API lives under CONSOLE_PREFIX. */
const ADMIN_PAGES = /^\/admin(\/|\?|$)/;
const APP_NAME = 'streamapp';
/** Idle keep-alive connections are closed after this (Fastify's own default, set here because the server is ours). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Many requests of one client share a keep-alive connection; a dead one must not pin a socket. */
const CONNECTION_TIMEOUT_MS = 60_000;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  listening: ListeningPorts;
}

export async function buildApp(
  config: Config,
  db: Db,
  /**
   * `now` replaces the clock (tests); `paymentProvider` the configured gateway (provider failures);
   * `onRoute` sees every route as it is added (the fuzz test sends hostile input to each).
   */
  options: {
    logger?: boolean;
    now?: () => Date;
    paymentProvider?: PaymentProvider;
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<BuiltApp> {
  const ctx: AppContext = {
    config,
    db,
    cache: new MemoryCache(),
    secrets: await loadSecrets(db),
    now: options.now ?? (() => new Date()),
  };
  const listening: ListeningPorts = { ports: [config.port, ...config.linePorts] };

  const media = mediaDirs(config);
  const immutableFiles = createImmutableFiles(
    // With MEDIA_STORE=s3 the files are not on this disk: the store routes below answer them.
    config.mediaStore.kind === 's3'
      ? []
      : [
          {
            prefix: '/img/',
            root: media.images,
            contentType: 'application/octet-stream',
            accepts: () => true,
          },
          {
            prefix: '/hls/',
            root: media.hls,
            contentType: 'video/mp2t',
            accepts: (name) => name.endsWith('.ts'),
          },
        ],
    (request) => isBlockedRegion(config, request.headers),
    securityHeaders(config.publicUrl?.startsWith('https:') === true).media,
  );
  const ids = requestIds(config.trustProxy);

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    bodyLimit: MAX_JSON_BODY_BYTES,
    // Remembered images and segments are answered before the router (platform/immutable-files.ts).
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        ids.assign(request, response);
        if (!immutableFiles.serve(request, response)) handler(request, response);
      });
      server.setTimeout(CONNECTION_TIMEOUT_MS);
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    return503OnClosing: true,
    // x-request-id: kept from a trusted proxy, else made here (platform/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // X-Forwarded-* count only from the proxies TRUST_PROXY names (none by default).
    trustProxy: config.trustProxy,
    // Long ids go through the route so that its schema refuses them with every hook applied (CORS,
    // line encryption, region check); the router's own refusals skip those hooks.
    routerOptions: { maxParamLength: 8192 },
    // A path the router still refuses (broken percent-encoding) is bad input too.
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      if (request.url.startsWith(`${CONSOLE_PREFIX}/`)) reply.code(400).send({ error: 'invalid_input' });
      else reply.code(Status.invalid).send(errorEnvelope(Status.invalid));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  await app.register(cors, {
    // The token is a parameter, never a cookie, so any origin (every line, the dev server) may call.
    origin: true,
    credentials: false,
    allowedHeaders: ['content-type', FAST_CODE_HEADER],
    exposedHeaders: [ENCRYPTED_APP_NAME_HEADER, ENCRYPTED_VERSION_HEADER],
    maxAge: 86_400,
  });
  await app.register(formbody, { bodyLimit: MAX_JSON_BODY_BYTES });
  // Replies the fast path never saw (tests' inject) get their id here.
  app.addHook('onRequest', async (request, reply) => {
    if (!reply.raw.hasHeader(REQUEST_ID_HEADER)) reply.header(REQUEST_ID_HEADER, request.id);
  });
  let redis: Awaited<ReturnType<typeof installRateLimits>> = undefined;
  installMetrics(app, config, { db, redis: () => redis });
  await installLoadShedding(app, config, db);

  const appShell = createAppShell(readAppShell(config.webDist));
  installErrorHandling(app, appShell, readAppShell(config.adminDist));
  redis = await installRateLimits(app, config);
  installDraining(app, immutableFiles);
  installRegionCheck(app, config);

  const lines = createLinesService(ctx, listening);
  await lines.loadOperatorLines();
  appShell.useLines(ctx, lines);
  await app.register(
    securityPlugin(config, lines.lineOriginsOrNone, [renderJumpPage(), ...EARLY_START_SCRIPTS]),
  );
  installLineEncryption(app, ctx, lines);

  const sessions = createSessionService(db, config.businessTimeZone);
  const appInfo = createAppInfoService(ctx, lines);
  const users = createUserService(ctx, appInfo);
  const notifications = notificationsOf(db);
  const likeSets = createLikeSets(db);
  const unfollow = await Promise.all([
    followChanges(notifications, SESSION_CHANGED_CHANNEL, sessions.sessionRows),
    followChanges(notifications, USER_CHANGED_CHANNEL, users.userRows),
    followChanges(notifications, LIKES_CHANGED_CHANNEL, likeSets.rows),
  ]);
  app.addHook('onClose', async () => {
    await Promise.all(unfollow.map((stop) => stop()));
  });
  await app.register(linesRoutes(ctx, lines, sessions));
  await app.register(appInfoRoutes(ctx, appInfo));
  await app.register(sessionRoutes(sessions));
  await app.register(userRoutes(sessions, users));
  const outbox = createOutbox(db, app.log, { production: config.env === 'production' });
  const senders = {
    email: createMailSender(config, outbox, app.log),
    phone: createSmsSender(config, outbox, app.log),
  };
  await app.register(
    accountsRoutes(sessions, createAccountsService({ ctx, sessions, users, appInfo, senders })),
  );
  // The outbox holds live codes and a ticket grant is a discount for free: both exist only on a
  // development or test server.
  if (config.env !== 'production') {
    await app.register(outboxRoutes(outbox));
    await app.register(devGrantsRoutes(db, sessions));
  }
  await app.register(catalogueRoutes(ctx, createCatalogueService(ctx)));
  await app.register(signinRoutes(sessions, createSigninService(ctx, users)));
  await app.register(analyticsRoutes(ctx, sessions));
  await app.register(streamingRoutes(lines, createStreamingService(ctx, appInfo)));
  await app.register(playerRoutes(sessions, createPlayerService(ctx, appInfo)));
  await app.register(likesRoutes(sessions, createLikesService(ctx, likeSets.forget)));
  const browse = createBrowseService(ctx, likeSets);
  await app.register(browseRoutes(sessions, browse));
  await app.register(exploreRoutes(sessions, createExploreService(ctx, browse, appInfo, likeSets)));
  await app.register(pwaRoutes(ctx, lines, sessions, appInfo));
  await app.register(rewardsRoutes(sessions, createRewardsService(ctx, users, appInfo)));
  const payments = createPaymentProvider(config, ctx.secrets);
  const provider = options.paymentProvider ?? payments.provider;
  await app.register(
    shopRoutes(config, sessions, createShopService({ ctx, appInfo, users, provider, log: app.log })),
  );
  if (payments.account.mode === 'sandbox')
    await app.register(sandboxPayRoutes(payments.account, config.port));

  const operators = createOperatorsService(ctx);
  await operators.bootstrap(app.log);
  await app.register(consolePlugin({ ctx, operators, appInfo, users, sessions, lines }), {
    prefix: CONSOLE_PREFIX,
  });

  await installHealth(app, { db, redis: config.redisUrl ? () => redis : undefined });

  if (config.mediaStore.kind === 's3') registerStoredMedia(app, mediaStoreOf(config));
  await registerStaticFiles(app, config, media);
  return { app, ctx, listening };
}

/** Every refusal is the contract's envelope with a code from its table; 5xx details stay in the log. */
function installErrorHandling(app: FastifyInstance, appShell: AppShell, consoleShell: Buffer | undefined) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let code: StatusCode;
    let message: string | undefined;
    let response: unknown = null;
    if (error instanceof AppError) {
      code = error.status;
      message = error.message;
      response = error.response;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      code = Status.invalid;
      const fields = error.validation.map((issue) => issue.instancePath.replace(/^\//, '')).filter(Boolean);
      message = `invalid_input${fields.some(Boolean) ? `: ${[...new Set(fields)].join(', ')}` : ''}`;
    } else if (
      'statusCode' in error &&
      error.statusCode !== undefined &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Malformed JSON or form, oversized or unsupported bodies: the client sent something unusable.

      code = Status.invalid;
      message = 'invalid_input';
    } else if (error instanceof MediaStoreUnavailable) {
      // The bucket is down or refuses the credentials (MEDIA_STORE=s3): a viewer tries again later.
      request.log.error({ err: error }, 'media store unavailable');
      code = Status.unavailable;
      reply.header('retry-after', String(RETRY_AFTER_S));
    } else if (isDatabaseUnavailable(error)) {
      // A database restart or outage: the client tries again shortly, the process reconnects.
      request.log.warn({ err: error }, 'database unavailable');
      code = Status.unavailable;
      reply.header('retry-after', String(RETRY_AFTER_S));
    } else {
      request.log.error({ err: error }, 'request failed');
      code = Status.serverError;
    }
    return reply.code(code).send(envelope(response, code, message));
  });

  app.setNotFoundHandler(async (request, reply) => {
    timeUnrouted(request, reply);
    // The console's routes (/admin/…) get the console's page; nothing of it reaches other paths.
    if (
      consoleShell !== undefined &&
      request.method === 'GET' &&
      ADMIN_PAGES.test(request.url) &&
      !request.url.startsWith(`${CONSOLE_PREFIX}/`)
    )
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(consoleShell);
    // History-mode routes of the web app: any other GET for a page gets the app shell.
    const isPage =
      appShell.built !== undefined &&
      request.method === 'GET' &&
      !SERVER_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
      !ADMIN_PAGES.test(request.url);
    if (isPage) {
      const page = appShell.encode((await appShell.pageFor(request))!, request.headers['accept-encoding']);
      if (page.encoding) reply.header('content-encoding', page.encoding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, accept-encoding')
        .type('text/html; charset=utf-8')
        .send(page.body);
    }
    return reply.code(Status.notFound).send(errorEnvelope(Status.notFound));
  });
}

function readAppShell(dist: string): Buffer | undefined {
  const file = path.join(dist, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

/**
 * While the server shuts down, every reply asks its client to close the connection, so busy
 * keep-alive connections end after their current request instead of holding the process open.
 */
function installDraining(app: FastifyInstance, immutableFiles: ImmutableFiles) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
    immutableFiles.close();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
}

/** 481 for countries the operator blocks, read from a CDN's country header (none by default). */
function installRegionCheck(app: FastifyInstance, config: Config) {
  if (config.blockedCountries.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if (isBlockedRegion(config, request.headers)) {
      return reply.code(Status.regionBlocked).send(errorEnvelope(Status.regionBlocked));
    }
  });
}

function isBlockedRegion(config: Config, headers: http.IncomingHttpHeaders): boolean {
  if (config.blockedCountries.length === 0) return false;
  const value = headers[config.countryHeader];
  const country = (Array.isArray(value) ? value[0] : value)?.toUpperCase();
  return country !== undefined && config.blockedCountries.includes(country);
}

function mediaDirs(config: Config) {
  const dirs = {
    images: path.resolve(config.mediaDir, 'img'),
    hls: path.resolve(config.mediaDir, 'hls'),
  };
  // With MEDIA_STORE=s3 nothing of the media is on this disk: no empty folders pretend otherwise.
  if (config.mediaStore.kind === 'local') {
    fs.mkdirSync(dirs.images, { recursive: true });
    fs.mkdirSync(dirs.hls, { recursive: true });
  }
  return dirs;
}

/**
 * On lines whose `encrypt` is set, API replies leave as AES-256-GCM with the line's key, marked by
 * the app-name and version headers (version 1: base64 text). Playlists and keys stay as they are:
 * players read them directly.
 */
function installLineEncryption(
  app: FastifyInstance,
  ctx: AppContext,
  lines: ReturnType<typeof createLinesService>,
) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!lines.isEncryptedLine(lines.lineIndexOf(request))) return payload;
    if (!request.url.startsWith('/v1/') && !request.url.startsWith('/v2/')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    const plain =
      typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
    if (!plain) return payload;
    reply.header(ENCRYPTED_APP_NAME_HEADER, APP_NAME);
    reply.header(ENCRYPTED_VERSION_HEADER, EncryptionVersion.base64);
    reply.type('text/plain; charset=utf-8');
    return encryptBytes(ctx.secrets.apiKey, plain).toString('base64');
  });
}

/** A single `bytes=a-b` range (what players and browsers send); anything else gets the whole file. */
const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Images and segments read from the bucket (MEDIA_STORE=s3) when Node still serves them (no edge
 * in front yet): the same URLs, headers and ranges as the static-file routes on the local disk.
 */
function registerStoredMedia(app: FastifyInstance, store: MediaStore) {
  const mounts = [
    { prefix: '/img/', key: 'img/', type: 'application/octet-stream', accepts: () => true },
    { prefix: '/hls/', key: 'hls/', type: 'video/mp2t', accepts: (name: string) => name.endsWith('.ts') },
  ];
  for (const mount of mounts) {
    app.get(`${mount.prefix}*`, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      if (!mount.accepts(name)) return reply.callNotFound();
      const key = `${mount.key}${name}`;
      const badKey = (error: unknown) => {
        if (error instanceof InvalidMediaKey) return undefined;
        throw error;
      };
      const wanted = SINGLE_RANGE.exec(request.headers.range ?? '');
      // Only a ranged request needs the size first; a whole file is one GET that carries its size.
      const size = wanted ? await store.size(key).catch(badKey) : undefined;
      if (wanted && size === undefined) return reply.callNotFound();
      let range: { start: number; end: number } | undefined;
      if (wanted && size !== undefined && (wanted[1] || wanted[2])) {
        const start = wanted[1] ? Number(wanted[1]) : Math.max(0, size - Number(wanted[2]));
        const end = wanted[1] && wanted[2] ? Math.min(Number(wanted[2]), size - 1) : size - 1;
        if (start > end || start >= size)
          return reply.code(416).header('content-range', `bytes */${size}`).send();
        range = { start, end };
      }
      const found = await store.stream(key, range).catch(badKey);
      if (!found) return reply.callNotFound();
      reply
        .header('content-type', mount.type)
        .header('cache-control', PUBLIC_CACHE_CONTROL)
        .header('accept-ranges', 'bytes');
      if (range)
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${found.size}`)
          .header('content-length', range.end - range.start + 1);
      else reply.header('content-length', found.size);
      return reply.send(found.body);
    });
  }
}

async function registerStaticFiles(
  app: FastifyInstance,
  config: Config,
  { images: imageDir, hls: hlsDir }: ReturnType<typeof mediaDirs>,
) {
  if (config.mediaStore.kind === 's3') return registerAppFiles(app, config);
  // Images are encrypted once and never change under a name: any CDN may keep them forever.
  await app.register(fastifyStatic, {
    root: imageDir,
    prefix: '/img/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    setHeaders: (reply) => reply.header('content-type', 'application/octet-stream'),
  });
  // Segments are encrypted and immutable too; playlists and keys go through their own routes.
  await app.register(fastifyStatic, {
    root: hlsDir,
    prefix: '/hls/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    allowedPath: (pathName) => pathName.endsWith('.ts'),
  });
  await registerAppFiles(app, config);
}

/** The console and the web app's built files. */
async function registerAppFiles(app: FastifyInstance, config: Config) {
  if (fs.existsSync(path.join(config.adminDist, 'index.html')))
    await app.register(fastifyStatic, {
      root: config.adminDist,
      prefix: '/admin/',
      wildcard: false,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        ),
    });

  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    // The web build leaves .br and .gz beside each text asset (packages/web/scripts/compress.mjs).
    preCompressed: true,
    cacheControl: false,
    // Vite names built assets by content hash; the shell and service worker must be re-checked.
    setHeaders: (reply, filePath) =>
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      ),
  });
}
