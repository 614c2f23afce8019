import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import './words.css';

/** Punctuation that must not start a line (closing marks, Chinese commas and stops). */
const TRAILING = /^[\s,.;:!?%)\]}、，。；：！？）》」』”’…·]+$/u;

/**
 * The text's words, each with the punctuation after it: a line may break between them and never
 * inside one. Chinese has no spaces, so the browser would otherwise break between any two
 * characters (「+2 次观/看」, a lone 「服」 after 「联系客」).
 */
export function wordsOf(text: string, locale: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return [text];
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  const words: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const last = words.length - 1;
    if (last >= 0 && TRAILING.test(segment)) words[last] += segment;
    else words.push(segment);
  }
  return words;
}

/**
 * Text that wraps at word boundaries (issue 38 item 5): each word is kept whole on its line; a
 * label whose word is wider than its box shrinks through its own CSS rather than breaking it.
 */
export const Words = memo(function Words({ text }: { text: string }) {
  const { i18n } = useTranslation();
  // One inline box, so a flex or grid parent lays the text out as one item.
  return (
    <span className="words">
      {wordsOf(text, i18n.language === 'tw' ? 'zh-TW' : 'zh-CN').map((word, index) =>
        word.trim() === '' ? (
          word
        ) : (
          <span key={index} className="words__word">
            {word}
          </span>
        ),
      )}
    </span>
  );
});
