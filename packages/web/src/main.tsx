import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from './app/i18n/index.ts';
import { resolveLocale } from './app/i18n/locale.ts';
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
// The catalogue loads in parallel with the app code; the first render waits for it.
await initI18n(locale);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  </StrictMode>,
);
