/**
 * The entry: a few kilobytes with no React in it. It runs the network half of start-up (host list,
 * line race, app info, fast login, first data) on a main thread that has nothing else to do: on a
 * phone every step of that chain waits for the thread between its round trips. The pages' code
 * downloads meanwhile (index.html preloads it at low priority, behind the start-up calls) and is
 * taken up once start-up is through; until then the loading screen of index.html shows.
 */
import { loadCatalogue } from './app/i18n/catalogue.ts';
import { resolveLocale } from './app/i18n/locale.ts';
import { keepInstallPrompt } from './app/install-prompt.ts';
import { readSetting } from './app/settings.ts';
import { beginStartUp } from './app/startup/startup.ts';
import { warmBanner, warmFirstScreen } from './features/home/first-screen.ts';

keepInstallPrompt();
const startUp = beginStartUp({ adPostersIn: (adPosters) => warmBanner({ adPosters }, location.pathname) });
startUp.then(
  (data) => data && warmFirstScreen(data, location.pathname),
  () => undefined, // the shell shows start-up failures
);
const locale = resolveLocale(readSetting('locale'), navigator.language);
void loadCatalogue(locale);
// A Traditional start's first render also waits for the component library's Traditional words
// (render.tsx): asked for now, beside the catalogue, so they cost no round trip after start-up. The
// chunk holds only words (see 'antd-locales' in vite.config.ts): taking it up runs no React.
if (locale === 'tw') void import('antd-mobile/es/locales/zh-TW');
void startUp
  .catch(() => undefined)
  .then(() => {
    // Start-up lands on a home page (fast login rewrites the address to /long).
    void import('./features/home/pages/HomePage.tsx');
    // Not awaited: the shell's chunks import the boot chunk, which must finish evaluating first.
    void import('./app/render.tsx').then((module) => module.renderApp(locale));
  });
