/**
 * The entry: a few kilobytes with no React in it. It runs the network half of start-up (host list,
 * line race, app info, fast login, first data) on a main thread that has nothing else to do: on a
 * phone every step of that chain waits for the thread between its round trips. The pages' code
 * downloads meanwhile (index.html preloads it at low priority, behind the start-up calls) and is
 * taken up once start-up is through; until then the loading screen of index.html shows. (Taking
 * React up as soon as it had downloaded was measured: it arrives with start-up's last replies and
 * held them back by ~0.2 s, so it waits; see docs/decisions.md, issue 39.)
 */
import { loadCatalogue } from './app/i18n/catalogue.ts';
import { resolveLocale } from './app/i18n/locale.ts';
import { keepInstallPrompt } from './app/install-prompt.ts';
import { readSetting } from './app/settings.ts';
import { beginStartUp } from './app/startup/startup.ts';
import { warmBanner, warmTiles } from './features/home/first-screen.ts';

keepInstallPrompt();
// The first screen's pictures download as soon as their addresses and the image line are known,
// beside start-up's other calls, instead of after the page has rendered.
const startUp = beginStartUp({
  adPostersIn: (adPosters) => warmBanner({ adPosters }, location.pathname),
  categoriesIn: (categories) => warmTiles({ categories }, location.pathname),
});
const locale = resolveLocale(readSetting('locale'), navigator.language);
void loadCatalogue(locale);
// A Traditional start's first render also waits for the component library's Traditional words
// (render.tsx): asked for now, beside the catalogue, so they cost no round trip after start-up. The
// chunk holds only words (see 'antd-locales' in vite.config.ts): taking it up runs no React.
if (locale === 'tw') void import('antd-mobile/es/locales/zh-TW');
void startUp
  .catch(() => null)
  .then((started) => {
    // Start-up lands on a home page (fast login rewrites the address to /long).
    void import('./features/home/pages/HomePage.tsx');
    // Not awaited: the shell's chunks import the boot chunk, which must finish evaluating first.
    // A start-up through hands its data over, so the shell draws the first page at once; a failed
    // one, or one on its way to the jump page, is the shell's to show.
    void import('./app/render.tsx').then((module) => module.renderApp(locale, started ?? undefined));
  });
