import crypto from 'node:crypto';
import type { PayType } from '@app/contract';
import type { Config } from '../config.ts';
import type { Secrets } from '../platform/settings.ts';

/** What a gateway needs to charge one order. */
export interface GatewayOrder {
  outTradeNo: string;
  name: string;
  amountCents: number;
  payType: PayType;
}

/** Where the gateway tells the server (notify) and where it sends the payer back (return). */
export interface GatewayLinks {
  /** The origin the app was reached on (PUBLIC_URL when set): the sandbox gateway lives there. */
  origin: string;
  notifyUrl: string;
  returnUrl: string;
}

/** A notify whose signature checked out, read into the order it names and what it says was paid. */
export interface GatewayNotice {
  outTradeNo: string;
  tradeNo: string;
  amountCents: number;
}

export type NoticeReading = { ok: true; notice: GatewayNotice } | { ok: false; reason: string };

/**
 * A payment provider: the checkout address of an order, and the reading of the provider's
 * server-to-server notify. `checkoutUrl` may throw PaymentProviderError.
 */
export interface PaymentProvider {
  checkoutUrl(order: GatewayOrder, links: GatewayLinks): Promise<string>;
  readNotify(params: Record<string, string>): NoticeReading;
  /** The body a notify is answered with once it has been handled (or was handled before). */
  readonly acknowledgement: string;
}

/** refused: the provider answered no (501); unreachable: no answer in time (502); misconfigured: 500. */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable' | 'misconfigured',
    detail: string,
  ) {
    super(detail);
  }
}

// ── The EPay-style protocol ──────────────────────────────────────────────────

/** EPay's names for the pay types. */
const EPAY_TYPES: Record<PayType, string> = { alipay: 'alipay', wechat: 'wxpay', unionpay: 'bank' };
export const EPAY_SUCCESS = 'TRADE_SUCCESS';
const NOTIFY_MAX_PARAMS = 24;
const NOTIFY_MAX_VALUE = 512;
const OUT_TRADE_NO = /^[A-Za-z0-9]{1,64}$/;
/** Yuan with at most two decimals and no sign, below 100 million: "30", "30.5", "30.00". */
const MONEY = /^(0|[1-9][0-9]{0,7})(\.[0-9]{1,2})?$/;

/**
 * EPay's signature: the parameters other than `sign` and `sign_type` with a non-empty value,
 * sorted by name, joined as `a=1&b=2` (values as they are, not URL-encoded), the merchant key
 * appended, MD5 in lower-case hex.
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return crypto
    .createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

/** The parameters with their signature added. */
export function signedParams(params: Record<string, string>, key: string): Record<string, string> {
  return { ...params, sign: epaySign(params, key), sign_type: 'MD5' };
}

/** True when `params.sign` is their signature under `key`; compared in constant time. */
export function hasValidSignature(params: Record<string, string>, key: string): boolean {
  const given = params.sign;
  if (typeof given !== 'string' || !/^[0-9a-f]{32}$/i.test(given)) return false;
  const expected = Buffer.from(epaySign(params, key), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}

/** Cents as EPay's money field: 3000 → "30.00". */
export function moneyOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** EPay's money field as cents, or undefined when it is not a plain positive amount. */
export function centsOf(money: string): number | undefined {
  const match = MONEY.exec(money);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '.').slice(1).padEnd(2, '0'));
  return cents > 0 ? cents : undefined;
}

/**
 * Notify parameters as received: plain names and single string values, a bounded number of them.
 * Anything else (repeated names, nested objects, huge values) is not a gateway's notify.
 */
export function notifyParamsOf(raw: unknown): Record<string, string> | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length === 0 || entries.length > NOTIFY_MAX_PARAMS) return undefined;
  const params: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!/^[a-z_]{1,32}$/.test(name) || typeof value !== 'string' || value.length > NOTIFY_MAX_VALUE)
      return undefined;
    params[name] = value;
  }
  return params;
}

export interface EpaySettings {
  /** The gateway's base address (`…/submit.php` is appended); for the sandbox, derived from the origin. */
  gatewayUrl: string | ((origin: string) => string);
  pid: string;
  key: string;
}

/** The EPay-style aggregator: a signed submit address, a signed notify answered `success`. */
export function epayProvider(settings: EpaySettings): PaymentProvider {
  return {
    acknowledgement: 'success',

    async checkoutUrl(order, links) {
      const base =
        typeof settings.gatewayUrl === 'function' ? settings.gatewayUrl(links.origin) : settings.gatewayUrl;
      const params = signedParams(
        {
          pid: settings.pid,
          type: EPAY_TYPES[order.payType],
          out_trade_no: order.outTradeNo,
          notify_url: links.notifyUrl,
          return_url: links.returnUrl,
          name: order.name,
          money: moneyOf(order.amountCents),
        },
        settings.key,
      );
      return `${base.replace(/\/+$/, '')}/submit.php?${new URLSearchParams(params).toString()}`;
    },

    readNotify(params) {
      if (!hasValidSignature(params, settings.key)) return { ok: false, reason: 'signature' };
      if (params.pid !== settings.pid) return { ok: false, reason: 'merchant' };
      if (params.trade_status !== EPAY_SUCCESS) return { ok: false, reason: 'status' };
      const outTradeNo = params.out_trade_no ?? '';
      if (!OUT_TRADE_NO.test(outTradeNo)) return { ok: false, reason: 'order' };
      const amountCents = centsOf(params.money ?? '');
      if (amountCents === undefined) return { ok: false, reason: 'amount' };
      const tradeNo = params.trade_no ?? '';
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(tradeNo)) return { ok: false, reason: 'trade_no' };
      return { ok: true, notice: { outTradeNo, tradeNo, amountCents } };
    },
  };
}

/** The merchant account the server and the sandbox gateway share. */
export interface PaymentAccount {
  mode: 'sandbox' | 'live';
  pid: string;
  key: string;
}

export const SANDBOX_PATH = '/sandbox-pay';
const SANDBOX_PID = '1000';

/**
 * The configured provider. In sandbox mode the gateway is this server's own `/sandbox-pay`, with
 * PAYMENT_PID/PAYMENT_KEY when given, else a merchant key derived from a server secret, so it
 * survives restarts and never sits in the repository. Live mode without its settings answers every
 * buy with 500 (logged) rather than sending payers to a gateway that cannot know them.
 */
export function createPaymentProvider(
  config: Config,
  secrets: Secrets,
): { provider: PaymentProvider; account: PaymentAccount } {
  const { mode, gatewayUrl, pid, key } = config.payment;
  if (mode === 'sandbox') {
    const account: PaymentAccount = {
      mode,
      pid: pid ?? SANDBOX_PID,
      key:
        key ?? crypto.createHmac('sha256', secrets.verifyCodeKey).update('sandbox payment key').digest('hex'),
    };
    return {
      account,
      provider: epayProvider({ gatewayUrl: (origin) => `${origin}${SANDBOX_PATH}`, ...account }),
    };
  }
  if (!gatewayUrl || !pid || !key) {
    const account: PaymentAccount = { mode, pid: pid ?? '', key: '' };
    return {
      account,
      provider: {
        acknowledgement: 'success',
        checkoutUrl: async () => {
          throw new PaymentProviderError(
            'misconfigured',
            'PAYMENT_GATEWAY_URL, PAYMENT_PID and PAYMENT_KEY are needed in live mode',
          );
        },
        readNotify: () => ({ ok: false, reason: 'not configured' }),
      },
    };
  }
  return { account: { mode, pid, key }, provider: epayProvider({ gatewayUrl, pid, key }) };
}
