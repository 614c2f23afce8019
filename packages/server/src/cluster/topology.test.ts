import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CLUSTER_NODES,
  COMPOSE_LINE_PORTS,
  composeAddresses,
  LINE_COUNT,
  NODE_COMMAND,
  nodeEnvironment,
  SHARED_SERVICES,
} from './topology.ts';

/**
 * deploy/compose.yaml cannot be run here (no container runtime can pull images), so it is kept
 * in step with what `npm run cluster:local` starts and its test proves: the same services, the
 * same command, the same environment (issue 35 item 6).
 */

const deploy = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'deploy');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  image?: string;
}
const compose = parse(fs.readFileSync(path.join(deploy, 'compose.yaml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};

describe('deploy/compose.yaml follows the topology', () => {
  it('has every node and every shared service', () => {
    for (const name of [...CLUSTER_NODES.map((node) => node.name), ...SHARED_SERVICES])
      expect(Object.keys(compose.services)).toContain(name);
  });

  it.each(CLUSTER_NODES.map((node) => [node.name, node] as const))(
    '%s runs the same command with the same environment as cluster:local',
    (name, node) => {
      const service = compose.services[name]!;
      expect(service.command).toEqual([...NODE_COMMAND]);
      expect(service.environment).toEqual(nodeEnvironment(node, composeAddresses(node)));
    },
  );

  it('gives every node a disk of its own: no volume is shared between nodes', () => {
    const volumes = CLUSTER_NODES.flatMap((node) =>
      (compose.services[node.name]!.volumes ?? []).map((volume) => volume.split(':')[0]),
    );
    expect(new Set(volumes).size).toBe(volumes.length);
    expect(volumes).toHaveLength(CLUSTER_NODES.length);
  });

  it('renders the nginx template cluster:local renders, one port per line on both web nodes', () => {
    const nginx = compose.services.nginx!;
    const template = fs.readFileSync(path.join(deploy, 'nginx', 'cluster.conf.template'), 'utf8');
    const names = new Set([...template.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((match) => match[1]));
    expect(new Set(Object.keys(nginx.environment ?? {}))).toEqual(names);
    const webs = CLUSTER_NODES.filter((node) => node.role === 'web').map((node) => node.name);
    expect([nginx.environment?.WEB_A_HOST, nginx.environment?.WEB_B_HOST]).toEqual(webs);
    for (let line = 0; line < LINE_COUNT; line++) {
      expect(nginx.environment?.[`WEB_A_PORT_${line}`]).toBe(String(COMPOSE_LINE_PORTS[line]));
      expect(nginx.environment?.[`WEB_B_PORT_${line}`]).toBe(String(COMPOSE_LINE_PORTS[line]));
    }
    expect(nginx.volumes).toContain(
      './nginx/cluster.conf.template:/etc/nginx/templates/cluster.conf.template:ro',
    );
  });

  it('builds an image whose default command is the nodes’ command', () => {
    const dockerfile = fs.readFileSync(path.join(deploy, 'Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual([...NODE_COMMAND]);
    expect(dockerfile).toMatch(/^FROM node:24-[a-z]+-slim$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/);
  });
});
