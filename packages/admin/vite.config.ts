import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import web from '../web/package.json' with { type: 'json' };

const server = 'http://localhost:8080';

/**
 * The operator console (issue 23): its own build under /admin/, nothing shared with the phone
 * app's bundle. `npm run dev -w @app/admin` hands the console API to the server on 8080.
 * phone-preview.html is the phone previews' own page: the web app's components, antd-mobile and the
 * app's theme, loaded in a frame only when a preview is on screen (components/phone-frame).
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // Older React copies sit at the workspace root (other packages' dependencies); one copy only.
  resolve: { dedupe: ['react', 'react-dom'] },
  // The web app's modules the preview draws read the app's version, as in the app's own build.
  define: { __APP_VERSION__: JSON.stringify(web.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2048,
    rolldownOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        preview: path.resolve(import.meta.dirname, 'phone-preview.html'),
      },
    },
  },
  server: { port: 5174, proxy: { '/admin/api': server } },
});
