/** React, the component library and the shell: loaded by main.tsx beside the start-up calls. */
import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from './i18n/index.ts';
import { afterFirstCover } from './perf-marks.ts';
import type { Locale } from './i18n/locale.ts';
import { AppShell } from './shell/AppShell.tsx';
import './theme.css';

/**
 * Renders the app once the first part of the catalogue of `locale` is in (main.tsx has already
 * asked for it); the rest follows (i18n/index.ts).
 */
export async function renderApp(locale: Locale): Promise<void> {
  document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');
  document.documentElement.lang = locale === 'cn' ? 'zh-CN' : 'zh-TW';
  await Promise.all([initI18n(locale), locale === 'tw' && taiwanLibraryTexts()]);
  // Focus into, around and back from every pop-up: its own chunk, asked for once the first cover
  // is on screen (the age gate of a first start is taken up then), not beside the first covers.
  afterFirstCover(() => void import('./shell/modal-focus.ts').then((module) => module.installModalFocus()));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* Page changes render at once (routes.tsx, AppRoutes). */}
      <BrowserRouter useTransitions={false}>
        <AppShell />
      </BrowserRouter>
    </StrictMode>,
  );
}

/**
 * The component library's own words (a pop-up mask's accessible name, empty and loading texts) in
 * Traditional Chinese: its default is Simplified (背景蒙层), which a zh-TW screen reader would read
 * on every pop-up. Set before the first render, so no component draws the default. Both modules
 * are already on their way: index.html preloads the first screen's chunk, and main.tsx has asked
 * for the Traditional words.
 */
async function taiwanLibraryTexts(): Promise<void> {
  const [{ setDefaultConfig }, { default: zhTW }] = await Promise.all([
    import('antd-mobile/es/components/config-provider'),
    import('antd-mobile/es/locales/zh-TW'),
  ]);
  // zh-TW's words leave the inputs' accessible names in English (the search box read as "Search
  // Bar", issue 38 item 6): the names zh-CN has, in Taiwan wording.
  setDefaultConfig({
    locale: {
      ...zhTW,
      PasscodeInput: { ...zhTW.PasscodeInput, name: '密碼輸入框' },
      SearchBar: { ...zhTW.SearchBar, name: '搜尋框' },
      Slider: { ...zhTW.Slider, name: '滑動輸入條' },
      Switch: { ...zhTW.Switch, name: '開關' },
      Selector: { ...zhTW.Selector, name: '選擇組' },
    },
  });
}
