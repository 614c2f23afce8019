import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * The reference of the API benchmark: a bare Fastify route per endpoint that returns the very bytes
 * the real endpoint returned, with no validation, database, cache or hooks.
 */
const [, , fixtureFile, port] = process.argv;
const fixtures = JSON.parse(fs.readFileSync(fixtureFile!, 'utf8')) as {
  method: 'GET' | 'POST';
  path: string;
  body: string;
  /** The real endpoint's status, when not 200 (binding answers 201). */
  status?: number;
}[];
const app = Fastify({ logger: false });
for (const fixture of fixtures) {
  app.route({
    method: fixture.method,
    url: fixture.path,
    handler: async (_request, reply) =>
      reply
        .code(fixture.status ?? 200)
        .type('application/json; charset=utf-8')
        .send(fixture.body),
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
