import type { StreamLine, VideoUrls } from '@app/contract';
import { PLAY_RATES, VIDEO_PIXELS, type VideoPixel } from '@app/contract/constants';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rankedLines, reportLineFailure } from '../../../app/lines/line-book.ts';
import { readSetting, writeSetting } from '../../../app/settings.ts';
import { useStartupData } from '../../../app/startup/startup-store.ts';
import type { ChoiceOption } from '../components/ChoicePanel.tsx';
import type { ChoiceKind } from '../components/Player/Player.tsx';
import {
  effectivePixel,
  effectiveRate,
  firstStreamLine,
  needsVip,
  nextStreamLine,
  playlistUrlOn,
  type Choice,
} from '../player-rules.ts';

/**
 * Line, quality and rate of the play page. Quality and rate are stored (part 2 §4); a non-VIP gets
 * 240 and 1.0 whatever is stored, and the first line only. The line list keeps the host list's
 * order for its labels (first abroad, the others domestic plus an index).
 */
export function usePlayerChoices(vip: boolean, urls: VideoUrls | undefined) {
  const { t } = useTranslation();
  const { hostList, streamLine, appInfo } = useStartupData();
  const lineLock = appInfo.novip.network.lock;
  const lines: StreamLine[] = useMemo(
    () => (hostList.stream_pwa.length > 0 ? hostList.stream_pwa : rankedLines('stream')),
    [hostList],
  );
  const [lineUrl, setLineUrl] = useState(
    () => firstStreamLine(rankedLines('stream'), streamLine, vip, lineLock)?.url ?? location.origin,
  );
  const [storedPixel, setStoredPixel] = useState<VideoPixel>(() => readSetting('videoPixel'));
  const [storedRate, setStoredRate] = useState(() => readSetting('playRate'));

  const available = useMemo(() => Object.keys(urls ?? {}).filter((key) => key !== 'intro'), [urls]);
  const pixel = effectivePixel(storedPixel, vip, available);
  const rate = effectiveRate(storedRate, vip);
  const lineIndex = Math.max(
    0,
    lines.findIndex((line) => line.url === lineUrl),
  );
  const path = urls?.[String(pixel) as '240' | '480'];
  const source = path ? playlistUrlOn(lineUrl, path) : null;

  const lineLabel = useCallback(
    (index: number) => (index === 0 ? t('line_abroad') : t('line_domestic', { index })),
    [t],
  );

  const options: Record<ChoiceKind, ChoiceOption[]> = {
    line: lines.map((line, index) => ({
      value: line.url,
      label: lineLabel(index),
      vipOnly: needsVip({ kind: 'line', index }, false, lineLock),
    })),
    quality: VIDEO_PIXELS.map((value) => ({
      value: String(value),
      label: t(`quality_${value}`),
      vipOnly: needsVip({ kind: 'quality', pixel: value }, false),
    })),
    rate: PLAY_RATES.map((value) => ({
      value: String(value),
      label: value === 1 ? t('play_rate_normal') : t('play_rate_value', { rate: value }),
      vipOnly: needsVip({ kind: 'rate', rate: value }, false),
    })),
  };
  const values: Record<ChoiceKind, string> = { line: lineUrl, quality: String(pixel), rate: String(rate) };
  const labels: Record<ChoiceKind, string> = {
    line: lineLabel(lineIndex),
    quality: `${pixel}P`,
    rate: `${rate.toFixed(1)}x`,
  };

  /** Applies a choice, or returns the choice that needs VIP (the page shows the upgrade dialog). */
  function choose(kind: ChoiceKind, value: string): Choice | null {
    const choice: Choice =
      kind === 'line'
        ? {
            kind,
            index: Math.max(
              0,
              lines.findIndex((line) => line.url === value),
            ),
          }
        : kind === 'quality'
          ? { kind, pixel: Number(value) as VideoPixel }
          : { kind, rate: Number(value) };
    if (needsVip(choice, vip, lineLock)) return choice;
    if (choice.kind === 'line') setLineUrl(value);
    else if (choice.kind === 'quality') {
      writeSetting('videoPixel', choice.pixel);
      setStoredPixel(choice.pixel);
    } else {
      writeSetting('playRate', choice.rate);
      setStoredRate(choice.rate);
    }
    return null;
  }

  /** The current line broke mid-play: rank it last and move to the next line this user may use. */
  function lineFailed(): boolean {
    reportLineFailure('stream', lineUrl);
    const next = nextStreamLine(rankedLines('stream'), lineUrl, vip, lineLock);
    if (!next) return false;
    setLineUrl(next.url);
    return true;
  }

  /**
   * The switches whose VIP mark shows for this user: quality for a non-VIP, and line only where
   * there is a line to switch to that needs VIP (issue 38 item 11: one line is no VIP feature).
   */
  const vipMarks: ChoiceKind[] = vip
    ? []
    : ['quality', ...(options.line.some((line) => line.vipOnly) ? (['line'] as const) : [])];

  return {
    source,
    lineUrl,
    lineIndex,
    pixel,
    rate,
    options,
    values,
    labels,
    choose,
    lineFailed,
    lineLabel,
    vipMarks,
    oneLine: lines.length <= 1,
  };
}
