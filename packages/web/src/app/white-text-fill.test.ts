import { describe, expect, it } from 'vitest';
import { whiteTextFill } from './white-text-fill.ts';

const contrastWithWhite = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((index) => {
    const c = parseInt(hex.slice(index, index + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05);
};

describe('whiteTextFill', () => {
  it('keeps a fill white text already reads on', () => {
    expect(whiteTextFill('#138055')).toBe('#138055');
    expect(whiteTextFill('#000')).toBe('#000000');
  });

  it('darkens a light fill until white text reads at 4.5:1, no further than needed', () => {
    for (const color of ['#ff4d6d', '#FFC43D', '#fff', '#1fa971', '#8a8aff']) {
      const fill = whiteTextFill(color);
      expect(contrastWithWhite(fill)).toBeGreaterThanOrEqual(4.5);
      expect(contrastWithWhite(fill)).toBeLessThan(5); // a step of 4 % at a time
    }
  });

  it('leaves other colour forms as they are', () => {
    expect(whiteTextFill('rgb(255, 0, 0)')).toBe('rgb(255, 0, 0)');
    expect(whiteTextFill('')).toBe('');
  });
});
