import cluster from 'node:cluster';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import client from 'prom-client';
import type { Config } from '../config.ts';
import type { Db } from './db/database.ts';
import { connectionsInUse, waitingForConnection } from './db/database.ts';

/**
 * Prometheus metrics (issue 35), served on METRICS_PORT only, never on a public line. One registry
 * per process; with WORKERS > 1 the supervising process answers for all of them, adding up what
 * adds up. Features count their own events with one line (`metrics.payments.inc(...)`); what is
 * a state rather than an event (pool, Redis, queue) is read when Prometheus scrapes.
 */
export const registry = new client.Registry();

/** Read at scrape time: the database and Redis of the app this process serves. */
const sources: { db?: Db; redis?: () => Redis | undefined } = {};

const TRANSCODE_STATES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;

const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One series of the request histogram: its labels and its counts, kept as plain numbers. */
interface RequestSeries {
  labels: { method: string; route: string; status_code: string };
  /** Per bucket (not cumulative); the last slot is above the largest bound (+Inf only). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`, written by hand rather than a prom-client Histogram: its
 * `observe` validates the label object and builds a hash string on every call, even through a
 * kept `labels()` child, which at thousands of cached requests a second is a measurable part of
 * the 3 % budget (bench:metrics). Here a request adds to a series the route's hook already holds;
 * the text (and the cluster supervisor's JSON, through `get`) is made only when Prometheus scrapes.
 */
class RequestHistogram {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from a request arriving to its reply being sent, by route (as declared) and status.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, RequestSeries>();

  seriesOf(method: string, route: string, statusCode: number): RequestSeries {
    const key = `${method} ${statusCode} ${route}`;
    let found = this.series.get(key);
    if (!found) {
      found = {
        labels: { method, route, status_code: String(statusCode) },
        buckets: new Float64Array(REQUEST_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      this.series.set(key, found);
    }
    return found;
  }

  static observe(series: RequestSeries, seconds: number): void {
    let slot = 0;
    while (slot < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[slot]!) slot += 1;
    series.buckets[slot]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      REQUEST_BUCKETS.forEach((bound, slot) => {
        cumulative += buckets[slot]!;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...labels, le: bound },
          value: cumulative,
        });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}

const requestDuration = new RequestHistogram();
registry.registerMetric(requestDuration as unknown as client.Metric);

/** Media bytes sent, added up as plain numbers and handed to the counter when Prometheus scrapes. */
const mediaBytes = { segment: 0, image: 0 };

export const metrics = {
  rateLimitRefusals: new client.Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by the limit (README "Rate limits").',
    labelNames: ['limit'] as const,
    registers: [registry],
  }),
  transcodeJobDuration: new client.Histogram({
    name: 'transcode_job_duration_seconds',
    help: 'Run time of a transcode job in this process, from its claim to done or failed.',
    labelNames: ['outcome'] as const,
    buckets: [5, 15, 30, 60, 120, 300, 600, 1200, 3600, 7200],
    registers: [registry],
  }),
  mediaServedBytes: new client.Counter({
    name: 'media_served_bytes_total',
    help: 'Bytes of HLS segments and encrypted images sent, by kind (segment, image).',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      for (const kind of ['segment', 'image'] as const) {
        if (mediaBytes[kind] === 0) continue;
        this.inc({ kind }, mediaBytes[kind]);
        mediaBytes[kind] = 0;
      }
    },
  }),
  payments: new client.Counter({
    name: 'payments_total',
    help: 'Payment orders reaching a state: created (buy), paid (the gateway notified), failed (the gateway refused to start).',
    labelNames: ['state'] as const,
    registers: [registry],
  }),
  signInFailures: new client.Counter({
    name: 'sign_in_failures_total',
    help: 'Refused sign-ins (wrong password, unknown account, wrong TOTP), by who: user or operator.',
    labelNames: ['who'] as const,
    registers: [registry],
  }),
};

new client.Gauge({
  name: 'db_pool_connections_in_use',
  help: 'Database connections of this process running a query.',
  registers: [registry],
  collect() {
    if (sources.db) this.set(connectionsInUse(sources.db));
  },
});
new client.Gauge({
  name: 'db_pool_waiting_queries',
  help: 'Queries of this process waiting for a free database connection.',
  registers: [registry],
  collect() {
    if (sources.db) this.set(waitingForConnection(sources.db));
  },
});
new client.Gauge({
  name: 'transcode_jobs',
  help: 'Transcode jobs in the queue by state (the whole database, not this process).',
  labelNames: ['state'] as const,
  registers: [registry],
  // Every process reads the same table: the supervisor shows one reading, not their sum.
  aggregator: 'max',
  async collect() {
    if (!sources.db) return;
    const rows = await sources.db
      .selectFrom('transcode_jobs')
      .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('state')
      .execute()
      .catch(() => []);
    for (const state of TRANSCODE_STATES)
      this.set({ state }, Number(rows.find((row) => row.state === state)?.count ?? 0));
  },
});

let defaultsCollected = false;

/**
 * The process's own health, read when Prometheus scrapes: event-loop delay, heap, memory, CPU,
 * under prom-client's standard names. Not prom-client's `collectDefaultMetrics`: its GC histogram
 * hooks every garbage collection, and at thousands of requests a second that cost 5–7 % of a
 * cached request's CPU (bench:metrics), over the 3 % budget for all metrics.
 */
function collectProcessMetrics(): void {
  // Sampled by libuv every 20 ms; read (and reset) at each scrape, so each reading covers the
  // time since the previous one.
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  const seconds = (nanoseconds: number) => (Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0);
  // With WORKERS > 1 the supervisor shows the worst process's delay, not their sum.
  new client.Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    aggregator: 'max',
    help: 'Largest event-loop delay since the last scrape.',
    registers: [registry],
    collect() {
      this.set(seconds(delay.max));
    },
  });
  new client.Gauge({
    name: 'nodejs_eventloop_lag_mean_seconds',
    aggregator: 'max',
    help: 'Mean event-loop delay since the last scrape.',
    registers: [registry],
    collect() {
      this.set(seconds(delay.mean));
    },
  });
  new client.Gauge({
    name: 'nodejs_eventloop_lag_p99_seconds',
    aggregator: 'max',
    help: '99th percentile of the event-loop delay since the last scrape.',
    registers: [registry],
    collect() {
      this.set(seconds(delay.percentile(99)));
      // The last of the three delay gauges a scrape reads (registration order): start the next interval.
      delay.reset();
    },
  });
  new client.Gauge({
    name: 'nodejs_heap_size_used_bytes',
    help: 'V8 heap in use.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new client.Gauge({
    name: 'nodejs_heap_size_total_bytes',
    help: 'V8 heap reserved.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapTotal);
    },
  });
  new client.Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory of the process.',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  let cpuSeen = 0;
  new client.Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time of the process.',
    registers: [registry],
    collect() {
      const { user, system } = process.cpuUsage();
      const total = (user + system) / 1e6;
      this.inc(total - cpuSeen);
      cpuSeen = total;
    },
  });
  new client.Gauge({
    name: 'process_start_time_seconds',
    aggregator: 'min',
    help: 'When the process started, in seconds since the Unix epoch.',
    registers: [registry],
    collect() {
      this.set(Math.round(Date.now() / 1000 - process.uptime()));
    },
  });
}
let scrapeServer: http.Server | undefined;

/**
 * Times every request of `app` by route and status and serves the registry on METRICS_PORT while
 * the app listens (in a cluster worker, the supervisor serves it: `serveClusterMetrics`).
 * Without METRICS_PORT nothing is timed: requests cost what they did before.
 */
export function installMetrics(
  app: FastifyInstance,
  config: Config,
  state: { db: Db; redis: () => Redis | undefined },
): void {
  sources.db = state.db;
  sources.redis = state.redis;
  if (config.metricsPort === undefined) return;
  // Only where Redis is configured: a 0 on a single machine without one would read as an outage.
  if (config.redisUrl && !registry.getSingleMetric('redis_up'))
    new client.Gauge({
      name: 'redis_up',
      help: '1 while the Redis connection (REDIS_URL) is ready, 0 while it is not.',
      registers: [registry],
      aggregator: 'min',
      collect() {
        this.set(sources.redis?.()?.status === 'ready' ? 1 : 0);
      },
    });
  if (!defaultsCollected) {
    defaultsCollected = true;
    collectProcessMetrics();
  }
  // Each route gets its own onResponse hook (added as the route is declared), which knows the
  // route's name and holds its series per status: no `request.routeOptions` (an object built on
  // every read), no label lookups, no global hook for a request to pass through. Replies of the
  // not-found handler (404s and the app's history-mode pages) are timed by `timeUnrouted`.
  timingOn = true;
  app.addHook('onRoute', (route) => {
    const name = route.url ?? route.path;
    const mediaKind = name.startsWith('/img/') ? 'image' : name.startsWith('/hls/') ? 'segment' : undefined;
    // The series of the last reply, kept beside the map: nearly every reply of a route has the
    // same method and status as the one before, and then there is not even a map lookup.
    const byStatus = new Map<string, RequestSeries>();
    let lastMethod = '';
    let lastStatus = 0;
    let lastSeries: RequestSeries | undefined;
    // A callback hook, not an async one: no promise per request on the hot path.
    const timeReply: onResponseHookHandler = (request, reply, done) => {
      const statusCode = reply.statusCode;
      const method = request.method;
      let series = lastSeries;
      if (series === undefined || statusCode !== lastStatus || method !== lastMethod) {
        const key = `${method} ${statusCode}`;
        series = byStatus.get(key);
        if (!series) {
          series = requestDuration.seriesOf(method, name, statusCode);
          byStatus.set(key, series);
        }
        lastSeries = series;
        lastStatus = statusCode;
        lastMethod = method;
      }
      RequestHistogram.observe(series, reply.elapsedTime / 1000);
      if (
        mediaKind &&
        (statusCode === 200 || statusCode === 206) &&
        (mediaKind === 'image' || /\.ts(\?|$)/.test(request.url))
      )
        mediaBytes[mediaKind] += Number(reply.getHeader('content-length') ?? 0);
      done();
    };
    route.onResponse =
      route.onResponse === undefined
        ? [timeReply]
        : [...(Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]), timeReply];
  });
  if (cluster.isWorker) {
    // The supervisor asks each worker for its registry over IPC (prom-client's AggregatorRegistry).
    new client.AggregatorRegistry();
    client.AggregatorRegistry.setRegistries([registry]);
    return;
  }
  let server: http.Server | undefined;
  app.addHook('onListen', async () => {
    server ??= await listenForScrapes(config, () => registry.metrics(), registry.contentType);
    scrapeServer = server;
  });
  app.addHook('onClose', async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });
}

/** WORKERS > 1: the supervising process serves every worker's metrics, added up. */
export async function serveClusterMetrics(config: Config): Promise<void> {
  if (config.metricsPort === undefined) return;
  const aggregator = new client.AggregatorRegistry();
  await listenForScrapes(config, () => aggregator.clusterMetrics(), aggregator.contentType);
}

/** GET /metrics on METRICS_HOST:METRICS_PORT; nothing else is served there. */
function listenForScrapes(
  config: Config,
  read: () => Promise<string>,
  contentType: string,
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    read().then(
      (text) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.metricsHost, () => resolve(server));
  });
}

/** The port this process's metrics listen on (METRICS_PORT=0 takes a free one: tests). */
export function metricsPortInUse(): number | undefined {
  return (scrapeServer?.address() as { port: number } | null | undefined)?.port;
}

/** Media bytes the in-memory fast path sent (platform/immutable-files.ts). */
export function countMediaServed(prefix: string, bytes: number): void {
  mediaBytes[prefix === '/img/' ? 'image' : 'segment'] += bytes;
}

let timingOn = false;

/**
 * Times a reply of a not-found handler (no route of its own to hook): a 404 counts as route
 * `not_found`, anything else it answers (the web app's history-mode pages) as `unrouted`.
 * Nothing is done while metrics are off.
 */
export function timeUnrouted(request: FastifyRequest, reply: FastifyReply): void {
  if (!timingOn) return;
  reply.raw.once('finish', () => {
    const statusCode = reply.statusCode;
    const series = requestDuration.seriesOf(
      request.method,
      statusCode === 404 ? 'not_found' : 'unrouted',
      statusCode,
    );
    RequestHistogram.observe(series, reply.elapsedTime / 1000);
  });
}
