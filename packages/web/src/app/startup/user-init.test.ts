import { describe, expect, it } from 'vitest';
import { landingSource } from './user-init.ts';

describe('landingSource', () => {
  it('names the campaign as "source / medium", or the source alone', () => {
    expect(landingSource(new URLSearchParams('code=x&utm_source=news&utm_medium=banner'))).toBe(
      'news / banner',
    );
    expect(landingSource(new URLSearchParams('utm_source=%20forum%20'))).toBe('forum');
  });

  it('is nothing without a source, and never longer than the server keeps', () => {
    expect(landingSource(new URLSearchParams('utm_medium=banner'))).toBeUndefined();
    expect(landingSource(new URLSearchParams(`utm_source=${'s'.repeat(300)}`))).toHaveLength(200);
  });
});
