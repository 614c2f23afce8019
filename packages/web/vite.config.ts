import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };

const server = 'http://localhost:8080';
const API_PATHS = ['/v1', '/v2', '/hls', '/img', '/host_pwa.txt', '/speed.html', '/jump'];

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
    react(),
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
  build: { target: 'es2022', sourcemap: false },
});
