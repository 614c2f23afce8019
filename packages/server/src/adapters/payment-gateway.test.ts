import { describe, expect, it } from 'vitest';
import {
  centsOf,
  epayProvider,
  epaySign,
  hasValidSignature,
  moneyOf,
  signedParams,
} from './payment-gateway.ts';

describe('the EPay signature', () => {
  it('is the MD5 of the sorted non-empty parameters, without sign and sign_type, values raw, key appended', () => {
    const params = {
      type: 'alipay',
      pid: '1000',
      out_trade_no: '123abc',
      name: 'VIP 月卡',
      money: '1.00',
      notify_url: 'http://a.example/pay/notify?x=1',
      return_url: '',
      sign: 'ignored',
      sign_type: 'MD5',
    };
    // echo -n "money=1.00&name=VIP 月卡&notify_url=http://a.example/pay/notify?x=1&out_trade_no=123abc&pid=1000&type=alipaysecret-key" | md5sum
    expect(epaySign(params, 'secret-key')).toBe('c6f6acb6ba6e25d83d3bef4a34cf4bde');
  });

  it('checks out for the signed parameters only, in either case of hex', () => {
    const signed = signedParams({ pid: '1', money: '2.00' }, 'k');
    expect(hasValidSignature(signed, 'k')).toBe(true);
    expect(hasValidSignature({ ...signed, sign: signed.sign!.toUpperCase() }, 'k')).toBe(true);
    expect(hasValidSignature(signed, 'other')).toBe(false);
    expect(hasValidSignature({ ...signed, money: '2.01' }, 'k')).toBe(false);
    expect(hasValidSignature({ ...signed, sign: 'zz' }, 'k')).toBe(false);
  });
});

describe('money', () => {
  it('writes cents as yuan with two decimals', () => {
    expect([1, 99, 100, 2500, 19800].map(moneyOf)).toEqual(['0.01', '0.99', '1.00', '25.00', '198.00']);
  });

  it('reads plain positive amounts only', () => {
    expect(['30', '30.5', '30.00', '0.01'].map(centsOf)).toEqual([3000, 3050, 3000, 1]);
    for (const bad of ['0', '0.00', '-1', '1.001', '1e3', '030', ' 1', '1,00', '', '100000000', 'NaN'])
      expect(centsOf(bad), bad).toBeUndefined();
  });
});

describe('the EPay provider', () => {
  const provider = epayProvider({ gatewayUrl: 'https://pay.example/', pid: '7', key: 'k' });

  it('builds the signed submit address with the EPay pay type names', async () => {
    const url = new URL(
      await provider.checkoutUrl(
        { outTradeNo: 'A1', name: '年卡', amountCents: 19800, payType: 'unionpay' },
        {
          origin: 'https://app.example',
          notifyUrl: 'https://app.example/pay/notify',
          returnUrl: 'https://app.example/member',
        },
      ),
    );
    expect(url.origin + url.pathname).toBe('https://pay.example/submit.php');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      pid: '7',
      type: 'bank',
      out_trade_no: 'A1',
      money: '198.00',
      sign_type: 'MD5',
    });
    expect(hasValidSignature(params, 'k')).toBe(true);
  });

  it('reads a signed paid notify into its order, trade number and cents', () => {
    const notice = signedParams(
      {
        pid: '7',
        trade_no: 'G1',
        out_trade_no: 'A1',
        type: 'bank',
        name: 'x',
        money: '198.00',
        trade_status: 'TRADE_SUCCESS',
      },
      'k',
    );
    expect(provider.readNotify(notice)).toEqual({
      ok: true,
      notice: { outTradeNo: 'A1', tradeNo: 'G1', amountCents: 19800 },
    });
    expect(provider.readNotify({ ...notice, trade_status: 'WAIT_BUYER_PAY' })).toEqual({
      ok: false,
      reason: 'signature',
    });
  });
});
