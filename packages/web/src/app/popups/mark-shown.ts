import { readSetting, writeSetting } from '../settings.ts';
import { localDay, type DailyPopup } from './popup-cadence.ts';

/** Records that a daily pop-up was shown today (popup-cadence.ts). */
export function markShownToday(popup: DailyPopup): void {
  writeSetting('popupsShownOn', { ...readSetting('popupsShownOn'), [popup]: localDay(Date.now()) });
}
