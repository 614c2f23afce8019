import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EPAY_SUCCESS,
  hasValidSignature,
  notifyParamsOf,
  SANDBOX_PATH,
  signedParams,
  type PaymentAccount,
} from '../../adapters/payment-gateway.ts';
import { renderCheckoutPage, renderProblemPage } from './sandbox-page.ts';
import { NOTIFY_PATH } from './shop.service.ts';

const NOTIFY_TIMEOUT_MS = 10_000;
const ORDER_FIELDS = ['pid', 'type', 'out_trade_no', 'notify_url', 'return_url', 'name', 'money'] as const;
/** The checkout holds no secrets but must not be framed or run anything. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

function webAddress(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A submitted order as a gateway would take it: the merchant's signature over it checks out and
 * it names where to notify and where to return.
 */
function readSubmission(raw: unknown, account: PaymentAccount) {
  const params = notifyParamsOf(raw);
  if (!params || !hasValidSignature(params, account.key) || params.pid !== account.pid) return undefined;
  if (ORDER_FIELDS.some((field) => !params[field])) return undefined;
  const notifyUrl = webAddress(params.notify_url);
  const returnUrl = webAddress(params.return_url);
  if (!notifyUrl || !returnUrl) return undefined;
  return { params, notifyUrl, returnUrl };
}

/**
 * This server's own origin as it listens (a wildcard address is reached on loopback); before it
 * listens (requests injected in tests) the configured port on loopback.
 */
function ownOrigin(address: AddressInfo | string | null, fallbackPort: number): string {
  if (address === null || typeof address === 'string') return `http://127.0.0.1:${fallbackPort}`;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_POLICY)
    .type('text/html; charset=utf-8')
    .send(body);
}

/**
 * The sandbox gateway (PAYMENT_MODE=sandbox): the EPay protocol end to end without a real gateway.
 * The checkout shows the order; Pay sends the merchant a real signed notify over HTTP, as a gateway
 * does, and returns the payer to the app once the merchant answered `success`; Cancel returns to
 * the member page without paying, naming the order it gave up.
 */
export const sandboxPayRoutes =
  (account: PaymentAccount, fallbackPort: number): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(`${SANDBOX_PATH}/submit.php`, async (request, reply) => {
      const submission = readSubmission(request.query, account);
      if (!submission)
        return html(
          reply,
          401,
          renderProblemPage('Invalid order', 'The order is not signed by this merchant.'),
        );
      // Cancel names the order it gives up (`unpaid=`), so the app ends its wait at once instead of
      // waiting out the payment window; a gateway without that word leaves it to the window.
      const cancel = new URL('/member', submission.returnUrl);
      cancel.searchParams.set('unpaid', submission.params.out_trade_no!);
      return html(reply, 200, renderCheckoutPage(submission.params, cancel.toString()));
    });

    app.post(`${SANDBOX_PATH}/pay`, async (request, reply) => {
      const submission = readSubmission(request.body, account);
      if (!submission)
        return html(
          reply,
          401,
          renderProblemPage('Invalid order', 'The order is not signed by this merchant.'),
        );
      const { params, notifyUrl, returnUrl } = submission;
      const notice = signedParams(
        {
          pid: account.pid,
          trade_no: `SBX${Date.now()}${crypto.randomBytes(4).toString('hex')}`,
          out_trade_no: params.out_trade_no!,
          type: params.type!,
          name: params.name!,
          money: params.money!,
          trade_status: EPAY_SUCCESS,
        },
        account.key,
      );
      // The merchant is this very server: the notify goes to the address it listens on, whatever
      // host the order names (it came from request headers once, and must never steer this request).
      if (notifyUrl.pathname !== NOTIFY_PATH)
        return html(reply, 401, renderProblemPage('Invalid order', 'The order names another merchant.'));
      const target = new URL(NOTIFY_PATH, ownOrigin(app.server.address(), fallbackPort));
      for (const [name, value] of Object.entries(notice)) target.searchParams.set(name, value);
      let answer: string;
      try {
        const merchant = await fetch(target, {
          signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
          redirect: 'error',
        });
        answer = (await merchant.text()).trim();
      } catch (error) {
        answer = `unreachable: ${(error as Error).message}`;
      }
      if (answer !== 'success')
        return html(
          reply,
          502,
          renderProblemPage('Payment not confirmed', `The merchant answered: ${answer}`),
        );
      return reply.header('cache-control', 'no-store').redirect(returnUrl.toString(), 303);
    });
  };
