import * as OpenCC from 'opencc-js';

const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });

/**
 * Characters OpenCC writes differently in Traditional but that Taiwan text uses as they are:
 * 台 (台灣, 台北 — OpenCC prefers 臺).
 */
const SHARED_IN_TAIWAN = new Set(['台']);

/**
 * The Simplified-only characters of a text a zh-TW user reads: Han characters that Simplified →
 * Traditional conversion changes (热 → 熱, 类 → 類), each once.
 */
export function simplifiedOnly(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text) {
    if (/\p{Script=Han}/u.test(ch) && !SHARED_IN_TAIWAN.has(ch) && toTraditional(ch) !== ch) found.add(ch);
  }
  return [...found];
}
