/**
 * The entry: a few kilobytes with no React in it. The network half of start-up (host list, line
 * race, app info, fast login, first data), the message catalogue and the home page's code start
 * here, while React, the component library and the shell (app/render.tsx, preloaded by index.html)
 * are still downloading.
 */
import { loadCatalogue } from './app/i18n/catalogue.ts';
import { resolveLocale } from './app/i18n/locale.ts';
import { keepInstallPrompt } from './app/install-prompt.ts';
import { readSetting } from './app/settings.ts';
import { beginStartUp } from './app/startup/startup.ts';
import { warmFirstScreen } from './features/home/first-screen.ts';

keepInstallPrompt();
beginStartUp().then(
  (data) => data && warmFirstScreen(data, location.pathname),
  () => undefined, // the shell shows start-up failures
);
const locale = resolveLocale(readSetting('locale'), navigator.language);
void loadCatalogue(locale);
// Start-up lands on a home page (fast login rewrites the address to /long).
void import('./features/home/pages/HomePage.tsx');
// Not awaited: the shell's chunks import the boot chunk, which must finish evaluating first.
void import('./app/render.tsx').then((module) => module.renderApp(locale));
