import { describe, expect, it } from 'vitest';
import { Status, statusMessageKey } from '@app/contract/status-codes';
import { cn } from './cn.ts';
import { tw } from './tw.ts';

describe('status messages', () => {
  it('has every default status message of the contract in cn and tw', () => {
    for (const key of Object.values(statusMessageKey)) {
      expect(Object.keys(cn), key).toContain(key);
      expect(Object.keys(tw), key).toContain(key);
    }
  });

  it('tells a rate-limited user to slow down, in the user’s script', () => {
    expect(statusMessageKey[Status.tooManyRequests]).toBe('too_many_requests');
    expect(cn.too_many_requests).toBe('操作过于频繁，请稍后再试');
    expect(tw.too_many_requests).toBe('操作過於頻繁，請稍後再試');
  });
});
