import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { cn } from '../../app/i18n/cn.ts';
import { tw } from '../../app/i18n/tw.ts';
import { reportReasonLabel, videoTypeLabel } from './report-labels.ts';

/** The console's own catalogues, as the console loads them. */
async function translator(lng: 'cn' | 'tw'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { cn: { translation: cn }, tw: { translation: tw } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('the report queue shows words, never raw values', () => {
  it('names the video types in Simplified and in Taiwan Traditional', async () => {
    const [tCn, tTw] = [await translator('cn'), await translator('tw')];
    expect(['long', 'short', 'original'].map((type) => videoTypeLabel(tCn, type))).toEqual([
      '长视频',
      '短视频',
      '原创',
    ]);
    expect(['long', 'short', 'original'].map((type) => videoTypeLabel(tTw, type))).toEqual([
      '長影片',
      '短影片',
      '原創',
    ]);
  });

  it('names every reason the app sends, and an unknown one as another reason with its code', async () => {
    const [tCn, tTw] = [await translator('cn'), await translator('tw')];
    expect(reportReasonLabel(tCn, 1)).toBe('无法播放');
    expect(reportReasonLabel(tTw, 2)).toBe('載入緩慢或卡頓');
    expect(reportReasonLabel(tTw, 999)).toBe('使用者描述');
    expect(reportReasonLabel(tCn, 7)).toBe('其他原因（代码 7）');
    expect(reportReasonLabel(tTw, 7)).toBe('其他原因（代碼 7）');
    for (const t of [tCn, tTw]) {
      for (const reason of [1, 2, 3, 4, 5, 999, 0, 42])
        expect(reportReasonLabel(t, reason)).not.toMatch(/^\d+$|report_/);
      expect(videoTypeLabel(t, 'vr')).not.toMatch(/^vr$|report_/);
    }
  });
});
