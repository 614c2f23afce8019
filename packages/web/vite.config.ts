import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };

const server = 'http://localhost:8080';
const API_PATHS = ['/v1', '/v2', '/hls', '/img', '/host_pwa.txt', '/speed.html', '/jump'];

/**
 * main.tsx runs start-up first and takes up the pages' code only after it (see there). This lists
 * the shell's chunks and the home page's as modulepreloads in index.html, and their stylesheets as
 * preloads, so they download from the first moment, at low priority: on HTTP/1.1 a phone fetches six files at a time, and the
 * start-up calls, each waiting for the one before, go ahead of them.
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
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
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

/** Lazily loaded modules of the first screen and its pop-ups (see the 'first-screen' chunk group). */
const FIRST_SCREEN = [
  // The banner slider (with its swiper) waits for idle on purpose: not part of this group.
  /[\\/]src[\\/](features[\\/]home|app[\\/]popups)[\\/](?!.*BannerSlider)/,
  /[\\/]src[\\/]app[\\/](ad-link\.ts|shell[\\/]HiddenConfigTrigger\.tsx)$/,
  /[\\/]src[\\/]components[\\/]category-tile[\\/]/,
  /[\\/]src[\\/]components[\\/]encrypted-image[\\/](EncryptedImage\.tsx|encrypted-image\.css|index\.ts)$/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](tabs|dialog|center-popup|image|button|dot-loading|auto-center|mask|popup|config-provider|notice-bar)[\\/]/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/](bound|validate|to-css-length|use-isomorphic-update-layout-effect|use-inner-visible|get-container|render-to-container|use-initialized|should-render|use-touch|get-scroll-parent|supports-passive|use-lock-scroll|with-stop-propagation|render-to-body|render-imperatively|use-resize-effect|use-mutation-effect)\.js$/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]locales[\\/]/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](toast|spin-loading)[\\/]/,
  /node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/]reduce-and-restore-motion\.js$/,
  /node_modules[\\/]antd-mobile-icons[\\/]es[\\/](CloseOutline|CheckOutline|CloseCircleOutline|SoundOutline)\.js$/,
  /node_modules[\\/]ahooks[\\/]es[\\/](createUpdateEffect|useLatest|useUnmount|useUnmountedRef|useInViewport|useIsomorphicLayoutEffect|useThrottleFn|useTimeout)[\\/]/,
  /node_modules[\\/]ahooks[\\/]es[\\/]utils[\\/](depsAreSame|isBrowser|domTarget|createEffectWithTarget|useEffectWithTarget|noop)\.js$/,
  /node_modules[\\/](@react-spring|@use-gesture|lodash|staged-components|tslib)[\\/]/,
];

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
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
        // The app shell works offline; API calls, media and the jump page always go to the network.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: API_PATHS.map((path) => new RegExp(`^${path.replace('.', '\\.')}`)),
        globPatterns: ['**/*.{js,css,html,svg,png}'],
      },
    }),
  ],
  // antd-mobile's own dependencies pull in an older React at the workspace root; one copy only.
  resolve: { dedupe: ['react', 'react-dom'] },
  server: { proxy: Object.fromEntries(API_PATHS.map((path) => [path, server])) },
  build: {
    target: 'es2022',
    sourcemap: false,
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
            // What the home page and the start-up pop-ups load once the shell runs: one file instead
            // of a dozen, so they do not hold the six connections the start-up calls need. Only
            // modules outside the shell's own graph belong here, or the shell would wait for them.
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
