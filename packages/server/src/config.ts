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
  /**
   * What this process does (issue 34): `all` everything (one machine); `web` the API, pages and
   * console, no transcoding and no scheduled jobs; `worker` the transcode queue and the scheduled
   * jobs only, with /healthz on PORT.
   */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Where media files live (issue 33): `local` under DATA_DIR/media, `s3` in an S3-compatible bucket. */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  /** The bucket's address (MinIO, Ceph, R2…); unset means AWS itself, chosen by S3_REGION. */
  S3_ENDPOINT: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Prepended to every key, so several installations can share one bucket. */
  S3_PREFIX: z.string().default(''),
  DATABASE_URL: z.string().optional(),
  /**
   * Counters shared by every process and node (rate limits, buffered views) live here when set; in
   * memory (limits) or PostgreSQL (views) otherwise. Required with WORKERS > 1 or in production.
   */
  REDIS_URL: optionalText,
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
  /** `on`: an owner must set up TOTP before using the console. Unset: on in production, else off. */
  OPERATOR_REQUIRE_TOTP: z.enum(['on', 'off']).optional(),
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
  /**
   * The ports clients reach each line at, when a proxy in front listens on other ports than this
   * node (issue 34, `npm run cluster:local`): the main line first, then one per extra line. Unset:
   * the node's own ports, as on one machine.
   */
  PUBLIC_LINE_PORTS: z
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
  /**
   * Where public media (segments, images) is fetched: one or more edge origins, comma-separated
   * (issue 33). The host list's image and stream lines point there; unset, this server serves media.
   */
  MEDIA_BASE_URL: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .url()
          .refine((url) => /^https?:/.test(url), 'an http(s) origin'),
      ),
    )
    .transform((urls) => urls.map((url) => new URL(url).origin)),
  /**
   * The secret the edges of MEDIA_BASE_URL know (deploy/nginx `EDGE_PURGE_KEY`): with it the server
   * makes them refetch a deleted file, so they forget it. Unset: edges forget only as caches expire.
   */
  EDGE_PURGE_KEY: optionalText,
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
  /** `pretty`: one coloured line per event for a person (the development default); `json` elsewhere. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Prometheus metrics at GET /metrics on this port only (issue 35); unset: no metrics. */
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  /** Where the metrics port listens: this machine only unless a scraper elsewhere needs it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().optional(),
  /**
   * Server processes sharing the ports, one per core in production (ARCHITECTURE). More than one
   * needs DATABASE_URL: embedded PGlite belongs to a single process.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * PostgreSQL connections each process's pool keeps at most; default 10, less with many WORKERS
   * (README "Database connections" has the max_connections formula).
   */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(500).optional(),
  /**
   * Seconds between SIGTERM (/readyz fails at once) and refusing new connections (issue 35): long
   * enough for a load balancer to see /readyz fail. Default 5 in production, 0 otherwise.
   */
  SHUTDOWN_DRAIN_S: z.coerce.number().min(0).max(300).optional(),
  /** Days analytics events and ad clicks are kept (the daily retention job, docs/decisions.md). */
  RETENTION_EVENTS_DAYS: z.coerce.number().int().min(1).default(90),
  /** Days a guest account nobody used, with nothing bought, is kept after its last session. */
  RETENTION_GUESTS_DAYS: z.coerce.number().int().min(1).default(180),
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
  /** Longest video a transcode job accepts, judged from the probe before anything is encoded. */
  TRANSCODE_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(4 * 3600),
  /** Wall-clock ceiling of one transcode job, all stages together (not a share of the declared length). */
  TRANSCODE_MAX_JOB_MINUTES: z.coerce.number().int().min(1).default(180),
  /** The ffmpeg every media run uses; else the system's (on PATH), else the npm package's static build. */
  FFMPEG_PATH: optionalText,
  /** The ffprobe the upload probe runs; else the one beside the chosen ffmpeg; else ffmpeg probes. */
  FFPROBE_PATH: optionalText,
  /** Set by the supervisor for each of its WORKERS: that process's part of the machine's transcodes. */
  TRANSCODE_SHARE: z.coerce.number().int().min(0).max(256).optional(),
  /**
   * The share of the staging disk's free space unfinished console uploads may reserve between them
   * (their declared lengths still to come, plus 1 GB kept free): the rest is for everything else.
   */
  UPLOAD_DISK_SHARE: z.coerce.number().gt(0).max(1).default(0.9),
  /**
   * With MEDIA_STORE=s3 uploads are staged in the bucket, whose free space no one can ask: the
   * declared lengths of unfinished console uploads together may reach this many gigabytes.
   */
  UPLOAD_STAGING_QUOTA_GB: z.coerce.number().gt(0).default(100),
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
  if (raw.ROLE !== 'all' && !raw.DATABASE_URL)
    throw new Error(
      `invalid configuration: ROLE=${raw.ROLE} needs DATABASE_URL (shared with the other nodes)`,
    );
  if (raw.MEDIA_STORE === 's3' && !raw.S3_BUCKET)
    throw new Error('invalid configuration: MEDIA_STORE=s3 needs S3_BUCKET');
  const linePorts = raw.LINE_PORTS.length > 0 ? raw.LINE_PORTS : extraLinePortsFromArgs(argv, raw.PORT);
  const dataDir = path.resolve(raw.DATA_DIR);
  const serverRoot = path.resolve(import.meta.dirname, '..');
  return {
    env: raw.NODE_ENV,
    role: raw.ROLE,
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    mediaStore: {
      kind: raw.MEDIA_STORE,
      s3: {
        endpoint: raw.S3_ENDPOINT,
        region: raw.S3_REGION,
        bucket: raw.S3_BUCKET ?? '',
        accessKeyId: raw.S3_ACCESS_KEY_ID,
        secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
        prefix: raw.S3_PREFIX,
      },
    },
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
    publicLinePorts: raw.PUBLIC_LINE_PORTS,
    lineEncrypt: raw.LINE_ENCRYPT,
    mediaBaseUrls: raw.MEDIA_BASE_URL,
    edgePurgeKey: raw.EDGE_PURGE_KEY,
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
    logFormat: raw.LOG_FORMAT ?? (raw.NODE_ENV === 'development' ? 'pretty' : 'json'),
    metricsPort: raw.METRICS_PORT,
    metricsHost: raw.METRICS_HOST,
    webDist: path.resolve(raw.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    adminDist: path.resolve(raw.ADMIN_DIST ?? path.join(serverRoot, '..', 'admin', 'dist')),
    operators: {
      ownerEmail: raw.OWNER_EMAIL,
      ownerPassword: raw.OWNER_PASSWORD,
      // An owner's session reaches everything: in production a password alone is not enough.
      requireTotp: (raw.OPERATOR_REQUIRE_TOTP ?? (raw.NODE_ENV === 'production' ? 'on' : 'off')) === 'on',
    },
    appeals: {
      perAccountPerDay: raw.APPEALS_PER_DAY,
      dailyBytes: Math.floor(raw.APPEAL_DAILY_MB * MEGABYTE),
      storageBytes: Math.floor(raw.APPEAL_STORAGE_MB * MEGABYTE),
    },
    autoSeed: raw.AUTO_SEED,
    workers: raw.WORKERS,
    pgPoolMax: raw.PG_POOL_MAX ?? defaultPoolSize(raw.WORKERS),
    shutdownDrainMs: (raw.SHUTDOWN_DRAIN_S ?? (raw.NODE_ENV === 'production' ? 5 : 0)) * 1000,
    retention: { eventsDays: raw.RETENTION_EVENTS_DAYS, guestsDays: raw.RETENTION_GUESTS_DAYS },
    loadShedding: { maxEventLoopDelayMs: raw.MAX_EVENT_LOOP_DELAY_MS, maxDbWaiting: raw.MAX_DB_WAITING },
    transcode: {
      ...transcodeOf(raw),
      limits: { maxSeconds: raw.TRANSCODE_MAX_SECONDS, maxJobMs: raw.TRANSCODE_MAX_JOB_MINUTES * 60_000 },
    },
    ffmpegPath: raw.FFMPEG_PATH,
    ffprobePath: raw.FFPROBE_PATH,
    uploads: { diskShare: raw.UPLOAD_DISK_SHARE, stagingQuotaBytes: raw.UPLOAD_STAGING_QUOTA_GB * 1024 ** 3 },
  };
}

/** Pool size per process: 10, or fewer so that one machine's WORKERS hold about 40 together. */
function defaultPoolSize(workers: number): number {
  return Math.max(3, Math.min(10, Math.floor(40 / workers)));
}

/**
 * Transcodes on this machine: TRANSCODE_CONCURRENCY (default one per core) in all, whatever WORKERS
 * says; the supervisor hands each process its share (some get none). A web node runs none.
 */
function transcodeOf(raw: z.infer<typeof EnvSchema>) {
  const machine = raw.ROLE === 'web' ? 0 : (raw.TRANSCODE_CONCURRENCY ?? os.availableParallelism());
  const concurrency = raw.ROLE === 'web' ? 0 : (raw.TRANSCODE_SHARE ?? machine);
  // Each ffmpeg gets the machine's cores shared among the transcodes that may run at once.
  const threads = Math.max(1, Math.floor(os.availableParallelism() / Math.max(1, machine)));
  return { machine, concurrency: Math.min(concurrency, machine), threads };
}

/** The share of `machine` transcodes of worker `index` (0-based) of `workers`: they add up to `machine`. */
export function transcodeShare(machine: number, workers: number, index: number): number {
  return Math.floor(machine / workers) + (index < machine % workers ? 1 : 0);
}

/**
 * Shared state a process needs before it may start: with several processes (WORKERS > 1) or in
 * production (several nodes), limits and counters must be shared by all of them, so Redis is required.
 */
export function sharedStateProblem(config: Config): string | undefined {
  if (config.redisUrl) return undefined;
  if (config.workers > 1)
    return 'WORKERS above 1 needs REDIS_URL: rate limits and view counters must be shared by every process';
  if (config.env === 'production')
    return 'NODE_ENV=production needs REDIS_URL: rate limits and view counters must be shared by every node';
  return undefined;
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
