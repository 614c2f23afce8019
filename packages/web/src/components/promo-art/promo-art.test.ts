import type { AppInfo } from '@app/contract';
import { PROMOTION_LEVELS, SALE_BONUS_DAYS } from '@app/contract/constants';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueComplete, initI18n } from '../../app/i18n/index.ts';
import { saleBonusDays } from '../../app/sale-bonus.ts';
import type { StartupData } from '../../app/startup/startup.ts';
import { setStartupData } from '../../app/startup/startup-store.ts';
import { PromoArt } from './PromoArt.tsx';

// The repository root holds another React (a console chart library's) beside the app's; the
// tests load react-i18next from there. The app's own catalogue still words the label.
vi.mock('react-i18next', async () => {
  const { default: i18next } = await import('i18next');
  return {
    initReactI18next: { type: '3rdParty', init: () => undefined },
    useTranslation: () => ({ t: i18next.t.bind(i18next) }),
  };
});

/** An operator's bonus days, none equal to the built-in ones. */
const CHANGED = { A: 25, B: 31, C: 41, D: 46, E: 33, F: 9 };

function startWith(appInfo: Partial<AppInfo>) {
  setStartupData({ appInfo } as unknown as StartupData);
}

beforeAll(async () => {
  await initI18n('cn');
  await catalogueComplete();
});

describe("a level's sale bonus days come from app info", () => {
  it('reads the operator’s days, and the built-in ones only when app info has none', () => {
    for (const level of PROMOTION_LEVELS) {
      expect(saleBonusDays({ sale_bonus_days: CHANGED }, level)).toBe(CHANGED[level]);
      expect(saleBonusDays({}, level)).toBe(SALE_BONUS_DAYS[level]);
    }
    expect(saleBonusDays({ sale_bonus_days: { ...CHANGED, B: 0 } }, 'B')).toBe(0);
  });

  it("the sales pop-up's picture shows the days app info gives", () => {
    startWith({ sale_bonus_days: CHANGED });
    const changed = renderToStaticMarkup(createElement(PromoArt, { level: 'A' }));
    expect(changed).toContain('+25</text>');
    expect(changed).toContain('aria-label="限时加赠25天VIP"');
    expect(renderToStaticMarkup(createElement(PromoArt, { level: 'F' }))).toContain('+9</text>');

    startWith({});
    expect(renderToStaticMarkup(createElement(PromoArt, { level: 'A' }))).toContain(
      `+${SALE_BONUS_DAYS.A}</text>`,
    );
  });
});
