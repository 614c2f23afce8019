import * as OpenCC from 'opencc-js';
import type { Locale } from '@app/contract';

/**
 * Chinese scripts (ARCHITECTURE: opencc-js). Catalogue text is stored in Simplified with its
 * Traditional (Taiwan wording) beside it, converted once when it is written; replies pick the
 * column of the caller's locale. Search normalises both the stored text and the query to
 * Simplified, so either script finds the same videos.
 */

let traditional: ((text: string) => string) | undefined;
let simplified: ((text: string) => string) | undefined;

/**
 * The app's own Taiwan words, after OpenCC's: points are 點數 in the `tw` catalogue (點數兌換), so
 * data the server converts (check-in rewards, the news bar) must not say 積分 beside them; a week
 * is 週 as in the catalogue's 週榜, where OpenCC leaves 周 (the weekly plan 周卡 → 週卡).
 */
const TAIWAN_WORDS: [string, string][] = [
  ['積分', '點數'],
  ['周卡', '週卡'],
];

/** Simplified → Traditional with Taiwan phrases (`s2twp`): 视频 → 影片, 软件 → 軟體, 积分 → 點數. */
export function toTraditional(text: string): string {
  if (!traditional) {
    const openCc = OpenCC.Converter({ from: 'cn', to: 'twp' });
    const ownWords = OpenCC.CustomConverter(TAIWAN_WORDS);
    traditional = (simplifiedText) => ownWords(openCc(simplifiedText));
  }
  return traditional(text);
}

/** Traditional (Taiwan or not) → Simplified (`t2s`): 晨間瑜伽 → 晨间瑜伽. Simplified stays as it is. */
export function toSimplified(text: string): string {
  simplified ??= OpenCC.Converter({ from: 'tw', to: 'cn' });
  return simplified(text);
}

/**
 * Builds both converters now (their dictionaries take a tenth of a second to load): called before
 * the server listens, so the first zh-TW phone's start-up does not wait for them.
 */
export function prepareScripts(): void {
  toTraditional('');
  toSimplified('');
}

/** A stored text in the caller's script: its Traditional beside it for `tw` (null: the text itself). */
export function textIn(locale: Locale, text: string, textTw: string | null | undefined): string {
  return locale === 'tw' ? (textTw ?? text) : text;
}
