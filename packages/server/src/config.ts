import path from 'node:path';
import { z } from 'zod';

/** A provider address; an empty value (`SMTP_URL=` in an env file) means none. */
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional());
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

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
  REDIS_URL: z.string().optional(),
  /** Code mail goes out over SMTP when set (`smtp://user:pass@host:587`, `smtps://…`); else to the outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('no-reply@localhost'),
  /** Code SMS go to this HTTP provider (POST JSON, bearer key) when set; else to the outbox. */
  SMS_PROVIDER_URL: optionalUrl,
  SMS_PROVIDER_KEY: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
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
  /** Payment appeals an account may send in any 24 hours. */
  APPEALS_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Megabytes of appeal screenshots all accounts together may store in any 24 hours. */
  APPEAL_DAILY_MB: z.coerce.number().positive().default(1024),
  /** Megabytes of appeal screenshots kept in DATA_DIR/appeals at most (the storage ceiling). */
  APPEAL_STORAGE_MB: z.coerce.number().positive().default(10240),
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
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    sms: { providerUrl: raw.SMS_PROVIDER_URL, providerKey: raw.SMS_PROVIDER_KEY },
    publicUrl: raw.PUBLIC_URL,
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
    appeals: {
      perAccountPerDay: raw.APPEALS_PER_DAY,
      dailyBytes: Math.floor(raw.APPEAL_DAILY_MB * MEGABYTE),
      storageBytes: Math.floor(raw.APPEAL_STORAGE_MB * MEGABYTE),
    },
    autoSeed: raw.AUTO_SEED,
    workers: raw.WORKERS,
  };
}

/** `npm start -- --lines 3` → two extra ports after PORT. */
function extraLinePortsFromArgs(argv: readonly string[], port: number): number[] {
  const index = argv.indexOf('--lines');
  const count = index >= 0 ? Number(argv[index + 1]) : 1;
  if (!Number.isInteger(count) || count < 1 || count > 16)
    throw new Error('--lines takes a number from 1 to 16');
  return Array.from({ length: count - 1 }, (_, i) => port + 1 + i);
}
