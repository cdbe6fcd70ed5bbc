import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfo } from './scripts/build-info.mjs';
import { precompress } from './scripts/precompress.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const servicePort = process.env.SERVICE_PORT ?? '8080';

export default defineConfig({
  plugins: [react(), precompress(), buildInfo(root)],
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
