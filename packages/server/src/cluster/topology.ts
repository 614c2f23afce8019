/**
 * The many-machine layout (issue 34 item 8, issue 35 item 6), written once: `npm run cluster:local`
 * starts these processes on this machine, and deploy/compose.yaml must describe the same ones with
 * the same commands and environment (topology.test.ts parses it and compares). Only addresses
 * differ: here everything is on 127.0.0.1 with its own port, in compose each service has a name.
 */

/** How every node process runs: the compiled server, as `npm start` runs it in production. */
export const NODE_COMMAND = [
  'node',
  '--enable-source-maps',
  '--require',
  './dist/thread-pool.cjs',
  'dist/server.js',
] as const;

/** Lines a client may use (main + two extra, as on one machine): nginx serves each on a port of its own. */
export const LINE_COUNT = 3;

export type NodeRole = 'web' | 'worker';

export interface ClusterNode {
  /** The compose service and the process's name in cluster:local's output. */
  name: string;
  role: NodeRole;
}

/** Two stateless web nodes behind nginx, one worker with the transcode queue and the scheduled jobs. */
export const CLUSTER_NODES: readonly ClusterNode[] = [
  { name: 'web-a', role: 'web' },
  { name: 'web-b', role: 'web' },
  { name: 'worker', role: 'worker' },
];

/** The services beside the nodes (compose names them so; cluster:local uses the machine's or its own). */
export const SHARED_SERVICES = ['postgres', 'redis', 's3', 'nginx'] as const;

/** Where a node finds what it shares with the others, and where it listens. */
export interface NodeAddresses {
  databaseUrl: string;
  redisUrl: string;
  /** Keys of this installation in a Redis that others may share. */
  redisPrefix: string;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };
  /** This node's ports: one per line for a web node (main first), one (health) for a worker. */
  ports: readonly number[];
  /** The ports clients reach the lines at (main first, comma-separated): what the host list tells phones. */
  publicLinePorts: string;
  /** This node's own disk: staging of uploads in progress, nothing another node reads. */
  dataDir: string;
  /** Where the node listens: 127.0.0.1 on one machine, every interface in a container. */
  host: string;
  /** The proxy in front, whose X-Forwarded-* and X-Request-Id are believed. */
  trustProxy: string;
  /** Prometheus metrics of this node, on a port no proxy line serves. */
  metricsPort: number;
}

/** Where a node of deploy/compose.yaml finds the others: service names, secrets from `.env`. */
export function composeAddresses(node: ClusterNode): NodeAddresses {
  return {
    databaseUrl: 'postgres://streamapp:${POSTGRES_PASSWORD}@postgres:5432/streamapp',
    redisUrl: 'redis://redis:6379',
    redisPrefix: 'streamapp:',
    s3: {
      endpoint: 'http://s3:9000',
      bucket: 'media',
      accessKeyId: '${S3_ACCESS_KEY_ID}',
      secretAccessKey: '${S3_SECRET_ACCESS_KEY}',
      region: 'us-east-1',
    },
    ports: node.role === 'web' ? COMPOSE_LINE_PORTS : [COMPOSE_LINE_PORTS[0]],
    // The TLS proxy's ports (deploy/README.md), e.g. 443,8443,9443.
    publicLinePorts: '${PUBLIC_LINE_PORTS}',
    dataDir: '/data',
    host: '0.0.0.0',
    // The compose network: nginx is the only peer that speaks for clients.
    trustProxy: '172.16.0.0/12,10.0.0.0/8,192.168.0.0/16',
    metricsPort: COMPOSE_METRICS_PORT,
  };
}

/** In compose every node listens on the same ports (its own address), and nginx on them too. */
export const COMPOSE_LINE_PORTS = [8080, 8081, 8082] as const;
export const COMPOSE_METRICS_PORT = 9464;

/**
 * The environment of one node. Everything but addresses is the same for every installation, so
 * cluster:local tests exactly what compose deploys.
 */
export function nodeEnvironment(node: ClusterNode, at: NodeAddresses): Record<string, string> {
  const [port = 0, ...linePorts] = at.ports;
  return {
    NODE_ENV: 'production',
    ROLE: node.role,
    HOST: at.host,
    PORT: String(port),
    ...(node.role === 'web'
      ? {
          LINE_PORTS: linePorts.join(','),
          PUBLIC_LINE_PORTS: at.publicLinePorts,
          TRUST_PROXY: at.trustProxy,
        }
      : {}),
    METRICS_PORT: String(at.metricsPort),
    METRICS_HOST: at.host,
    DATA_DIR: at.dataDir,
    DATABASE_URL: at.databaseUrl,
    REDIS_URL: at.redisUrl,
    REDIS_PREFIX: at.redisPrefix,
    MEDIA_STORE: 's3',
    S3_ENDPOINT: at.s3.endpoint,
    S3_BUCKET: at.s3.bucket,
    S3_ACCESS_KEY_ID: at.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: at.s3.secretAccessKey,
    S3_REGION: at.s3.region,
    // One process per node here; a real machine sets WORKERS to its cores.
    WORKERS: '1',
    LOG_FORMAT: 'json',
  };
}
