import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** A provider address; an empty value (`SMTP_URL=` in an env file) means none. */
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional());
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const WINDOW_UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/**
 * A rate limit: `<requests>/<window>`, e.g. `60/1m` (units s, m, h). README's configuration table
 * lists each with its default and what it counts.
 */
const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(value);
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
        context.addIssue({ code: 'custom', message: 'expected <requests>/<window>, e.g. 60/1m' });
        return z.NEVER;
      }
      return {
        max: Number(match[1]),
        windowMs: Number(match[2]) * WINDOW_UNIT_MS[match[3] as keyof typeof WINDOW_UNIT_MS],
      };
    });

/**
 * The typed configuration, read from the environment once. Defaults run the whole product on one
 * machine with nothing else installed (embedded database in ./data, lines on the same server).
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Counters shared by every process and node (rate limits) live here when set; in memory otherwise. */
  REDIS_URL: z.string().optional(),
  /** Prefix of every key this app writes to Redis (several apps or test runs can share one Redis). */
  REDIS_PREFIX: z.string().default('streamapp:'),
  /** `off` only to measure what the limits cost (bench:api); they are on in every mode. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Per client address unless the name says otherwise (docs/decisions.md "Rate limits"). */
  RATE_LIMIT_LAUNCH: rateLimit('120/1m'),
  RATE_LIMIT_GUEST: rateLimit('60/1m'),
  RATE_LIMIT_EVENTS: rateLimit('120/1m'),
  RATE_LIMIT_SEND: rateLimit('60/1m'),
  RATE_LIMIT_SEND_TOKEN: rateLimit('20/1h'),
  RATE_LIMIT_SEND_DESTINATION: rateLimit('12/1h'),
  RATE_LIMIT_LOOKUP: rateLimit('30/10m'),
  RATE_LIMIT_SIGN_IN: rateLimit('60/1m'),
  RATE_LIMIT_ACTIVITY: rateLimit('60/1m'),
  RATE_LIMIT_ACTIVITY_TOKEN: rateLimit('10/10m'),
  RATE_LIMIT_APPEAL: rateLimit('30/1m'),
  RATE_LIMIT_BUY: rateLimit('60/1m'),
  /** Operator sign-in attempts per client address (the console, issue 23). */
  RATE_LIMIT_OPERATOR_SIGN_IN: rateLimit('20/10m'),
  /** Console API calls per client address: an operator's busy afternoon fits, a script's loop does not. */
  RATE_LIMIT_CONSOLE: rateLimit('600/1m'),
  /** The first owner of the console, created at start when no operator exists (README "Operator console"). */
  OWNER_EMAIL: optionalText,
  OWNER_PASSWORD: optionalText,
  /** `on`: an owner must set up TOTP before using the console. */
  OPERATOR_REQUIRE_TOTP: z.enum(['on', 'off']).default('off'),
  /** The built console (packages/admin/dist) when it lives elsewhere. */
  ADMIN_DIST: z.string().optional(),
  /** Code mail goes out over SMTP when set (`smtp://user:pass@host:587`, `smtps://…`); else to the outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('no-reply@localhost'),
  /** Code SMS go to this HTTP provider (POST JSON, bearer key) when set; else to the outbox. */
  SMS_PROVIDER_URL: optionalUrl,
  SMS_PROVIDER_KEY: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Which peers may speak for the client through X-Forwarded-For/-Proto/-Host: none (default), the
   * nearest N hops (`1`), or addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`, `loopback`).
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, context) => {
      const trusted = trustedProxiesOf(value);
      if (trusted === undefined)
        context.addIssue({ code: 'custom', message: 'a hop count or a list of addresses and CIDR ranges' });
      return trusted ?? false;
    }),
  /** Extra ports on which the same server listens, each one more api/img/stream line. */
  LINE_PORTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((port) => port.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().min(1).max(65535))),
  /** Which lines encrypt their API replies: `extra` (every extra line), `all` or `none`. */
  LINE_ENCRYPT: z.enum(['extra', 'all', 'none']).default('extra'),
  TZ_BUSINESS: z.string().default('Asia/Shanghai'),
  /** Header carrying the client's country (e.g. set by a CDN), and the blocked countries. */
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  BLOCKED_COUNTRIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((country) => country.trim().toUpperCase())
        .filter(Boolean),
    ),
  /** `sandbox` (default outside production) mounts the built-in gateway at /sandbox-pay. */
  PAYMENT_MODE: z.enum(['sandbox', 'live']).optional(),
  /** The EPay-style gateway's base address (`/submit.php` is appended) and the merchant account. */
  PAYMENT_GATEWAY_URL: optionalUrl,
  PAYMENT_PID: optionalText,
  PAYMENT_KEY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().optional(),
  /**
   * Server processes sharing the ports, one per core in production (ARCHITECTURE). More than one
   * needs DATABASE_URL: embedded PGlite belongs to a single process.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Load shedding (@fastify/under-pressure): every request is refused with 503 while the event
   * loop's mean delay over 3 seconds is above this (0: never), or while more than
   * MAX_DB_WAITING queries wait for a database connection.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  MAX_DB_WAITING: z.coerce.number().int().min(1).default(500),
  /** Payment appeals an account may send in any 24 hours. */
  APPEALS_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Megabytes of appeal screenshots all accounts together may store in any 24 hours. */
  APPEAL_DAILY_MB: z.coerce.number().positive().default(1024),
  /** Megabytes of appeal screenshots kept in DATA_DIR/appeals at most (the storage ceiling). */
  APPEAL_STORAGE_MB: z.coerce.number().positive().default(10240),
  /**
   * ffmpeg processes transcoding at once on this machine (issue 24), shared out among the WORKERS
   * processes; default one per core. 0: this machine runs no transcode jobs (another one does).
   */
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(256).optional(),
  /** Skip generating the demo catalogue on a first start (tests seed explicitly). */
  AUTO_SEED: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
});

export type Config = ReturnType<typeof loadConfig>;

const MEGABYTE = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  const raw = parsed.data;
  if (raw.WORKERS > 1 && !raw.DATABASE_URL)
    throw new Error('invalid configuration: WORKERS above 1 needs DATABASE_URL (PGlite serves one process)');
  const linePorts = raw.LINE_PORTS.length > 0 ? raw.LINE_PORTS : extraLinePortsFromArgs(argv, raw.PORT);
  const dataDir = path.resolve(raw.DATA_DIR);
  const serverRoot = path.resolve(import.meta.dirname, '..');
  return {
    env: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    redisPrefix: raw.REDIS_PREFIX,
    rateLimits: {
      on: raw.RATE_LIMITS === 'on',
      launch: raw.RATE_LIMIT_LAUNCH,
      guest: raw.RATE_LIMIT_GUEST,
      events: raw.RATE_LIMIT_EVENTS,
      send: raw.RATE_LIMIT_SEND,
      sendToken: raw.RATE_LIMIT_SEND_TOKEN,
      sendDestination: raw.RATE_LIMIT_SEND_DESTINATION,
      lookup: raw.RATE_LIMIT_LOOKUP,
      signIn: raw.RATE_LIMIT_SIGN_IN,
      activity: raw.RATE_LIMIT_ACTIVITY,
      activityToken: raw.RATE_LIMIT_ACTIVITY_TOKEN,
      appeal: raw.RATE_LIMIT_APPEAL,
      buy: raw.RATE_LIMIT_BUY,
      operatorSignIn: raw.RATE_LIMIT_OPERATOR_SIGN_IN,
      console: raw.RATE_LIMIT_CONSOLE,
    },
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    sms: { providerUrl: raw.SMS_PROVIDER_URL, providerKey: raw.SMS_PROVIDER_KEY },
    publicUrl: raw.PUBLIC_URL,
    trustProxy: trustProxyOption(raw.TRUST_PROXY),
    linePorts,
    lineEncrypt: raw.LINE_ENCRYPT,
    businessTimeZone: raw.TZ_BUSINESS,
    countryHeader: raw.COUNTRY_HEADER.toLowerCase(),
    blockedCountries: raw.BLOCKED_COUNTRIES,
    payment: {
      mode: raw.PAYMENT_MODE ?? (raw.NODE_ENV === 'production' ? 'live' : 'sandbox'),
      gatewayUrl: raw.PAYMENT_GATEWAY_URL,
      pid: raw.PAYMENT_PID,
      key: raw.PAYMENT_KEY,
    },
    logLevel: raw.LOG_LEVEL,
    webDist: path.resolve(raw.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    adminDist: path.resolve(raw.ADMIN_DIST ?? path.join(serverRoot, '..', 'admin', 'dist')),
    operators: {
      ownerEmail: raw.OWNER_EMAIL,
      ownerPassword: raw.OWNER_PASSWORD,
      requireTotp: raw.OPERATOR_REQUIRE_TOTP === 'on',
    },
    appeals: {
      perAccountPerDay: raw.APPEALS_PER_DAY,
      dailyBytes: Math.floor(raw.APPEAL_DAILY_MB * MEGABYTE),
      storageBytes: Math.floor(raw.APPEAL_STORAGE_MB * MEGABYTE),
    },
    autoSeed: raw.AUTO_SEED,
    workers: raw.WORKERS,
    loadShedding: { maxEventLoopDelayMs: raw.MAX_EVENT_LOOP_DELAY_MS, maxDbWaiting: raw.MAX_DB_WAITING },
    transcode: { concurrency: transcodeJobsPerProcess(raw.TRANSCODE_CONCURRENCY, raw.WORKERS) },
  };
}

/** Each server process's share of TRANSCODE_CONCURRENCY (at least one while any is asked for). */
function transcodeJobsPerProcess(machine: number | undefined, workers: number): number {
  const total = machine ?? os.availableParallelism();
  return total === 0 ? 0 : Math.max(1, Math.round(total / workers));
}

/** `npm start -- --lines 3` → two extra ports after PORT. */
function extraLinePortsFromArgs(argv: readonly string[], port: number): number[] {
  const index = argv.indexOf('--lines');
  const count = index >= 0 ? Number(argv[index + 1]) : 1;
  if (!Number.isInteger(count) || count < 1 || count > 16)
    throw new Error('--lines takes a number from 1 to 16');
  return Array.from({ length: count - 1 }, (_, i) => port + 1 + i);
}

/** As Fastify takes it: a hop count becomes "the nearest N hops" (what Fastify does with a number). */
function trustProxyOption(trusted: false | number | string[]) {
  if (typeof trusted !== 'number') return trusted;
  return trusted === 0 ? false : (_address: string, hop: number) => hop < trusted;
}

/** The ranges proxy-addr knows by name, as Express and Fastify accept them. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as Fastify's `trustProxy`: false, a hop count, or a list; undefined when malformed. */
function trustedProxiesOf(value: string): false | number | string[] | undefined {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^[0-9]+$/.test(text)) return Number(text) <= 64 ? Number(text) : undefined;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    if (NAMED_RANGES.has(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? entries : undefined;
}
