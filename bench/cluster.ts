import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { feedVideoKeys, guestToken } from '../packages/server/src/cluster/cluster-client.ts';
import { startCluster, type Cluster } from '../packages/server/src/cluster/cluster-local.ts';

/**
 * `npm run bench:cluster` (issue 34 "Measure"): the layout of `npm run cluster:local`, asked
 * through nginx. Two nodes on a 2-core machine cannot double throughput, so it shows what holds on
 * real machines: the split between nodes, what the proxy costs against one node served directly,
 * what losing a node costs, and 1,000 fresh guests opening one video at once (lock waits on
 * `videos`, p99 of video info, play counts exact after the fold).
 * CLUSTER_BENCH_BASE_PORT (default 45200), BENCH_NODE_OPTIONS (the nodes' NODE_OPTIONS); the database streamapp_cluster_bench is kept between runs.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 10;
const GUESTS = 1000;

async function main() {
  const cluster = await startCluster({
    basePort: Number(process.env.CLUSTER_BENCH_BASE_PORT ?? 45200),
    databaseName: `streamapp_cluster_bench${(process.env.TEST_DATABASE_SUFFIX ?? '').toLowerCase()}`,
    redisPrefix: `cluster-bench-${Date.now()}:`,
    extraEnv: {
      LOG_LEVEL: 'warn',
      // A thousand guests from one address: the per-address limits would count them as one client.
      RATE_LIMIT_GUEST: '100000/1m',
      RATE_LIMIT_LAUNCH: '100000/1m',
      // Load shedding measures this shared machine, not the product.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile of each node, written when it stops.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
    log: (line) => console.log(`  ${line}`),
  });
  try {
    await measure(cluster);
  } finally {
    await cluster.stop();
  }
}

async function measure(cluster: Cluster) {
  // The nodes run on this Node (process.execPath): the production target is Node 24 (engines).
  console.log(
    `  node ${process.version}, ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const line = cluster.lineUrls[0]!;
  const token = await guestToken(line);
  // The thousand guests open a video nobody else played in this run, so its count is theirs alone.
  const [video = '', arrivals = '', burst = ''] = await feedVideoKeys(line, token);
  const paths = {
    'cached feed': `/v2/longs/videos/0?token=${token}`,
    'video info': `/v1/video/info/${encodeURIComponent(video)}?token=${token}`,
  };
  for (const path of Object.values(paths)) await fetch(`${line}${path}`); // warm the caches

  console.log('\nSplit through nginx (requests each node served, from its metrics):');
  for (const [name, path] of Object.entries(paths)) {
    const before = await servedByNode(cluster);
    const run = await load(`${line}${path}`);
    const after = await servedByNode(cluster);
    const a = after['web-a']! - before['web-a']!;
    const b = after['web-b']! - before['web-b']!;
    const half = (a + b) / 2;
    const worst = Math.max(Math.abs(a - half), Math.abs(b - half)) / half;
    console.log(
      `  ${name}: ${run.requests} requests, web-a ${a}, web-b ${b}: furthest ${(worst * 100).toFixed(1)}% from half (target < 10%) ${worst < 0.1 ? 'OK' : 'MISSED'}`,
    );
  }

  console.log('\nProxy cost (cached feed, req/s, alternating rounds):');
  const direct: number[] = [];
  const proxied: number[] = [];
  for (let round = 0; round < 2; round++) {
    direct.push((await load(`${cluster.directUrl('web-a')}${paths['cached feed']}`)).rps);
    proxied.push((await load(`${line}${paths['cached feed']}`)).rps);
  }
  const best = (values: number[]) => Math.max(...values);
  const cost = 1 - best(proxied) / best(direct);
  console.log(
    `  one node direct ${best(direct).toFixed(0)} req/s, through nginx (two nodes) ${best(proxied).toFixed(0)} req/s: cost ${(cost * 100).toFixed(1)}% (target < 10%) ${cost < 0.1 ? 'OK' : 'MISSED'}`,
  );

  await thousandGuests(cluster, { arrivals, burst });

  console.log('\nLosing one node (kill -9 web-b mid-run, cached feed and video info through nginx):');
  const webB = cluster.nodes.get('web-b')!.process;
  const killAt = setTimeout(() => webB.kill('SIGKILL'), (SECONDS * 1000) / 2);
  const during = await load(`${line}${paths['video info']}`, SECONDS * 1.5);
  clearTimeout(killAt);
  console.log(
    `  ${during.requests} requests, ${during.failed} failed (${during.errors} connection errors, ${during.non2xx} non-2xx); at most ${CONNECTIONS} were in flight when it died ${during.failed <= CONNECTIONS ? 'OK' : 'MISSED'}`,
  );
}

const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms`;
};

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS = 100;

/**
 * CPU time so far of every process on the machine, summed by program: each node by its name, this
 * bench (the phones) by its own, the rest by their command (postgres, nginx, redis-server, …).
 */
function cpuByProgram(cluster: Cluster): Map<string, number> {
  const names = new Map<number, string>([[process.pid, 'bench (the phones)']]);
  for (const [name, node] of cluster.nodes) if (node.process.pid) names.set(node.process.pid, name);
  const totals = new Map<string, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // pid (comm) state … utime stime: fields 14 and 15, counted after the command's closing paren.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const program = names.get(Number(entry)) ?? stat.slice(stat.indexOf('(') + 1, close);
    totals.set(program, (totals.get(program) ?? 0) + ticks);
  }
  return totals;
}

async function videoInfo(line: string, video: string, token: string): Promise<number> {
  const asked = performance.now();
  const reply = await fetch(`${line}/v1/video/info/${encodeURIComponent(video)}?token=${token}`);
  const body = (await reply.json()) as { status: { code: number } };
  if (body.status.code !== 200) throw new Error(`video info ${body.status.code}`);
  return performance.now() - asked;
}

/**
 * 1,000 fresh guests playing one video, in two load models, each on a video nobody else played:
 *
 * - **arrivals** (the target's model): guest i arrives at i × 1 ms, so all 1,000 within one
 *   second, and asks video info. What a launch or a pushed notification brings: many phones within
 *   a second, not one instant. The guests registered (POST /v1/register/guest) beforehand: a
 *   guest's creation is not part of a first play, and its cost is printed on its own.
 * - **burst** (the worst case, printed for comparison): 1,000 guests registered beforehand all ask
 *   video info in the same instant, 1,000 connections opened at once from one client process.
 *
 * Before either, 20 guests one after another give the service time of a first play with nothing
 * queued; what a loaded percentile has above it is waiting (in nginx's accept queue, a node's event
 * loop, or its PostgreSQL pool), which the pg_stat_activity samples and the node's pool gauge tell apart.
 */
async function thousandGuests(cluster: Cluster, videos: { arrivals: string; burst: string }) {
  const line = cluster.lineUrls[0]!;
  console.log(`\n${GUESTS} fresh guests play one video:`);
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const viewsOf = async (video: string) =>
    Number(
      (await db.query<{ views: string }>('select views::text from videos where avkey = $1', [video])).rows[0]
        ?.views,
    );
  const before = { arrivals: await viewsOf(videos.arrivals), burst: await viewsOf(videos.burst) };

  const alone: number[] = [];
  for (let i = 0; i < 20; i++) alone.push(await videoInfo(line, videos.burst, await guestToken(line)));
  console.log(`  one guest at a time (service time, nothing queued): video info ${spread(alone)}`);

  // A guest's creation is no part of a first play's latency: the guests of both models register
  // first (50 at a time, as phones starting up), and that cost is printed on its own.
  const register = async () => {
    const tokens: string[] = [];
    const took: number[] = [];
    for (let i = 0; i < GUESTS; i += 50)
      tokens.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, async () => {
            const asked = performance.now();
            const token = await guestToken(line);
            took.push(performance.now() - asked);
            return token;
          }),
        )),
      );
    return { tokens, took };
  };
  const arriving = await register();
  const tokens = (await register()).tokens;
  console.log(`  registration (50 guests at a time, before either model): ${spread(arriving.took)}`);

  const waits = new Map<string, number>();
  let lockWaitsOnVideos = 0;
  let poolWaitingMax = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await db.query<{ wait: string; n: number }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'running') as wait, count(*)::int as n
           from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
          group by 1`,
      );
      for (const row of rows) waits.set(row.wait, (waits.get(row.wait) ?? 0) + row.n);
      const locked = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where not l.granted and c.relname = 'videos'`,
      );
      lockWaitsOnVideos += locked.rows[0]?.n ?? 0;
      for (const name of ['web-a', 'web-b']) {
        const node = cluster.nodes.get(name);
        if (!node) continue;
        const text = await (await fetch(`http://127.0.0.1:${node.metricsPort}/metrics`)).text();
        const waiting = Number(/^db_pool_waiting_queries (\S+)$/m.exec(text)?.[1] ?? 0);
        poolWaitingMax = Math.max(poolWaitingMax, waiting);
      }
      // Every 100 ms: the sampler's own queries and metrics pages take CPU from what it measures.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const cpuBefore = cpuByProgram(cluster);

  // Arrivals: one registered guest a millisecond asks video info.
  const info: number[] = [];
  let inFlight = 0;
  let inFlightMax = 0;
  const started = performance.now();
  await Promise.all(
    arriving.tokens.map(async (token, i) => {
      await new Promise((resolve) => setTimeout(resolve, i));
      inFlight += 1;
      inFlightMax = Math.max(inFlightMax, inFlight);
      info.push(await videoInfo(line, videos.arrivals, token));
      inFlight -= 1;
    }),
  );
  const arrivalsWall = performance.now() - started;
  const arrivalsP99 = percentile(
    [...info].sort((a, b) => a - b),
    0.99,
  );
  console.log(
    `  arrivals (1 guest/ms over 1 s, video info): all done in ${arrivalsWall.toFixed(0)} ms (${((GUESTS / arrivalsWall) * 1000).toFixed(0)} first plays/s), at most ${inFlightMax} guests in flight`,
  );
  console.log(
    `    video info   ${spread(info)} (target p99 < 100 ms) ${arrivalsP99 < 100 ? 'OK' : 'MISSED'}`,
  );

  // Burst: 1,000 registered guests, all at once.
  const burstStarted = performance.now();
  const burst = await Promise.all(tokens.map((token) => videoInfo(line, videos.burst, token)));
  const burstWall = performance.now() - burstStarted;
  console.log(
    `  burst (1,000 registered guests ask video info in one instant): all answered in ${burstWall.toFixed(0)} ms (${((GUESTS / burstWall) * 1000).toFixed(0)}/s); video info ${spread(burst)}`,
  );
  sampling = false;
  const cpuAfter = cpuByProgram(cluster);
  await sampler;
  const machineSeconds = ((arrivalsWall + burstWall) / 1000) * os.availableParallelism();
  console.log(
    `  CPU seconds by program during both (the machine had ${machineSeconds.toFixed(1)} core-seconds):`,
  );
  const used = [...cpuAfter].map(([program, ticks]) => ({
    program,
    seconds: (ticks - (cpuBefore.get(program) ?? 0)) / CLOCK_TICKS,
  }));
  for (const { program, seconds } of used.sort((a, b) => b.seconds - a.seconds))
    if (seconds >= 0.05) console.log(`    ${program}: ${seconds.toFixed(2)} s`);
  console.log('  pg_stat_activity samples by wait event (every 100 ms during both):');
  for (const [wait, count] of [...waits].sort((a, b) => b[1] - a[1])) console.log(`    ${wait}: ${count}`);
  console.log(`  most queries waiting for a pool connection on one node: ${poolWaitingMax}`);
  console.log(
    `  ungranted locks on videos seen: ${lockWaitsOnVideos} ${lockWaitsOnVideos === 0 ? 'OK' : 'MISSED'}`,
  );

  // A clean stop of the worker folds once more (scheduled-jobs.ts): the counts land now, not in a minute.
  const worker = cluster.nodes.get('worker')!.process;
  await new Promise((resolve) => {
    worker.once('exit', resolve);
    worker.kill('SIGTERM');
  });
  for (const model of ['arrivals', 'burst'] as const) {
    const expected = model === 'burst' ? GUESTS + alone.length : GUESTS;
    const gained = (await viewsOf(videos[model])) - before[model];
    console.log(
      `  views of the ${model} video after the fold: +${gained} of ${expected} ${gained === expected ? 'exact' : 'NOT exact'}`,
    );
  }
  await db.end();
}

async function servedByNode(cluster: Cluster): Promise<Record<string, number>> {
  const served: Record<string, number> = {};
  for (const name of ['web-a', 'web-b']) {
    const node = cluster.nodes.get(name)!;
    const text = await (await fetch(`http://127.0.0.1:${node.metricsPort}/metrics`)).text();
    served[name] = text
      .split('\n')
      .filter((row) => row.startsWith('http_request_duration_seconds_count'))
      .reduce((sum, row) => sum + Number(row.split(' ').at(-1)), 0);
  }
  return served;
}

async function load(url: string, seconds = SECONDS) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    failed: result.errors + result.non2xx,
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
