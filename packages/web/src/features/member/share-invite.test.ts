import { describe, expect, it, vi } from 'vitest';
import { cn } from '../../app/i18n/cn.ts';
import { tw } from '../../app/i18n/tw.ts';
import { shareOrCopy, shareText, type Translate } from './share-invite.ts';

const translator =
  (catalogue: Record<string, string>): Translate =>
  (key, values = {}) => {
    const text = catalogue[key];
    if (text === undefined) throw new Error(`no catalogue key ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };

const abort = () => Object.assign(new Error('closed'), { name: 'AbortError' });
const refused = () => Object.assign(new Error('no activation'), { name: 'NotAllowedError' });

describe('share text', () => {
  const invite = { appUrl: 'https://watch.example', inviteCode: 'K7M2QX9P', withCode: true };

  it('carries the app URL and the invite code in both locales', () => {
    for (const catalogue of [cn, tw]) {
      const text = shareText(translator(catalogue), invite);
      expect(text).toContain('https://watch.example');
      expect(text).toContain('K7M2QX9P');
    }
  });

  it('leaves the code out while invites earn nothing, or when the account has none', () => {
    for (const change of [{ withCode: false }, { inviteCode: '' }]) {
      const text = shareText(translator(cn), { ...invite, ...change });
      expect(text).toContain('https://watch.example');
      expect(text).not.toContain('K7M2QX9P');
      expect(text).not.toContain('邀请码');
    }
  });
});

describe('share button', () => {
  it('uses the share sheet where there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    const copy = vi.fn(() => Promise.resolve(true));
    expect(await shareOrCopy('hello', share, copy)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ text: 'hello' });
    expect(copy).not.toHaveBeenCalled();
  });

  it('copies the text where there is no share sheet', async () => {
    const copy = vi.fn(() => Promise.resolve(true));
    expect(await shareOrCopy('hello', undefined, copy)).toBe('copied');
    expect(copy).toHaveBeenCalledWith('hello');
  });

  it('copies the text when the share sheet refuses, and says so when copying fails too', async () => {
    expect(
      await shareOrCopy(
        'hello',
        () => Promise.reject(refused()),
        () => Promise.resolve(true),
      ),
    ).toBe('copied');
    expect(
      await shareOrCopy(
        'hello',
        () => Promise.reject(refused()),
        () => Promise.resolve(false),
      ),
    ).toBe('failed');
  });

  it('does nothing more when the user closes the share sheet', async () => {
    const copy = vi.fn(() => Promise.resolve(true));
    expect(await shareOrCopy('hello', () => Promise.reject(abort()), copy)).toBe('cancelled');
    expect(copy).not.toHaveBeenCalled();
  });
});
