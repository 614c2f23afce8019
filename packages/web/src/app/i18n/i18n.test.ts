import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGE_KEYS,
  LIKE_MESSAGE_KEYS,
  PLAYER_MESSAGE_KEYS,
  REWARD_MESSAGE_KEYS,
  SHOP_MESSAGE_KEYS,
  SIGNIN_MESSAGE_KEYS,
  statusMessageKey,
} from '@app/contract';
import { cn } from './cn.ts';
import { catalogueComplete, initI18n, messageOf, t } from './index.ts';
import { localeFromNavigator, resolveLocale } from './locale.ts';
import { tw } from './tw.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('locale rule', () => {
  it('uses cn only for zh-cn, in any case', () => {
    expect(localeFromNavigator('zh-CN')).toBe('cn');
    expect(localeFromNavigator('zh-cn')).toBe('cn');
    expect(localeFromNavigator('zh-TW')).toBe('tw');
    expect(localeFromNavigator('zh-HK')).toBe('tw');
    expect(localeFromNavigator('zh')).toBe('tw');
    expect(localeFromNavigator('en-US')).toBe('tw');
    expect(localeFromNavigator('')).toBe('tw');
    expect(localeFromNavigator(undefined)).toBe('tw');
  });

  it('lets a stored valid locale win', () => {
    expect(resolveLocale('tw', 'zh-CN')).toBe('tw');
    expect(resolveLocale('cn', 'en-US')).toBe('cn');
    expect(resolveLocale(null, 'zh-CN')).toBe('cn');
    expect(resolveLocale(null, undefined)).toBe('tw');
    expect(resolveLocale('fr', 'zh-CN')).toBe('cn');
    expect(resolveLocale('"cn"', 'en-US')).toBe('tw');
  });
});

describe('catalogues', () => {
  const cnKeys = Object.keys(cn).sort();
  const twKeys = Object.keys(tw).sort();

  it('have the same keys, all snake_case', () => {
    expect(twKeys).toEqual(cnKeys);
    for (const key of cnKeys) expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-zA-Z0-9]+)*$/);
  });

  it('have a non-empty value for every key in both locales', () => {
    for (const key of cnKeys) {
      expect(cn[key as keyof typeof cn].trim(), `cn.${key}`).not.toBe('');
      expect(tw[key as keyof typeof tw].trim(), `tw.${key}`).not.toBe('');
    }
  });

  it('never contain "undefined" or broken placeholders', () => {
    for (const [name, catalogue] of [['cn', cn] as const, ['tw', tw] as const]) {
      for (const [key, value] of Object.entries(catalogue)) {
        expect(value, `${name}.${key}`).not.toContain('undefined');
        expect(value.replace(/\{\{\w+\}\}/g, ''), `${name}.${key}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('use the same interpolation names in cn and tw', () => {
    for (const key of cnKeys) {
      const k = key as keyof typeof cn;
      expect(placeholders(tw[k]), key).toEqual(placeholders(cn[k]));
    }
  });

  it('cover the keys the spec names', () => {
    const named = [
      'error_title',
      'error_content',
      'error_content2',
      'error_content4',
      'error_content5',
      'error_content6',
      'error_content7',
      'error_content8',
      'share_code_error',
      'share_code_error1',
      'refresh_fail',
      'ok',
      'created',
      'invalid_input',
      'conflict',
      'refused',
      'not_found',
      'code_wrong',
      'send_too_frequent',
      'location_error',
      'token_missing',
      'session_expired',
      'logged_other_device',
      'server_error',
      'provider_error',
      'provider_unavailable',
      'launch_code_unknown',
      'launch_code_invalid',
      'launch_code_missing',
      'vip_only',
      'video_not_found',
      'startup_error_0',
      'startup_error_1',
      'startup_error_2',
      'startup_error_3',
      'timeout_error',
      'all_error',
      'coming_soon',
    ];
    for (const key of named) expect(cnKeys, key).toContain(key);
  });

  it('carry every status message the contract says a call answers with', () => {
    const answered = [
      ...ACCOUNT_MESSAGE_KEYS,
      ...LIKE_MESSAGE_KEYS,
      ...PLAYER_MESSAGE_KEYS,
      ...REWARD_MESSAGE_KEYS,
      ...SHOP_MESSAGE_KEYS,
      ...SIGNIN_MESSAGE_KEYS,
    ];
    for (const key of answered) expect(cnKeys, key).toContain(key);
  });

  it('write Taiwan traditional Chinese in tw', () => {
    expect(tw.tab_long).toContain('長');
    expect(tw.tab_long).toContain('影片');
    expect(tw.tab_short).toBe('短影片');
    expect(tw.route_setting).toBe('設定');
    expect(tw.route_signin).toBe('登入');
    expect(tw.route_signup).toContain('帳號');
    expect(tw.forever_save).toContain('儲存');
    expect(tw.error_content2).toContain('兩次');
    for (const value of Object.values(tw)) expect(value).not.toMatch(/[视频账号设录载网络这为请]/);
    expect(cn.tab_long).toBe('长视频');
  });
});

describe('i18next', () => {
  beforeAll(async () => {
    await initI18n('cn');
  });

  it('has the first screen keys at once and every key once the rest is in', async () => {
    expect(t('tab_long')).toBe('长视频');
    await catalogueComplete();
    expect(t('member_id', { id: 7 })).toBe('ID：7');
  });

  it('interpolates and switches language', async () => {
    expect(t('cover_skip', { count: 3 })).toBe('跳过 3s');
    expect(t('video_count', { count: 12 })).toBe('12个视频');
    await initI18n('tw');
    expect(t('cover_skip', { count: 3 })).toBe('略過 3s');
    expect(t('tab_long')).toBe('長影片');
    await Promise.resolve();
    await initI18n('cn');
    expect(t('tab_long')).toBe('长视频');
  });

  it('does not escape interpolated values (React does)', () => {
    expect(t('member_id', { id: '<a&b>' })).toBe('ID：<a&b>');
  });

  it('messageOf translates known status keys and passes text through', async () => {
    expect(messageOf('code_wrong')).toBe(cn.code_wrong);
    expect(messageOf('error_content6')).toBe(cn.error_content6);
    expect(messageOf('invalid_input')).toBe(cn.invalid_input);
    expect(messageOf('invalid_input: mail, password')).toBe(cn.invalid_input);
    expect(messageOf('ok')).toBe(cn.success);
    expect(messageOf('请先完成支付')).toBe('请先完成支付');
    expect(messageOf('Order 12: not paid.')).toBe('Order 12: not paid.');
    expect(messageOf('toString')).toBe('toString');
    expect(messageOf('')).toBe('');
    await initI18n('tw');
    expect(messageOf('invalid_input: phone')).toBe(tw.invalid_input);
    expect(messageOf('vip_only')).toBe(tw.vip_only);
    await initI18n('cn');
  });

  it('messageOf translates the default key of every status code (503 server_busy too)', async () => {
    for (const locale of ['cn', 'tw'] as const) {
      await initI18n(locale);
      for (const key of Object.values(statusMessageKey))
        expect(messageOf(key), `${locale}.${key}`).not.toBe(key);
      expect(messageOf('server_busy')).toBe((locale === 'cn' ? cn : tw).server_busy);
    }
    await initI18n('cn');
  });
});
