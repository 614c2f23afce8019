import { describe, expect, it } from 'vitest';
import { loadPolicies, type PolicyDocument } from './policy-document.ts';

const allText = (document: PolicyDocument) =>
  [...document.intro, ...document.sections.flatMap((section) => [section.title, ...section.paragraphs])].join(
    '\n',
  );

// Characters whose simplified and traditional forms differ, common in these texts.
const SIMPLIFIED_ONLY = /[这们为个会务员与账号费时说权达签优兑现积数户设备览网络线购买处应证码删]/;
const TRADITIONAL_ONLY = /[這們為個會務員與帳號費時說權達簽優兌現積數戶設備覽網絡線購買處應證碼刪]/;

describe('policy texts', () => {
  it('have 13 terms sections and 5 privacy sections in both locales, none empty', async () => {
    for (const locale of ['cn', 'tw'] as const) {
      const { terms, privacy } = await loadPolicies(locale);
      expect(terms.sections, locale).toHaveLength(13);
      expect(privacy.sections, locale).toHaveLength(5);
      for (const section of [...terms.sections, ...privacy.sections]) {
        expect(section.title.trim(), locale).not.toBe('');
        expect(section.paragraphs.length, section.title).toBeGreaterThan(0);
        for (const paragraph of section.paragraphs) expect(paragraph.trim(), section.title).not.toBe('');
      }
    }
  });

  it('state 18+ only, no refunds for points or VIP, and Nevada law', async () => {
    const cn = allText((await loadPolicies('cn')).terms);
    expect(cn).toContain('18周岁');
    expect(cn).toMatch(/VIP费用概不退还/);
    expect(cn).toMatch(/积分不具有现金价值，不可提现、转让或退款/);
    expect(cn).toContain('美国内华达州法律');
    const tw = allText((await loadPolicies('tw')).terms);
    expect(tw).toContain('18 歲');
    expect(tw).toMatch(/VIP 費用概不退還/);
    expect(tw).toMatch(/點數不具現金價值，不得提領、轉讓或退款/);
    expect(tw).toContain('美國內華達州法律');
  });

  it('are written in simplified (cn) and traditional (tw) characters, never mixed', async () => {
    const cn = await loadPolicies('cn');
    const tw = await loadPolicies('tw');
    for (const document of [cn.terms, cn.privacy]) expect(allText(document)).not.toMatch(TRADITIONAL_ONLY);
    for (const document of [tw.terms, tw.privacy]) expect(allText(document)).not.toMatch(SIMPLIFIED_ONLY);
  });
});
