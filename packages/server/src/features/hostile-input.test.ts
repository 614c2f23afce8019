import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, guestToken, type TestApp } from '../test/build-app.ts';
import { TEST_PAYMENT } from '../test/shop-kit.ts';

/**
 * Hostile input on every route the server has (found as they are added, so a new route is fuzzed
 * without touching this file): every field of its schema, in the query, a JSON body or a form, with
 * NUL, broken UTF-16, invalid UTF-8 and other unwelcome text, next to valid values for the other
 * fields so the hostile one reaches the service and the database; with hostile Host, forwarded,
 * Origin and launch-code headers (the server trusts a proxy on loopback here, so forwarded headers
 * are read). No request may get a 5xx, and every API reply is the envelope with its HTTP status.
 */
interface FoundRoute {
  method: string;
  url: string;
  fields: string[];
  valid: Record<string, string>;
}

let sut: TestApp;
const routes: FoundRoute[] = [];
const known: Record<string, string> = {};
beforeAll(async () => {
  sut = await buildTestApp(
    { ...TEST_PAYMENT, TRUST_PROXY: 'loopback' },
    { onRoute: (route: RouteOptions) => routes.push(...foundRoutes(route)) },
  );
  const video = await sut.db.selectFrom('videos').select(['avkey', 'asset_id']).executeTakeFirstOrThrow();
  Object.assign(known, {
    token: await guestToken(sut.app),
    avkey: video.avkey,
    video_id: video.avkey,
    video: video.avkey,
    asset: video.asset_id,
    rendition: '240',
    type: 'long',
    page: '1',
    email: 'fuzz@example.com',
    phone: '86-13900000000',
    account: 'fuzz@example.com',
    password: 'secret123',
    new_password: 'secret456',
    origin_password: 'secret123',
    code: '123456',
    platform: 'web',
    chain: 'main',
  });
});
afterAll(async () => sut.close());

/** Field names of a zod schema (objects, and the wrappers around them: optional, pipes, unions). */
function fieldsOf(schema: unknown, depth = 0): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 8) return [];
  if (def.type === 'object') return Object.keys(def.shape as object);
  const inner = ['innerType', 'in', 'out', 'schema', 'left', 'right'].flatMap((key) =>
    fieldsOf(def[key], depth + 1),
  );
  const options = Array.isArray(def.options)
    ? def.options.flatMap((option) => fieldsOf(option, depth + 1))
    : [];
  return [...new Set([...inner, ...options])];
}

/** A value the schema accepts for an enum or literal field, found by unwrapping it. */
function enumValueOf(schema: unknown, depth = 0): string | undefined {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 8) return undefined;
  if (def.type === 'enum') return String(Object.values(def.entries as object)[0]);
  if (def.type === 'literal') return String((def.values as unknown[])[0]);
  for (const key of ['innerType', 'in', 'out', 'schema']) {
    const found = enumValueOf(def[key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function shapeOf(schema: unknown, depth = 0): Record<string, unknown> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 8) return {};
  if (def.type === 'object') return def.shape as Record<string, unknown>;
  return Object.assign(
    {},
    ...['innerType', 'in', 'out', 'schema', 'left', 'right'].map((key) => shapeOf(def[key], depth + 1)),
  );
}

/** The built web app's files: one route each, all served alike, so two of them stand for the rest. */
const WEB_FILE = /\.(js|css|png|svg|br|gz|webmanifest|html|ico|woff2?)$/;

function foundRoutes(route: RouteOptions): FoundRoute[] {
  if (WEB_FILE.test(route.url) && !['/index.html', '/sw.js'].includes(route.url)) return [];
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (method) => method !== 'HEAD' && method !== 'OPTIONS',
  );
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const parts = [schema.querystring, schema.body, schema.params];
  const pathParams = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
  const fields = [...new Set([...parts.flatMap((part) => fieldsOf(part)), ...pathParams, 'token'])];
  const valid: Record<string, string> = {};
  for (const part of parts)
    for (const [name, field] of Object.entries(shapeOf(part))) {
      const value = enumValueOf(field);
      if (value !== undefined) valid[name] = value;
    }
  return methods.map((method) => ({ method, url: route.url, fields, valid }));
}

/** Stands for raw bytes that are not UTF-8; replaced when the request is encoded. */
const INVALID_UTF8 = '\u{10FFFD}bad-utf8\u{10FFFD}';
const INVALID_BYTES = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf8, 0x88]);

const hostileText = fc.oneof(
  fc.constantFrom(
    '\0',
    'a\0b',
    '123456\0',
    '\uD800',
    'a\uDFFFb',
    '\uDBFF\uDBFF',
    INVALID_UTF8,
    `ok${INVALID_UTF8}ok`,
    '%00',
    '%',
    '%E0%A4%A',
    '../../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '9'.repeat(400),
    '-1',
    '0',
    '1e309',
    'NaN',
    '[]',
    '{}',
    '',
    ' ',
    '\u202e\u200b\ufeff',
    '😀'.repeat(50),
    'x'.repeat(5000),
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
);

const header = (values: string[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
const hostileHeaders = fc.record({
  host: header([
    'localhost:8080',
    '127.0.0.1',
    'evil.example',
    'a b',
    'x/y',
    '',
    '[::1]:99999',
    '[zz]',
    'h\u00ffst',
    'évil.example',
    'user@host',
    'localhost:8080, evil',
  ]),
  'x-forwarded-proto': header(['https', 'http', 'javascript', 'ht tp', '', 'HTTPS', 'https, ftp', '\u00ff']),
  'x-forwarded-host': header(['evil.example', 'a b', 'x/y', '', '[::1', 'app.example.com:443']),
  'x-forwarded-for': header(['203.0.113.1', 'garbage', '', '::1, 10.0.0.1', '999.1.1.1']),
  origin: header(['http://localhost:5173', 'null', 'http://evil', 'garbage', 'http://\u00ff', '']),
  'x-fast-code': header(['', 'garbage', '\u00ff\u00fe', 'x'.repeat(300), '%00']),
  'cf-ipcountry': header(['', 'XX', '\u00ff']),
});

const percent = (bytes: Iterable<number>) =>
  [...bytes].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
/** Percent-encoding that also sends what encodeURIComponent refuses: a lone surrogate, as its 3 bytes. */
const encode = (value: string) =>
  value
    .split(/(\p{Cs})/u)
    .map((piece) => {
      if (/^\p{Cs}$/u.test(piece)) {
        const unit = piece.charCodeAt(0);
        return percent([0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]);
      }
      return encodeURIComponent(piece).replaceAll(encodeURIComponent(INVALID_UTF8), percent(INVALID_BYTES));
    })
    .join('');

function rawBytes(text: string): Buffer {
  const marker = Buffer.from(INVALID_UTF8);
  const source = Buffer.from(text);
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = source.indexOf(marker); at >= 0; at = source.indexOf(marker, start)) {
    pieces.push(source.subarray(start, at), INVALID_BYTES);
    start = at + marker.length;
  }
  pieces.push(source.subarray(start));
  return Buffer.concat(pieces);
}

function multipart(values: Record<string, string>): { type: string; body: Buffer } {
  const boundary = 'fuzzboundary';
  const parts = Object.entries(values).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG\r\n\x1a\n${INVALID_UTF8}\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: rawBytes(`${parts.join('')}--${boundary}--\r\n`),
  };
}

describe('hostile input on every route', () => {
  it('finds the routes of every feature', () => {
    const urls = routes.map((route) => route.url);
    for (const url of ['/v1/user/init', '/v1/analytics/event', '/v1/report/video/:avkey', '/v2/shop/buy'])
      expect(urls).toContain(url);
    expect(routes.length).toBeGreaterThan(60);
    // The built app's files are routes too once `npm run build` made them (npm test builds first).
    if (existsSync(path.join(sut.config.webDist, 'sw.js'))) expect(urls).toContain('/sw.js');
  });

  it('never answers 5xx, to hostile fields in the query, JSON or form bodies, and hostile headers', async () => {
    const failures: string[] = [];
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: routes.length - 1 }),
        fc.dictionary(fc.nat({ max: 40 }), hostileText, { maxKeys: 3 }),
        fc.constantFrom('query', 'json', 'form', 'multipart', 'text'),
        fc.boolean(),
        hostileHeaders,
        async (index, hostileByField, placement, withToken, headers) => {
          const route = routes[index]!;
          const values: Record<string, string> = {};
          for (const field of route.fields) {
            const fallback = known[field] ?? route.valid[field];
            if (fallback !== undefined && (field !== 'token' || withToken)) values[field] = fallback;
          }
          for (const [at, text] of Object.entries(hostileByField))
            values[route.fields[Number(at) % route.fields.length]!] = text;
          let url = route.url.replace(/:([A-Za-z_]+)/g, (_all, name: string) => encode(values[name] ?? 'x'));
          const bodyValues = Object.fromEntries(
            Object.entries(values).filter(([name]) => !route.url.includes(`:${name}`)),
          );
          const query = Object.entries(bodyValues)
            .map(([name, value]) => `${encode(name)}=${encode(value)}`)
            .join('&');
          const sent: Record<string, string> = Object.fromEntries(
            Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
          );
          let payload: Buffer | undefined;
          if (route.method === 'GET' || placement === 'query') url += query ? `?${query}` : '';
          else if (placement === 'json') {
            payload = rawBytes(JSON.stringify(bodyValues));
            sent['content-type'] = 'application/json';
          } else if (placement === 'form') {
            payload = rawBytes(query);
            sent['content-type'] = 'application/x-www-form-urlencoded';
          } else if (placement === 'multipart') {
            const form = multipart(bodyValues);
            payload = form.body;
            sent['content-type'] = form.type;
          } else {
            payload = rawBytes(Object.values(bodyValues).join('\n'));
            sent['content-type'] = 'text/plain; charset=utf-8';
          }
          requests += 1;
          const reply = await sut.app.inject({
            method: route.method as 'GET',
            url,
            headers: sent,
            ...(payload ? { payload } : {}),
          });
          const api =
            /^\/v[12]\//.test(route.url) && String(reply.headers['content-type'] ?? '').includes('json');
          const envelopeOk = !api || reply.json().status?.code === reply.statusCode;
          if (reply.statusCode >= 500 || !envelopeOk)
            failures.push(
              `${reply.statusCode} ${route.method} ${url} ${JSON.stringify(sent)} ${payload?.toString('latin1').slice(0, 300) ?? ''} → ${reply.body.slice(0, 200)}`,
            );
        },
      ),
      { numRuns: 3000 },
    );
    console.info(`hostile input: ${requests} requests on ${routes.length} routes, ${failures.length} 5xx`);
    expect(failures).toEqual([]);
  });

  it('refuses a NUL or broken text in a report, an analytics event and user init with 401, storing nothing', async () => {
    const token = known.token!;
    const stored = async () =>
      Promise.all(
        (['video_reports', 'analytics_events'] as const).map(
          async (table) =>
            (
              await sut.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
        ),
      );
    const before = await stored();
    const cases: { url: string; body: Record<string, string> }[] = [
      { url: `/v1/report/video/${known.avkey}`, body: { token, report_type: '999', report_content: 'a\0b' } },
      {
        url: `/v1/report/video/${known.avkey}`,
        body: { token, report_type: '999', device_os: 'a\0' },
      },
      { url: '/v1/analytics/event', body: { event: 'host_domain_fail', detail: 'x\0' } },
      { url: '/v1/analytics/event', body: { event: 'host_domain_fail', line: '\0' } },
      { url: '/v1/user/init', body: { token, source: 'utm\0' } },
    ];
    // Broken UTF-16 only travels in JSON (a form turns it into U+FFFD on the way).
    const broken = [
      {
        url: `/v1/report/video/${known.avkey}`,
        body: { token, report_type: '999', report_content: '\uD800' },
      },
      { url: '/v1/analytics/event', body: { event: 'host_domain_fail', detail: 'a\uDFFFb' } },
      { url: '/v1/user/init', body: { token, source: '\uDBFF' } },
    ];
    for (const { url, body } of broken) {
      const reply = await sut.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(reply.statusCode, `${url} ${JSON.stringify(body)}`).toBe(401);
    }
    for (const { url, body } of cases) {
      for (const payload of [JSON.stringify(body), new URLSearchParams(body).toString()]) {
        const reply = await sut.app.inject({
          method: 'POST',
          url,
          headers: {
            'content-type': payload.startsWith('{')
              ? 'application/json'
              : 'application/x-www-form-urlencoded',
          },
          payload,
        });
        expect(reply.statusCode, `${url} ${payload}`).toBe(401);
        expect(reply.json().status).toEqual({ code: 401, message: 'invalid_input' });
      }
    }
    expect(await stored()).toEqual(before);
  });
});
