import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };

const server = 'http://localhost:8080';
const API_PATHS = ['/v1', '/v2', '/hls', '/img', '/host_pwa.txt', '/speed.html', '/jump'];

/**
 * main.tsx starts start-up first and imports the shell (app/render.tsx) dynamically, so React does
 * not delay the first calls. This lists the shell's chunks as modulepreloads in index.html, so they
 * still download from the first moment, side by side with the entry.
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
        const shell = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/render.tsx'));
        if (!shell) throw new Error('preload-shell: app/render.tsx chunk not found');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? [])
            visit(imported);
        };
        visit(shell.fileName);
        // Chunks the entry already preloads are listed once.
        return [...files]
          .filter((file) => !html.includes(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
    react(),
    preloadShell(),
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
          ],
        },
      },
    },
  },
});
