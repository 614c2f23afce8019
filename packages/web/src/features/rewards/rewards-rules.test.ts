import { APPEAL_IMAGE_MAX_BYTES } from '@app/contract/constants';
import { describe, expect, it } from 'vitest';
import {
  activityOutcome,
  appealOutcome,
  checkActivityCode,
  checkAppeal,
  checkAppealImage,
  checkExchange,
  exchangeOutcome,
  pointsShort,
  ticketExpiresSoon,
  toggleOption,
  typedActivityCode,
  yuan,
} from './rewards-rules.ts';

const OPTIONS = [7, 30, 90, 365].map((day) => ({ day, point: day }));
const png = (size: number) => ({ size, type: 'image/png' });

describe('exchange options (§2.6, §4)', () => {
  it('a tap selects an option, a second tap on it deselects, a tap on another moves the choice', () => {
    expect(toggleOption(null, 30)).toBe(30);
    expect(toggleOption(30, 30)).toBeNull();
    expect(toggleOption(30, 90)).toBe(90);
    expect(toggleOption(toggleOption(null, 7), 7)).toBeNull();
  });

  it('nothing selected is the none-selected dialog, whatever the balance', () => {
    expect(checkExchange(OPTIONS, null, 1000)).toEqual({ ok: false, reason: 'none_selected' });
    // A selection the list no longer has counts as none.
    expect(checkExchange(OPTIONS, 45, 1000)).toEqual({ ok: false, reason: 'none_selected' });
  });

  it('exactly enough points exchanges; one point short is the upgrade dialog', () => {
    expect(checkExchange(OPTIONS, 30, 30)).toEqual({ ok: true, option: { day: 30, point: 30 } });
    expect(checkExchange(OPTIONS, 30, 29)).toEqual({
      ok: false,
      reason: 'not_enough',
      option: { day: 30, point: 30 },
    });
    expect(pointsShort(29, { point: 30 })).toBe(1);
    expect(pointsShort(100, { point: 30 })).toBe(0);
  });

  it('replies: 200 done, 401/402 not enough, 403 abnormal, ended sessions left to the shell', () => {
    expect(exchangeOutcome(200, 'exchange_success')).toBe('done');
    expect(exchangeOutcome(401, 'points_not_enough')).toBe('not_enough');
    expect(exchangeOutcome(402, 'points_not_enough')).toBe('not_enough');
    expect(exchangeOutcome(401, 'exchange_option_unknown')).toBe('option_gone');
    expect(exchangeOutcome(403, 'points_source_abnormal')).toBe('abnormal');
    for (const code of [497, 498, 499, 481]) expect(exchangeOutcome(code, '')).toBe('shell');
    expect(exchangeOutcome(500, 'server_error')).toBe('failed');
  });
});

describe('activity code (§5, §8)', () => {
  it('an empty or impossible code is the generic error, without a call', () => {
    expect(checkActivityCode('')).toEqual({ ok: false });
    expect(checkActivityCode('   ')).toEqual({ ok: false });
    expect(checkActivityCode('ABC-12')).toEqual({ ok: false });
    expect(checkActivityCode('ABCDEFG')).toEqual({ ok: false });
  });

  it('a code of up to 6 letters and digits is sent upper-cased', () => {
    expect(checkActivityCode(' demo01 ')).toEqual({ ok: true, code: 'DEMO01' });
    expect(checkActivityCode('A')).toEqual({ ok: true, code: 'A' });
  });

  it('the field keeps letters and digits, upper-cased, at most 6', () => {
    expect(typedActivityCode('pts-100 x')).toBe('PTS100');
    expect(typedActivityCode('abcdefgh')).toBe('ABCDEF');
    expect(typedActivityCode('码')).toBe('');
  });

  it('only 200 is success; ended sessions are left to the shell', () => {
    expect(activityOutcome(200)).toBe('done');
    for (const code of [401, 402, 403, 500]) expect(activityOutcome(code)).toBe('failed');
    expect(activityOutcome(499)).toBe('shell');
  });
});

describe('appeal (§5, §8)', () => {
  it('an image of exactly 5 MB is taken, one byte more is refused', () => {
    expect(checkAppealImage(png(APPEAL_IMAGE_MAX_BYTES))).toEqual({ ok: true });
    expect(checkAppealImage(png(APPEAL_IMAGE_MAX_BYTES + 1))).toEqual({
      ok: false,
      messageKey: 'appeal_image_too_large',
    });
    expect(checkAppealImage(png(6 * 1024 * 1024))).toEqual({
      ok: false,
      messageKey: 'appeal_image_too_large',
    });
  });

  it('JPEG, PNG and WebP are taken; other named types and empty files are refused', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(checkAppealImage({ size: 10, type })).toEqual({ ok: true });
    expect(checkAppealImage({ size: 10, type: 'image/heic' })).toEqual({
      ok: false,
      messageKey: 'appeal_image_type',
    });
    expect(checkAppealImage({ size: 10, type: 'text/plain' })).toEqual({
      ok: false,
      messageKey: 'appeal_image_type',
    });
    expect(checkAppealImage({ size: 0, type: 'image/png' })).toEqual({
      ok: false,
      messageKey: 'appeal_image_empty',
    });
    // No type from the browser: the server reads the content.
    expect(checkAppealImage({ size: 10, type: '' })).toEqual({ ok: true });
  });

  it('asks for the e-mail first, then the screenshot', () => {
    expect(checkAppeal('', null)).toEqual({ ok: false, messageKey: 'appeal_mail_empty' });
    expect(checkAppeal('  ', png(10))).toEqual({ ok: false, messageKey: 'appeal_mail_empty' });
    expect(checkAppeal('not-a-mail', png(10))).toEqual({ ok: false, messageKey: 'appeal_mail_invalid' });
    expect(checkAppeal('me@example.com', null)).toEqual({ ok: false, messageKey: 'appeal_image_empty' });
    expect(checkAppeal('me@example.com', png(10))).toEqual({ ok: true });
  });

  it('sent with or without the VIP day, otherwise the error reminder', () => {
    expect(appealOutcome(200, { success: true, vip: true })).toBe('sent_vip');
    expect(appealOutcome(200, { success: true, vip: false })).toBe('sent');
    expect(appealOutcome(200, { success: false, vip: false })).toBe('failed');
    expect(appealOutcome(401, null)).toBe('failed');
    expect(appealOutcome(500, null)).toBe('failed');
    expect(appealOutcome(498, null)).toBe('shell');
  });
});

describe('tickets', () => {
  it('expiring soon inside the 3-day window', () => {
    const now = 1_700_000_000;
    expect(ticketExpiresSoon(now + 2 * 86_400, now)).toBe(true);
    expect(ticketExpiresSoon(now + 3 * 86_400, now)).toBe(false);
  });

  it('yuan without trailing zeros', () => {
    expect(yuan(5)).toBe('5');
    expect(yuan(9.9)).toBe('9.9');
    expect(yuan(0.1 + 0.2)).toBe('0.3');
  });
});
