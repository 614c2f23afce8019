import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** deploy/nginx/: the edge configuration the repository ships (issue 33 item 6). */
export const EDGE_CONFIG_DIR = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'deploy', 'nginx');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface EdgeSettings {
  port: number;
  /** host:port of the API (playlists and keys). */
  apiOrigin: string;
  /** host:port of the bucket's endpoint or the Node origin. */
  mediaOrigin: string;
  /** `/<bucket>/<prefix>` for path-style S3, `/` for the Node origin. */
  mediaPath: string;
  appOrigin: string;
  purgeKey: string;
}

export interface Edge {
  url: string;
  /** nginx's master process (its workers are its children). */
  pid: number;
  folder: string;
  /** What nginx wrote to its error log (stderr), for a failing test's message. */
  errors(): string;
  stop(): Promise<void>;
}

/** deploy/nginx/edge.conf.template with its `${NAME}` placeholders filled in. */
export async function renderEdgeConfig(settings: EdgeSettings): Promise<string> {
  const template = await fs.readFile(path.join(EDGE_CONFIG_DIR, 'edge.conf.template'), 'utf8');
  const values: Record<string, string> = {
    EDGE_PORT: String(settings.port),
    API_ORIGIN: settings.apiOrigin,
    MEDIA_ORIGIN: settings.mediaOrigin,
    MEDIA_PATH: settings.mediaPath.endsWith('/') ? settings.mediaPath : `${settings.mediaPath}/`,
    APP_ORIGIN: settings.appOrigin,
    EDGE_PURGE_KEY: settings.purgeKey,
  };
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`edge template: no value for ${whole}`);
    return value;
  });
}

/**
 * Debian's nginx, no root, with the shipped files in a fresh folder (its cache and temp files live
 * there too). Resolves once the edge answers /speed.html.
 */
export async function startEdge(settings: EdgeSettings): Promise<Edge> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'app-edge-'));
  // Run as root (a CI container), nginx's workers are `nobody`: they must reach the cache and temp.
  await fs.chmod(folder, 0o755);
  for (const part of ['temp', 'cache']) {
    await fs.mkdir(path.join(folder, part));
    await fs.chmod(path.join(folder, part), 0o777);
  }
  for (const name of await fs.readdir(EDGE_CONFIG_DIR))
    if (name.endsWith('.conf')) await fs.copyFile(path.join(EDGE_CONFIG_DIR, name), path.join(folder, name));
  const config = path.join(folder, 'edge.conf');
  await fs.writeFile(config, await renderEdgeConfig(settings));
  const child = spawn(NGINX, ['-p', `${folder}/`, '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${settings.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    const up = await fetch(`${url}/speed.html`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    folder,
    errors: () => errors,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on now (nginx takes a number, not 0). */
export { freePort } from './run-process.ts';
