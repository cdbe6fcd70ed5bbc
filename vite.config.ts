import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.mjs';

const servicePort = process.env.SERVICE_PORT ?? '8080';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${servicePort}`,
    },
  },
});
