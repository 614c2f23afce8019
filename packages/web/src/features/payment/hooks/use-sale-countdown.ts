import type { PromotionLevel } from '@app/contract';
import { useEffect, useState } from 'react';
import { readSetting, writeSetting } from '../../../app/settings.ts';
import { saleCountdownStart, saleSecondsLeft } from '../payment-rules.ts';

/**
 * The sale page's countdown: 15 minutes from the first visit to the level's page, kept on the
 * device so leaving and coming back does not start it again; a day later a new one begins.
 * Returns the seconds left, 0 once it ran out.
 */
export function useSaleCountdown(level: PromotionLevel): number {
  const [start] = useState(() => {
    const starts = readSetting('saleCountdownStarts') ?? {};
    const begun = saleCountdownStart(starts[level], Date.now());
    if (begun !== starts[level]) writeSetting('saleCountdownStarts', { ...starts, [level]: begun });
    return begun;
  });
  const [left, setLeft] = useState(() => saleSecondsLeft(start, Date.now()));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => {
      const next = saleSecondsLeft(start, Date.now());
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // Started once per page: the interval reads the clock, not the previous value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start]);
  return left;
}
