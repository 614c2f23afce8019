/** React, the component library and the shell: loaded by main.tsx beside the start-up calls. */
import 'antd-mobile/es/global';
// Deep imports keep antd-mobile's index (every component) out of the start-up module graph.
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from './i18n/index.ts';
import type { Locale } from './i18n/locale.ts';
import { AppShell } from './shell/AppShell.tsx';
import './theme.css';

// antd-mobile's imperative dialogs and toasts render through React 19's root API.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

/** Renders the app once the catalogue of `locale` is in (main.tsx has already asked for it). */
export async function renderApp(locale: Locale): Promise<void> {
  document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');
  document.documentElement.lang = locale === 'cn' ? 'zh-CN' : 'zh-TW';
  await initI18n(locale);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* Page changes render at once (routes.tsx, AppRoutes). */}
      <BrowserRouter useTransitions={false}>
        <AppShell />
      </BrowserRouter>
    </StrictMode>,
  );
}
