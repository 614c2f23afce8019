import crypto from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { accountNameOf, Status } from '@app/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';
import { metrics } from './metrics.ts';
import { tokenOf } from './request.ts';

type LimitName = Exclude<keyof Config['rateLimits'], 'on'>;

/** Whose requests one counter counts: a client address, a token or a destination address. */
type Counted = 'address' | 'token' | 'destination';

interface Rule {
  limit: LimitName;
  counted: Counted;
}

const perAddress = (limit: LimitName): Rule => ({ limit, counted: 'address' });

/** Code sends: per client address, per token (a guest) and per address the code goes to. */
const CODE_SENDS: Rule[] = [
  perAddress('send'),
  { limit: 'sendToken', counted: 'token' },
  { limit: 'sendDestination', counted: 'destination' },
];

/** The limited routes (`METHOD path`) and what each counts, checked in this order. */
const LIMITED_ROUTES: Record<string, Rule[]> = {
  'POST /v1/launch': [perAddress('launch')],
  'GET /v1/fastlogin': [perAddress('launch')],
  'POST /v1/register/guest': [perAddress('guest')],
  'POST /v1/analytics/event': [perAddress('events')],
  // An ad click is an event too (a row each, anyone may send it): one budget with the others.
  'POST /v1/ad/click': [perAddress('events')],
  'POST /v1/register/verify': CODE_SENDS,
  'POST /v1/user/changereg/verify': CODE_SENDS,
  'POST /v1/user/pwd/forget': CODE_SENDS,
  'POST /v1/login/phone': [perAddress('signIn')],
  'POST /v1/user/exchange': [perAddress('activity'), { limit: 'activityToken', counted: 'token' }],
  'POST /v1/shop/report': [perAddress('appeal')],
  'GET /v2/shop/buy': [perAddress('buy')],
  'GET /v1/shop/buy': [perAddress('buy')],
  'POST /admin/api/session': [perAddress('operatorSignIn')],
};
/** Every route under these prefixes is counted by these rules too (after its own). */
const LIMITED_PREFIXES: [string, Rule[]][] = [['/admin/api/', [perAddress('console')]]];

/**
 * Routes whose refusals say whether an account exists (the forgot page must say "no such account",
 * sign-up must say "already bound"). Only those answers are counted, per client address: a person
 * meets them a few times, someone walking a list of addresses at once.
 */
const ACCOUNT_LOOKUPS = new Set([
  'POST /v1/register/verify',
  'POST /v1/register/binding',
  'POST /v1/user/changereg/verify',
  'POST /v1/user/changereg/binding',
  'POST /v1/user/pwd/forget',
]);
const REVEALING_MESSAGES = new Set(['account_not_exist', 'account_already_bound']);

/**
 * Limits that refuse (503, try again shortly) while their counts cannot be read, rather than let
 * requests through uncounted: each guards something that costs someone else or guesses a secret
 * (code mail and SMS, passwords, whether an account exists, activity codes). The others (launch,
 * guests, events, appeals, buy, console) let requests through: without them nobody can start the
 * app or pay. docs/decisions.md "Redis: what it holds, and when it is down".
 */
export const FAIL_CLOSED_LIMITS: ReadonlySet<LimitName> = new Set([
  'send',
  'sendToken',
  'sendDestination',
  'lookup',
  'signIn',
  'operatorSignIn',
  'activity',
  'activityToken',
]);

/** A fail-closed limit whose counter did not answer: 503 with a short wait. */
function countsUnavailable(): AppError {
  return new AppError(Status.unavailable, 'server_busy', { wait_seconds: UNAVAILABLE_WAIT_S });
}
const UNAVAILABLE_WAIT_S = 5;

/** A counter over the limit: 429 in the envelope, with the seconds until it accepts again. */
function tooManyRequests(waitSeconds: number): AppError {
  return new AppError(Status.tooManyRequests, 'too_many_requests', { wait_seconds: waitSeconds });
}

/** A key that stands for a token without being one: tokens are secrets, counters' keys are not. */
function digest(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

function keyOf(counted: Counted, request: FastifyRequest): string | undefined {
  switch (counted) {
    case 'address':
      // An IPv6 client has a /64 to itself: counting its addresses one by one would count nothing.
      return normalizeIP(request.ip);
    case 'token': {
      const token = tokenOf(request);
      return token ? digest(token) : undefined;
    }
    case 'destination': {
      const body = request.body as { email?: string; phone?: string } | undefined;
      if (body?.email === undefined && body?.phone === undefined) return undefined;
      const name = accountNameOf(body);
      return digest(`${name.channel}:${name.address}`);
    }
  }
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Request limits of the routes above (issue 22): per client address (`request.ip`, which comes
 * from forwarded headers only as TRUST_PROXY allows), per token and per code destination. Counts
 * live in Redis when REDIS_URL is set, so every process and node shares them, and in this process
 * otherwise. Call before the routes are added: limits attach to routes as they are declared.
 */
export async function installRateLimits(app: FastifyInstance, config: Config): Promise<Redis | undefined> {
  const settings = config.rateLimits;
  if (!settings.on) return undefined;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // A request waits at most one reconnection attempt for a count, never a long queue.
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis unavailable for rate limits'));
    await redis.connect().catch((error: Error) => app.log.warn({ err: error }, 'redis not reached'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.redisPrefix}rate:`,
    // Without Redis for a moment most requests go on unlimited rather than failing for everyone;
    // the limits of FAIL_CLOSED_LIMITS refuse instead (their own limiters say so).
    skipOnError: true,
  });
  /** Counts a request; a fail-closed limit whose counter did not answer refuses it (503). */
  const count = async (
    limit: LimitName,
    limiter: Limiter,
    request: FastifyRequest,
    reply: FastifyReply,
    options?: { increment: false },
  ) => {
    try {
      return await limiter(request, options);
    } catch (error) {
      request.log.warn({ err: error, limit }, 'rate limit counter unavailable: refused');
      reply.header('retry-after', UNAVAILABLE_WAIT_S);
      throw countsUnavailable();
    }
  };

  const limiters = new Map<string, Limiter>();
  const limiterOf = (limit: LimitName, counted: Counted) => {
    const name = `${limit}:${counted}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      const { max, windowMs } = settings[limit];
      limiter = app.createRateLimit({
        max,
        timeWindow: windowMs,
        keyGenerator: (request) => `${name}:${keyOf(counted, request)}`,
        skipOnError: !FAIL_CLOSED_LIMITS.has(limit),
        // The in-process store forgets the least recently counted keys beyond this many.
        cache: 20_000,
      } as Parameters<FastifyInstance['createRateLimit']>[0] & { cache: number });
      limiters.set(name, limiter);
    }
    return limiter;
  };

  const checkAll =
    (rules: Rule[]): preHandlerAsyncHookHandler =>
    async (request, reply) => {
      for (const { limit, counted } of rules) {
        if (keyOf(counted, request) === undefined) continue;
        const result = await count(limit, limiterOf(limit, counted), request, reply);
        if (!result.isAllowed && result.isExceeded) {
          metrics.rateLimitRefusals.inc({ limit });
          reply.header('retry-after', result.ttlInSeconds);
          throw tooManyRequests(result.ttlInSeconds);
        }
      }
    };

  const lookups = limiterOf('lookup', 'address');
  const checkLookups: preHandlerAsyncHookHandler = async (request, reply) => {
    const result = await count('lookup', lookups, request, reply, { increment: false });
    if (!result.isAllowed && result.remaining <= 0 && result.ttlInSeconds > 0) {
      metrics.rateLimitRefusals.inc({ limit: 'lookup' });
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests(result.ttlInSeconds);
    }
  };
  const countLookups = async (request: FastifyRequest, _reply: unknown, error: Error) => {
    // The refusal is already on its way; a count that cannot be written is only logged.
    if (error instanceof AppError && REVEALING_MESSAGES.has(error.message))
      await lookups(request).catch((failure: unknown) =>
        request.log.warn({ err: failure }, 'lookup not counted'),
      );
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      const routeName = `${method} ${route.url}`;
      const rules = [
        ...(LIMITED_ROUTES[routeName] ?? []),
        ...LIMITED_PREFIXES.filter(([prefix]) => route.url.startsWith(prefix)).flatMap(
          ([, prefixRules]) => prefixRules,
        ),
      ];
      const hooks: preHandlerAsyncHookHandler[] = [];
      if (ACCOUNT_LOOKUPS.has(routeName)) {
        hooks.push(checkLookups);
        route.onError = [...[route.onError ?? []].flat(), countLookups];
      }
      if (rules.length > 0) hooks.push(checkAll(rules));
      // The limits run before the route's own pre-handlers (the body is parsed and validated by then).
      if (hooks.length > 0) route.preHandler = [...hooks, ...[route.preHandler ?? []].flat()];
    }
  });
  return redis;
}
