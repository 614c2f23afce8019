import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { freePort } from '../../test/run-process.ts';

/**
 * Real delivery: an SMTP server on loopback receives the code mail (nodemailer on the other end),
 * and an HTTP server plays the SMS provider. Recipients starting with `refuse` are rejected.
 */
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort: number;

interface SmsRequest {
  authorization: string | undefined;
  body: { to: string; text: string };
}
const smsRequests: SmsRequest[] = [];
let smsStatus = 200;
let smsProvider: http.Server;

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse')) callback(new Error('550 mailbox unavailable'));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  smsProvider = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      smsRequests.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
      response.writeHead(smsStatus, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => smsProvider.listen(0, '127.0.0.1', resolve));
  const smsPort = (smsProvider.address() as AddressInfo).port;

  sut = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: '"Stream App" <no-reply@example.com>',
    SMS_PROVIDER_URL: `http://127.0.0.1:${smsPort}/send`,
    SMS_PROVIDER_KEY: 'provider-key',
  });
  kit = accountsKit(sut);
});

afterAll(async () => {
  await sut.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await new Promise<void>((resolve) => smsProvider.close(() => resolve()));
});

describe('code mail over SMTP', () => {
  it('delivers the code mail in Chinese, and binding with the code from the mail works', async () => {
    const guest = await kit.guest();
    const email = kit.newEmail('smtp');
    const sent = await kit.call('/v1/register/verify', { email }, { token: guest });
    expect(sent.code).toBe(200);

    const mail = received.find((message) => message.to && JSON.stringify(message.to).includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from?.text).toContain('no-reply@example.com');
    expect(mail!.subject).toBe('绑定账号验证码');
    expect(mail!.text).toContain('30分钟内有效');
    const code = /验证码为：([0-9]{6})/.exec(mail!.text ?? '')?.[1];
    expect(code).toMatch(/^[0-9]{6}$/);

    // A delivered mail does not land in the outbox.
    const outbox = await sut.db.selectFrom('outbox').select('id').where('recipient', '=', email).execute();
    expect(outbox).toHaveLength(0);

    const bound = await kit.call(
      '/v1/register/binding',
      { email, code, password: 'secret123' },
      { token: guest },
    );
    expect(bound.code).toBe(201);
    expect((await kit.userInfo(bound.response.token)).response.userInfo.email).toBe(email);
  });

  it('answers 501 when the SMTP server refuses the recipient', async () => {
    const reply = await kit.call(
      '/v1/register/verify',
      { email: kit.newEmail('refuse') },
      { token: await kit.guest() },
    );
    expect(reply).toMatchObject({ http: 501, code: 501, message: 'provider_error' });
  });
});

describe('code SMS through the HTTP provider', () => {
  it('posts the phone in E.164 form and the code text with the bearer key', async () => {
    smsStatus = 200;
    const guest = await kit.guest();
    const phone = '886-912345678';
    const sent = await kit.call('/v1/register/verify', { phone }, { token: guest });
    expect(sent.code).toBe(200);
    const request = smsRequests.at(-1)!;
    expect(request.authorization).toBe('Bearer provider-key');
    expect(request.body.to).toBe('+886912345678');
    const code = /^验证码([0-9]{6})，/.exec(request.body.text)?.[1];
    expect(code).toMatch(/^[0-9]{6}$/);
    const bound = await kit.call(
      '/v1/register/binding',
      { phone, code, password: 'secret123' },
      { token: guest },
    );
    expect(bound.code).toBe(201);
  });

  it('answers 501 when the provider refuses and 502 when it fails', async () => {
    smsStatus = 400;
    const refused = await kit.call(
      '/v1/register/verify',
      { phone: kit.newPhone() },
      { token: await kit.guest() },
    );
    expect(refused).toMatchObject({ code: 501, message: 'provider_error' });
    smsStatus = 503;
    const down = await kit.call(
      '/v1/register/verify',
      { phone: kit.newPhone() },
      { token: await kit.guest() },
    );
    expect(down).toMatchObject({ code: 502, message: 'provider_unavailable' });
    smsStatus = 200;
  });
});

describe('an unreachable SMTP server', () => {
  it('answers 502 provider_unavailable', async () => {
    const closedPort = await freePort();
    const offline = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    try {
      const offlineKit = accountsKit(offline);
      const reply = await offlineKit.call(
        '/v1/register/verify',
        { email: offlineKit.newEmail() },
        { token: await offlineKit.guest() },
      );
      expect(reply).toMatchObject({ http: 502, code: 502, message: 'provider_unavailable' });
    } finally {
      await offline.close();
    }
  });
});
