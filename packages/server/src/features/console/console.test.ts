import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { appUser, consoleRequest, signInOperator } from './console-kit.ts';
import { CONSOLE_PREFIX, type ConsoleSectionOptions } from './console.plugin.ts';
import { consoleSections } from './sections.ts';

/**
 * The console's shell as a whole: every route under /admin/api (found as routes are added, so the
 * sections added later are covered without touching this file) refuses an app user's token,
 * declares who may call it, appears in the OpenAPI document, and answers hostile input with a 4xx.
 */
interface ConsoleRoute {
  method: string;
  url: string;
  config: { roles?: readonly string[]; public?: boolean };
  hidden: boolean;
  bodyFields: string[];
}

let sut: TestApp;
let adminDist: string;
const routes: ConsoleRoute[] = [];

/** A section added by mistake without roles: the console must refuse it to everyone. */
const unguarded: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (app) => {
  app.get('/test-unguarded', async () => ({ secret: true }));
  app.post('/test-unguarded', { config: { roles: [] } }, async () => ({ secret: true }));
};

beforeAll(async () => {
  adminDist = await fs.mkdtemp(path.join(os.tmpdir(), 'admin-dist-'));
  await fs.mkdir(path.join(adminDist, 'assets'));
  await fs.writeFile(
    path.join(adminDist, 'index.html'),
    '<!doctype html><title>console</title><div id="root"></div>',
  );
  await fs.writeFile(path.join(adminDist, 'assets', 'index-abc.js'), 'console.log(1)');
  consoleSections.push(unguarded);
  try {
    sut = await buildTestApp(
      { ADMIN_DIST: adminDist },
      {
        onRoute: (route: RouteOptions) => {
          if (!route.url.startsWith(`${CONSOLE_PREFIX}/`)) return;
          const body = (route.schema as { body?: unknown } | undefined)?.body;
          for (const method of [route.method].flat()) {
            if (method === 'HEAD') continue;
            // Later onRoute hooks (the reference page's) may still set the config: read it then.
            route.config ??= {};
            routes.push({
              method,
              url: route.url,
              config: route.config as ConsoleRoute['config'],
              hidden: (route.schema as { hide?: boolean } | undefined)?.hide === true,
              bodyFields: body instanceof z.ZodObject ? Object.keys(body.shape) : [],
            });
          }
        },
      },
    );
  } finally {
    consoleSections.pop();
  }
});
afterAll(async () => {
  await sut.close();
  await fs.rm(adminDist, { recursive: true, force: true });
});

const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, 'index.css');
const isSection = (route: ConsoleRoute) =>
  !route.url.startsWith(`${CONSOLE_PREFIX}/docs`) && !route.url.includes('test-');

describe('every console route', () => {
  it('was found (the walk sees the sections)', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /admin/api/session',
      'GET /admin/api/operators',
      'GET /admin/api/audit',
      'GET /admin/api/openapi.json',
    ])
      expect(urls).toContain(expected);
  });

  it('declares who may call it (or is the sign-in)', () => {
    const undeclared = routes.filter(
      (route) =>
        !route.url.includes('test-') &&
        !route.config.public &&
        !(route.config.roles && route.config.roles.length > 0),
    );
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    expect(
      routes.filter((route) => route.config.public).map((route) => `${route.method} ${route.url}`),
    ).toEqual(['POST /admin/api/session']);
  });

  it("refuses an app user's token, sent as the app sends it and as a cookie (401), and never answers 2xx", async () => {
    const user = await appUser(sut);
    const accepted: string[] = [];
    for (const route of routes) {
      const reply = await consoleRequest(
        sut,
        user,
        route.method as 'GET',
        fill(route.url, '1'),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      if (route.config.public ? reply.statusCode < 400 || reply.statusCode >= 500 : reply.statusCode !== 401)
        accepted.push(`${reply.statusCode} ${route.method} ${route.url}`);
    }
    expect(accepted).toEqual([]);
  });

  it('refuses a route without roles to everyone, the owner too (fail closed)', async () => {
    const owner = await signInOperator(sut, 'owner');
    for (const method of ['GET', 'POST'] as const) {
      const reply = await consoleRequest(
        sut,
        owner,
        method,
        `${CONSOLE_PREFIX}/test-unguarded`,
        method === 'POST' ? {} : undefined,
      );
      expect([reply.statusCode, reply.json()]).toEqual([403, { error: 'forbidden' }]);
    }
    expect((await consoleRequest(sut, null, 'GET', `${CONSOLE_PREFIX}/test-unguarded`)).statusCode).toBe(401);
  });

  it('is in the OpenAPI document with a tag, and the document and reference page need a session', async () => {
    expect((await consoleRequest(sut, null, 'GET', `${CONSOLE_PREFIX}/openapi.json`)).statusCode).toBe(401);
    expect((await consoleRequest(sut, null, 'GET', `${CONSOLE_PREFIX}/docs`)).statusCode).toBe(401);
    const support = await signInOperator(sut, 'support');
    const doc = (await consoleRequest(sut, support, 'GET', `${CONSOLE_PREFIX}/openapi.json`)).json() as {
      openapi: string;
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const missing = routes
      .filter((route) => isSection(route) && !route.hidden)
      .filter((route) => {
        const operation =
          doc.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
        return !operation?.tags?.length;
      });
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const page = await consoleRequest(sut, support, 'GET', `${CONSOLE_PREFIX}/docs`);
    expect(page.statusCode).toBe(200);
    // Its files come from this server: the page's CSP allows no other origin's scripts.
    expect(page.body).toContain(`${CONSOLE_PREFIX}/docs/static/swagger-ui-bundle.js`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers hostile input with a 4xx in the console error shape, never a 5xx (as an owner)', async () => {
    const hostile = ['\0', 'x'.repeat(10_000), '-1', '99999999999999999999', '1e400', '{"a":1}', '%ZZ'];
    const failures: string[] = [];
    for (const route of routes.filter(isSection)) {
      const owner = await signInOperator(sut, 'owner');
      for (const value of hostile) {
        const body = Object.fromEntries(route.bodyFields.map((field) => [field, value]));
        const url = `${fill(route.url, encodeURIComponent(value))}?page=${encodeURIComponent(value)}&sort=${encodeURIComponent(value)}`;
        const reply = await consoleRequest(
          sut,
          owner,
          route.method as 'GET',
          url,
          route.method === 'GET' ? undefined : body,
        );
        const shape = reply.statusCode >= 400 && typeof reply.json().error === 'string';
        if (reply.statusCode >= 500 || (reply.statusCode >= 400 && !shape))
          failures.push(
            `${reply.statusCode} ${route.method} ${url.slice(0, 80)} → ${reply.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the console outside its API', () => {
  it('serves the console page for /admin and its routes, the phone app never; its API answers 404 in its own shape', async () => {
    for (const url of ['/admin', '/admin/', '/admin/operators', '/admin/audit?page=2']) {
      const reply = await sut.app.inject({ url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body).toContain('<title>console</title>');
      expect(reply.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    }
    const asset = await sut.app.inject({ url: '/admin/assets/index-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const unknownApi = await sut.app.inject({ url: '/admin/api/nothing-here' });
    expect(unknownApi.statusCode).toBe(401);
    const owner = await signInOperator(sut, 'owner');
    expect(
      (await consoleRequest(sut, owner, 'POST', '/admin/api/operators/1/nothing', {})).statusCode,
    ).toBeGreaterThanOrEqual(400);
    // The phone app's pages do not lead into the console, nor the console's cookie out of /admin.
    expect((await sut.app.inject({ url: '/administrator' })).body).not.toContain('<title>console</title>');
  });

  it('marks the session cookie Secure when the public address is https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://console.example.com' });
    try {
      const owner = await signInOperator(secure, 'owner');
      const reply = await secure.app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: owner.email, password: 'Console-Test-Pass-1' },
        remoteAddress: '10.55.0.1',
      });
      const cookie = reply.cookies.find((item) => item.name === 'op_session')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/admin' });
    } finally {
      await secure.close();
    }
  });
});
