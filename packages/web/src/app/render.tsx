import 'antd-mobile/es/global';
// Deep imports keep antd-mobile's index (every component) out of the start-up module graph.
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from './app/i18n/index.ts';
import { resolveLocale } from './app/i18n/locale.ts';
import { loadHomePage } from './app/routes.tsx';
import { readSetting } from './app/settings.ts';
import { AppShell } from './app/shell/AppShell.tsx';
import './app/theme.css';

// antd-mobile's imperative dialogs and toasts render through React 19's root API.
unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => root.unmount();
});

document.documentElement.setAttribute('data-prefers-color-scheme', 'dark');
const locale = resolveLocale(readSetting('locale'), navigator.language);
document.documentElement.lang = locale === 'cn' ? 'zh-CN' : 'zh-TW';
// Start-up lands on a home page (fast login rewrites the address to /long): its code downloads
// beside the catalogue and the start-up calls instead of after them.
void loadHomePage();
// The first render waits for the catalogue.
await initI18n(locale);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  </StrictMode>,
);
