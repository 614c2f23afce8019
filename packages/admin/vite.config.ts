import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://localhost:8080';

/**
 * The operator console (issue 23): its own build under /admin/, nothing shared with the phone
 * app's bundle. `npm run dev -w @app/admin` hands the console API to the server on 8080.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // Older React copies sit at the workspace root (other packages' dependencies); one copy only.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2048 },
  server: { port: 5174, proxy: { '/admin/api': server } },
});
