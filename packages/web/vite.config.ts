import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { APP_NAVIGATIONS } from './src/app/route-table.ts';

const server = 'http://localhost:8080';
/** What the dev server hands to the API server: its calls, media and its own pages. */
const API_PATHS = [
  '/v1',
  '/v2',
  '/hls',
  '/img',
  '/host_pwa.txt',
  '/speed.html',
  '/jump',
  '/dev/',
  '/pay/',
  '/sandbox-pay/',
];

/**
 * main.tsx runs start-up first and takes up the pages' code only after it (see there). This lists
 * the shell's chunks and the home page's as modulepreloads in index.html, and their stylesheets as
 * preloads, so they download from the first moment, at low priority: on HTTP/1.1 a phone fetches
 * six files at a time, and the start-up calls, each waiting for the one before, go ahead of them.
 * Except React's chunk, at high priority: the largest file (84 KB), which the first screen waits
 * for; at low priority it arrived after start-up had finished and held the first cover back about
 * 0.4 s (bench:startup, session 19 in docs/decisions.md).
 */
function preloadShell(): Plugin {
  return {
    name: 'preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (item): item is OutputChunk => item.type === 'chunk',
        );
        const graphOf = (source: string) => {
          const root = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(source)));
          if (!root) throw new Error(`preload-shell: ${source} chunk not found`);
          const files = new Set<string>();
          const visit = (file: string) => {
            if (files.has(file)) return;
            files.add(file);
            for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? [])
              visit(imported);
          };
          visit(root.fileName);
          return files;
        };
        const reactChunk = chunks.find((chunk) => chunk.name === 'react')?.fileName;
        if (!reactChunk) throw new Error('preload-shell: the react chunk not found');
        const shell = graphOf('/src/app/render.tsx');
        // A module of FIRST_SCREEN that the shell imports drags the whole group into the shell.
        const dragged = [...shell].find((file) => file.includes('/first-screen-'));
        if (dragged) throw new Error(`preload-shell: the shell imports ${dragged}; narrow FIRST_SCREEN`);
        const home = graphOf('/src/features/home/pages/HomePage.tsx');
        // Chunks the entry already preloads (the boot chunk) keep their place and priority.
        const files = [...new Set([...shell, ...home])];
        const scripts = files
          .filter((file) => !html.includes(file))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              fetchpriority: file === reactChunk ? 'high' : 'low',
              href: `/${file}`,
            },
            injectTo: 'head' as const,
          }));
        // Their stylesheets too: the import that takes the shell up waits for each one to load,
        // which otherwise costs one more round trip after start-up, just before the first screen.
        // `crossorigin` as the import's own <link rel="stylesheet"> has, so the download is reused.
        const styles = [
          ...new Set(
            files.flatMap((file) => [
              ...(chunks.find((chunk) => chunk.fileName === file)?.viteMetadata?.importedCss ?? []),
            ]),
          ),
        ].map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
          injectTo: 'head' as const,
        }));
        return [...scripts, ...styles];
      },
    },
  };
}

/**
 * The host list is start-up's first call: preloaded by index.html from every bootstrap host
 * (VITE_BOOTSTRAP_HOSTS, default this origin, as app/lines/host-list.ts reads them), it is on its
 * way while the entry script downloads instead of after it ran.
 */
function preloadHostList(): Plugin {
  let hosts: string[] = [];
  return {
    name: 'preload-host-list',
    apply: 'build',
    configResolved(config) {
      const configured = String(
        loadEnv(config.mode, config.envDir ?? process.cwd(), 'VITE_').VITE_BOOTSTRAP_HOSTS ?? '',
      )
        .split(',')
        .map((host) => host.trim().replace(/\/+$/, ''))
        .filter(Boolean)
        .slice(0, 4);
      hosts = configured.length > 0 ? configured : [''];
    },
    transformIndexHtml: () =>
      hosts.map((host) => ({
        tag: 'link',
        // `anonymous`: the same request mode and credentials as the script's own fetch, so it is reused.
        attrs: { rel: 'preload', as: 'fetch', crossorigin: 'anonymous', href: `${host}/host_pwa.txt` },
        injectTo: 'head-prepend' as const,
      })),
  };
}

/**
 * Chunks that import each other fail at run time (a binding read before its chunk ran), and a
 * chunk group (FIRST_SCREEN) can create such a pair when a library update moves a module: the
 * build stops instead.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map(
        Object.values(bundle)
          .filter((item): item is OutputChunk => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk.imports]),
      );
      const done = new Set<string>();
      const visit = (file: string, path: string[]) => {
        if (path.includes(file)) this.error(`chunks import each other: ${[...path, file].join(' → ')}`);
        if (done.has(file)) return;
        for (const imported of imports.get(file) ?? []) visit(imported, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
}

/**
 * Puts src/app/antd-render.ts in the place of antd-mobile's `utils/unstable-render`: the
 * library's imperative dialogs and toasts then render through React 19's root API from the start,
 * and its legacy render helper (rc-util with Babel's runtime, about 4 KB) leaves the start-up code.
 * In the build and in the dev server's pre-bundling of antd-mobile alike.
 */
const ANTD_RENDER = path.resolve(import.meta.dirname, 'src/app/antd-render.ts');
function antdRootRender() {
  return {
    name: 'antd-root-render',
    resolveId(source: string, importer: string | undefined) {
      const fromLibrary =
        importer &&
        /antd-mobile[\\/]es[\\/]/.test(importer) &&
        /^\.{1,2}\/(utils\/)?unstable-render$/.test(source);
      return fromLibrary || source === 'antd-mobile/es/utils/unstable-render' ? ANTD_RENDER : null;
    },
  };
}

/**
 * The shell (render.tsx's static graph: routes, bottom menu, loading screen, notices) in one file:
 * the small modules it shares with later pages would otherwise each be a chunk of their own, and
 * the icons of the bottom menu compress better together.
 */
const SHELL = [
  /[\\/]src[\\/]app[\\/](render\.tsx|routes\.tsx|route-table\.ts|idle\.ts|session\.ts|likes\.ts|collections-cache\.ts|perf-marks\.ts|startup[\\/]startup-store\.ts|i18n[\\/]index\.ts|theme\.css)$/,
  // Shared by the shell and later pages, these became files of a few hundred bytes each: three more
  // requests beside the start-up's own on a phone's six connections. They ride in the shell.
  /[\\/]src[\\/]app[\\/](launch-code|back-closes)\.ts$/,
  // antd-mobile's render (antd-render.ts, in place of its own) with the helpers it shares with the
  // first screen, and the library's index (side-effect imports only): files of 549 and 62 bytes
  // that the first screen's import waits for, each a request of its own until they rode here.
  /[\\/]src[\\/]app[\\/]antd-render\.ts$/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]index\.js$/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/](should-render|use-initialized)\.js$/,
  /node_modules[\\/]ahooks[\\/]es[\\/]useUnmountedRef[\\/]/,
  /node_modules[\\/]tslib[\\/]/,
  /[\\/]src[\\/]app[\\/]shell[\\/](AppShell|TabBar|LoadingScreen|guards)\.tsx$/,
  /[\\/]src[\\/]app[\\/]shell[\\/](notices|use-go-back)\.ts$/,
  /[\\/]src[\\/]app[\\/]shell[\\/]loading-screen\.css$/,
  /[\\/]src[\\/]components[\\/]spinner[\\/]/,
  /[\\/]src[\\/]features[\\/]player[\\/]audio-warmup\.ts$/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](tab-bar|badge|safe-area)[\\/]/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]global[\\/]/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/](with-default-props|native-props|can-use-dom|attach-properties-to-component|use-props-value|traverse-react-node)\.js$/,
  /node_modules[\\/]antd-mobile-icons[\\/]es[\\/](VideoOutline|PlayOutline|AppOutline|SearchOutline|HeartOutline|UserOutline)\.js$/,
  /node_modules[\\/]ahooks[\\/]es[\\/](utils[\\/]index\.js|useMemoizedFn[\\/]|useUpdate[\\/])/,
  /node_modules[\\/](classnames|react-is)[\\/]/,
];

/**
 * Lazily loaded modules of the first screen: the home page, what it draws and the cover ad (see
 * the 'first-screen' chunk group).
 */
const FIRST_SCREEN = [
  // The banner slider (with its swiper) waits for idle on purpose: not part of this group.
  /[\\/]src[\\/]features[\\/]home[\\/](?!.*BannerSlider)/,
  // The cover ad shows as the first screen does; the other pop-ups wait (see POPUPS).
  /[\\/]src[\\/]app[\\/](popups[\\/](announcement-text\.ts|CoverAd\.tsx|popups\.css)|ad-link\.ts|use-ad-tap\.ts|shell[\\/]HiddenConfigTrigger\.tsx)$/,
  // A first start's age confirmation shows over the first screen, in place of the cover ad.
  /[\\/]src[\\/]app[\\/]shell[\\/](AgeGate\.tsx|age-gate\.css)$/,
  /[\\/]src[\\/]components[\\/](category-tile|section-title)[\\/]/,
  /[\\/]src[\\/]components[\\/]encrypted-image[\\/](EncryptedImage\.tsx|encrypted-image\.css|index\.ts)$/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](config-provider|notice-bar)[\\/]/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/](use-resize-effect|use-mutation-effect)\.js$/,
  /node_modules[\\/]antd-mobile-icons[\\/]es[\\/](CloseOutline|RightOutline|SoundOutline)\.js$/,
  /node_modules[\\/]ahooks[\\/]es[\\/](useIsomorphicLayoutEffect|useTimeout)[\\/]/,
  /node_modules[\\/]ahooks[\\/]es[\\/]utils[\\/](isBrowser|noop)\.js$/,
];

/**
 * The start-up pop-ups after the cover ad (chain, reminders, promo widgets) and the dialogs and
 * gestures they are made of (see the 'popups' chunk group): the shell asks for them once the first
 * cover is on screen, so they are not part of the JavaScript the first screen waits for.
 */
const POPUPS = [
  /[\\/]src[\\/]app[\\/]popups[\\/](?!announcement-text|CoverAd|popups\.css)/,
  /[\\/]src[\\/]app[\\/](copy-text\.ts|toast\.ts|shell[\\/](PromoWidgets\.tsx|PromoButton\.tsx|promo-widgets\.css|drag-position\.ts|use-draggable\.ts))$/,
  /[\\/]src[\\/]components[\\/](reward-icon|words)[\\/]/,
  /[\\/]src[\\/]features[\\/](member[\\/](api[\\/]checkin-api\.ts|components[\\/]checkin-reward\.tsx)|player[\\/]bind-prompt\.ts)$/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](dialog|center-popup|image|button|dot-loading|auto-center|mask|popup|toast|spin-loading)[\\/]/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/](validate|to-css-length|use-inner-visible|get-container|render-to-container|use-touch|get-scroll-parent|supports-passive|use-lock-scroll|with-stop-propagation|render-to-body|render-imperatively|reduce-and-restore-motion)\.js$/,
  /node_modules[\\/]antd-mobile-icons[\\/]es[\\/](CheckOutline|CloseCircleOutline|CouponOutline|EyeOutline|GiftOutline)\.js$/,
  /node_modules[\\/]ahooks[\\/]es[\\/](useInViewport)[\\/]/,
  /node_modules[\\/](@use-gesture|staged-components|@react-spring)[\\/]/,
];

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
    { ...antdRootRender(), enforce: 'pre' },
    react(),
    preloadHostList(),
    preloadShell(),
    noChunkCycles(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: null,
      includeAssets: ['icon-180.png', 'launch-phone.svg', 'launch-tablet.svg'],
      manifest: {
        name: 'StreamApp',
        short_name: 'StreamApp',
        description: 'Long, short and original videos',
        lang: 'zh',
        start_url: '/long',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0f0f14',
        theme_color: '#0f0f14',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell works offline, for the app's own routes only: every other page (the dev
        // outbox, the payment gateway and its return, /jump, whatever the server adds) is the
        // server's and goes to the network. API calls and media are never navigations.
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: APP_NAVIGATIONS,
        globPatterns: ['**/*.{js,css,html,svg,png}'],
      },
    }),
  ],
  // antd-mobile's own dependencies pull in an older React at the workspace root; one copy only.
  resolve: { dedupe: ['react', 'react-dom'] },
  optimizeDeps: { rolldownOptions: { plugins: [antdRootRender()] } },
  server: { proxy: Object.fromEntries(API_PATHS.map((path) => [path, server])) },
  build: {
    target: 'es2022',
    sourcemap: false,
    // hls.js (the 'hls' chunk below) is one prebuilt module of about 600 kB minified (190 kB
    // gzip) that cannot be split further; only the play page loads it, after the first screen.
    // The limit sits just above it, so any other chunk growing that big is still reported.
    chunkSizeWarningLimit: 640,
    rolldownOptions: {
      output: {
        // Few, larger start-up chunks: on HTTP/1.1 a phone fetches six files at a time, and every
        // tiny chunk queued behind another costs a round trip of 150 ms or more.
        codeSplitting: {
          groups: [
            // main.tsx's own graph (start-up calls, lines, settings): no React, runs first.
            { name: 'boot', tags: ['$initial'], test: /[\\/](src|contract)[\\/]/ },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
            },
            // The player's HLS library on its own: the play page's code changes, this file stays cached.
            { name: 'hls', test: /node_modules[\\/]hls\.js[\\/]/ },
            // The component library's words (its default Simplified ones and the base they extend):
            // plain data with no imports. zh-TW, a chunk of its own that only a Traditional start
            // asks for (main.tsx), imports this one, not the first screen's chunk, so taking it up
            // early does not run React and the first screen's code before the loading screen paints.
            {
              name: 'antd-locales',
              test: /node_modules[\\/]antd-mobile[\\/]es[\\/](locales[\\/](base|zh-CN)\.js|utils[\\/]merge-locale\.js)$/,
            },
            {
              name: 'shell',
              test: (id: string) => SHELL.some((part) => part.test(id)),
              includeDependenciesRecursively: false,
            },
            {
              name: 'popups',
              test: (id: string) => POPUPS.some((part) => part.test(id)),
              includeDependenciesRecursively: false,
            },
            // What the home page and the cover ad load once the shell runs: one file instead of a
            // dozen, so they do not hold the six connections the start-up calls need. Only modules
            // outside the shell's own graph belong here, or the shell would wait for them.
            {
              name: 'first-screen',
              test: (id: string) => FIRST_SCREEN.some((part) => part.test(id)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
