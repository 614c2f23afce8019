import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/v1': 'http://localhost:8080',
      '/v2': 'http://localhost:8080',
      '/hls': 'http://localhost:8080',
      '/img': 'http://localhost:8080',
      '/host_pwa.txt': 'http://localhost:8080',
      '/speed.html': 'http://localhost:8080',
      '/jump': 'http://localhost:8080',
    },
  },
  build: { target: 'es2022', sourcemap: false },
});
