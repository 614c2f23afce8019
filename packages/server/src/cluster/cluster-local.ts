import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startS3Server, type S3Server } from '../test/s3-server.ts';
import {
  CLUSTER_NODES,
  LINE_COUNT,
  NODE_COMMAND,
  nodeEnvironment,
  type ClusterNode,
  type NodeAddresses,
} from './topology.ts';

/**
 * `npm run cluster:local` (issue 34 item 8): the many-machine layout on this machine. PostgreSQL
 * and Redis are the machine's (127.0.0.1:5432 / 6379) when they answer, else its own; the
 * S3-compatible server (s3rver, or TEST_S3_ENDPOINT); two web nodes and a worker, each with its own
 * DATA_DIR and the media in the bucket; Debian's nginx in front, one port per line. Ports are
 * counted from one base (CLUSTER_BASE_PORT): lines base…base+2, web-a base+10…, web-b base+20…,
 * worker base+30, own PostgreSQL base+41, own Redis base+42; each node's metrics on its tens + 9
 * (web-a base+19, web-b base+29, worker base+39).
 */

const serverRoot = path.resolve(import.meta.dirname, '..', '..');
const repositoryRoot = path.resolve(serverRoot, '..', '..');
const NGINX = '/usr/sbin/nginx';
const READY_TIMEOUT_MS = 240_000;

export interface ClusterOptions {
  basePort: number;
  /** The database the nodes share (made when missing); a fresh one gives a first start. */
  databaseName: string;
  redisPrefix: string;
  /** Settings of this trial installation (owner, sandbox payments, relaxed limits for tests). */
  extraEnv?: Record<string, string>;
  log?: (line: string) => void;
}

export interface RunningNode {
  node: ClusterNode;
  ports: number[];
  metricsPort: number;
  process: ChildProcess;
  output: () => string;
  dataDir: string;
}

export interface Cluster {
  /** The proxy's line origins, main line first. */
  lineUrls: string[];
  nodes: Map<string, RunningNode>;
  databaseUrl: string;
  redisUrl: string;
  /** Starts one more worker (e.g. after one was killed) with its own DATA_DIR and health port. */
  startWorker(name: string, healthPort: number, metricsPort: number): Promise<RunningNode>;
  /** The nodes' direct origin of line 0 (what the bench compares the proxy against). */
  directUrl(name: string): string;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const base = options.basePort;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cluster-local-'));
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    stops.length = 0;
    await fs.rm(work, { recursive: true, force: true });
  };
  try {
    const postgresAdmin = await postgresOf(base + 41, work, stops, log);
    const databaseUrl = await ensureDatabase(postgresAdmin, options.databaseName);
    const redisUrl = await redisOf(base + 42, work, stops, log);
    const s3: S3Server = await startS3Server();
    stops.push(() => s3.stop());
    log(`s3: ${s3.endpoint} bucket ${s3.bucket}`);

    // The web app, the console and the server, each only when its sources changed.
    execFileSync(process.execPath, [path.join(repositoryRoot, 'scripts', 'build.mjs')], { stdio: 'ignore' });
    const linePorts = Array.from({ length: LINE_COUNT }, (_, i) => base + i);
    const nodePorts = (index: number, count: number) =>
      Array.from({ length: count }, (_, i) => base + 10 * (index + 1) + i);
    const addressesOf = (ports: number[], dataDir: string, metricsPort: number): NodeAddresses => ({
      databaseUrl,
      redisUrl,
      redisPrefix: options.redisPrefix,
      s3: {
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        region: s3.region,
      },
      ports,
      publicLinePorts: linePorts.join(','),
      dataDir,
      host: '127.0.0.1',
      trustProxy: 'loopback',
      metricsPort,
    });

    const nodes = new Map<string, RunningNode>();
    // All nodes stop together (each drains for SHUTDOWN_DRAIN_S), after nginx and before what they share.
    stops.push(() =>
      Promise.all([...nodes.values()].map((running) => stopProcess(running.process))).then(() => {}),
    );
    const launch = async (node: ClusterNode, ports: number[], metricsPort: number) => {
      const dataDir = path.join(work, node.name);
      await fs.mkdir(dataDir, { recursive: true });
      const env = { ...nodeEnvironment(node, addressesOf(ports, dataDir, metricsPort)), ...options.extraEnv };
      const [command, ...args] = NODE_COMMAND;
      const child = spawn(command === 'node' ? process.execPath : command, args, {
        cwd: serverRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const keep = (chunk: Buffer) => {
        output += chunk.toString();
        // Only the tail matters when something goes wrong; a long run must not grow without end.
        if (output.length > 200_000) output = output.slice(-100_000);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const running: RunningNode = {
        node,
        ports,
        metricsPort,
        process: child,
        output: () => output,
        dataDir,
      };
      nodes.set(node.name, running);
      return running;
    };
    // All at once, as machines would start: the start lock makes one schema and one catalogue.
    const started = await Promise.all(
      CLUSTER_NODES.map((node, index) =>
        launch(node, nodePorts(index, node.role === 'web' ? LINE_COUNT : 1), base + 10 * (index + 1) + 9),
      ),
    );
    await Promise.all(started.map((running) => waitReady(running)));
    log(`nodes: ${started.map((running) => `${running.node.name} :${running.ports.join(',')}`).join('; ')}`);

    const webs = started.filter((running) => running.node.role === 'web');
    await startNginx(work, linePorts, webs, stops);
    const lineUrls = linePorts.map((port) => `http://127.0.0.1:${port}`);
    log(`lines (nginx): ${lineUrls.join(' ')}`);
    return {
      lineUrls,
      nodes,
      databaseUrl,
      redisUrl,
      async startWorker(name, healthPort, metricsPort) {
        const running = await launch({ name, role: 'worker' }, [healthPort], metricsPort);
        await waitReady(running);
        return running;
      },
      directUrl: (name) => `http://127.0.0.1:${nodes.get(name)?.ports[0]}`,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function waitReady(running: RunningNode): Promise<void> {
  const until = Date.now() + READY_TIMEOUT_MS;
  const url = `http://127.0.0.1:${running.ports[0]}/readyz`;
  while (Date.now() < until) {
    if (running.process.exitCode !== null)
      throw new Error(`${running.node.name} exited during start:\n${running.output().slice(-4000)}`);
    const ok = await fetch(url).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${running.node.name} not ready in time:\n${running.output().slice(-4000)}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const cut = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(cut);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await answers(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start on ${port}`);
}

/** The machine's PostgreSQL when it answers on 5432 (CLUSTER_POSTGRES_URL names another), else our own. */
async function postgresOf(
  ownPort: number,
  work: string,
  stops: (() => Promise<void> | void)[],
  log: (line: string) => void,
): Promise<string> {
  if (process.env.CLUSTER_POSTGRES_URL) return process.env.CLUSTER_POSTGRES_URL;
  if (await answers(5432)) {
    log('postgres: the machine’s, 127.0.0.1:5432');
    return 'postgres://postgres@127.0.0.1:5432/postgres';
  }
  const dataDir = path.join(work, 'postgres');
  const init = spawnSync('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust'], { stdio: 'ignore' });
  if (init.status !== 0) throw new Error('initdb failed: is PostgreSQL installed?');
  const child = spawn(
    'postgres',
    ['-D', dataDir, '-p', String(ownPort), '-k', work, '-c', 'listen_addresses=127.0.0.1'],
    {
      stdio: 'ignore',
    },
  );
  stops.push(() => stopProcess(child));
  await waitForPort(ownPort, 'postgres');
  log(`postgres: our own, 127.0.0.1:${ownPort}`);
  return `postgres://postgres@127.0.0.1:${ownPort}/postgres`;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The machine's Redis when it answers on 6379 (CLUSTER_REDIS_URL names another), else our own. */
async function redisOf(
  ownPort: number,
  work: string,
  stops: (() => Promise<void> | void)[],
  log: (line: string) => void,
): Promise<string> {
  if (process.env.CLUSTER_REDIS_URL) return process.env.CLUSTER_REDIS_URL;
  if (await answers(6379)) {
    log('redis: the machine’s, 127.0.0.1:6379');
    return 'redis://127.0.0.1:6379';
  }
  const child = spawn(
    'redis-server',
    ['--port', String(ownPort), '--bind', '127.0.0.1', '--save', '', '--dir', work],
    {
      stdio: 'ignore',
    },
  );
  stops.push(() => stopProcess(child));
  await waitForPort(ownPort, 'redis');
  log(`redis: our own, 127.0.0.1:${ownPort}`);
  return `redis://127.0.0.1:${ownPort}`;
}

/** Debian's nginx without root: its prefix, logs, temp files and pid in our work folder. */
async function startNginx(
  work: string,
  linePorts: number[],
  webs: RunningNode[],
  stops: (() => Promise<void> | void)[],
): Promise<void> {
  const prefix = path.join(work, 'nginx');
  await fs.mkdir(path.join(prefix, 'logs'), { recursive: true });
  const deploy = path.join(repositoryRoot, 'deploy', 'nginx');
  await fs.copyFile(path.join(deploy, 'cluster-line.conf'), path.join(prefix, 'cluster-line.conf'));
  const [a, b] = webs;
  if (!a || !b) throw new Error('two web nodes expected');
  const values: Record<string, string> = {
    NGINX_CONF_DIR: prefix,
    WEB_A_HOST: '127.0.0.1',
    WEB_B_HOST: '127.0.0.1',
  };
  linePorts.forEach((port, i) => {
    values[`LINE_PORT_${i}`] = String(port);
    values[`WEB_A_PORT_${i}`] = String(a.ports[i]);
    values[`WEB_B_PORT_${i}`] = String(b.ports[i]);
  });
  const template = await fs.readFile(path.join(deploy, 'cluster.conf.template'), 'utf8');
  await fs.writeFile(path.join(prefix, 'cluster.conf'), renderTemplate(template, values));
  // The main file the Debian package would provide, minus what needs root (user, /var paths).
  const main = [
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/logs/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  access_log off;`,
    `  client_body_temp_path ${prefix}/client_body;`,
    `  proxy_temp_path ${prefix}/proxy;`,
    `  fastcgi_temp_path ${prefix}/fastcgi;`,
    `  uwsgi_temp_path ${prefix}/uwsgi;`,
    `  scgi_temp_path ${prefix}/scgi;`,
    `  include ${prefix}/cluster.conf;`,
    '}',
  ].join('\n');
  await fs.writeFile(path.join(prefix, 'nginx.conf'), main);
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  stops.push(() => stopProcess(child));
  for (let i = 0; i < 100 && !(await answers(linePorts[0] ?? 0)); i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** envsubst's `${NAME}`, as the nginx image renders /etc/nginx/templates; an unknown name is an error. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`template names ${name}, which has no value`);
    return value;
  });
}

async function main() {
  const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 18080);
  const cluster = await startCluster({
    basePort,
    databaseName: process.env.CLUSTER_DATABASE ?? 'streamapp_cluster',
    redisPrefix: process.env.REDIS_PREFIX ?? 'streamapp-cluster:',
    extraEnv: {
      // A trial installation: sandbox payments and a console signed in with a password.
      PAYMENT_MODE: 'sandbox',
      OPERATOR_REQUIRE_TOTP: 'off',
      // NODE_ENV=test for the browser suite (E2E_BASE_URL): its specs read codes from /dev/outbox.
      ...(process.env.CLUSTER_NODE_ENV ? { NODE_ENV: process.env.CLUSTER_NODE_ENV } : {}),
      // The console's first owner, and limits relaxed for a browser suite, when given.
      ...Object.fromEntries(
        Object.entries(process.env).filter(
          (entry): entry is [string, string] =>
            /^(OWNER_EMAIL|OWNER_PASSWORD|RATE_LIMIT_[A-Z_]+)$/.test(entry[0]) && entry[1] !== undefined,
        ),
      ),
    },
  });
  console.log(`cluster:local is up. App: ${cluster.lineUrls[0]}  Console: ${cluster.lineUrls[0]}/admin/`);
  console.log('Ctrl-C stops everything.');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping…');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
