import { describe, expect, it } from 'vitest';
import {
  friendEntryShown,
  maskedAccount,
  messengerLinks,
  supportMailHref,
  viewsLeft,
} from './member-rules.ts';

describe('maskedAccount', () => {
  it('hides most of the e-mail name and the middle of a phone number', () => {
    expect(maskedAccount({ email: 'reader@mail.com', phone: '' })).toBe('re***@mail.com');
    expect(maskedAccount({ email: '', phone: '86-13812345678' })).toBe('86-138****5678');
  });
  it('is empty for a guest', () => {
    expect(maskedAccount({ email: '', phone: '' })).toBe('');
  });
});

describe('viewsLeft', () => {
  it('keeps used and total for a limited account and null for VIP', () => {
    expect(viewsLeft([3, 10])).toEqual({ used: 3, total: 10 });
    expect(viewsLeft([3, -1])).toBeNull();
  });
});

describe('friendEntryShown', () => {
  it('hides the friend-code entry for promoters and when share days is 0', () => {
    expect(friendEntryShown({ promoter: false }, 3)).toBe(true);
    expect(friendEntryShown({ promoter: true }, 3)).toBe(false);
    expect(friendEntryShown({ promoter: false }, 0)).toBe(false);
  });
});

describe('supportMailHref', () => {
  it('encodes the subject and the body template', () => {
    expect(supportMailHref('help@x.example', 'ID: 7', 'a b\nc')).toBe(
      'mailto:help@x.example?subject=ID%3A%207&body=a%20b%0Ac',
    );
  });
});

describe('messengerLinks', () => {
  it('lists only the messengers with a web address', () => {
    expect(messengerLinks({ potato: 'https://p.example/x', telegream: '', 'sharelihi.iOS': 'x' })).toEqual([
      { name: 'potato', url: 'https://p.example/x' },
    ]);
  });
});
