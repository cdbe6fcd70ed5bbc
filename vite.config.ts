import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { buildInfo } from './scripts/build-info.mjs';
import { apiBaseOf, htmlHints } from './scripts/html-hints.mjs';
import { precompress } from './scripts/precompress.mjs';
import { pwa } from './scripts/pwa.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const servicePort = process.env.SERVICE_PORT ?? '8080';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, root, 'VITE_');
  return {
    plugins: [
      react(),
      htmlHints({ apiBase: apiBaseOf(env.VITE_API_BASE) }),
      pwa(),
      precompress(),
      buildInfo(root),
    ],
    build: {
      outDir: 'dist',
      // Source maps only when asked for (SOURCEMAP=on npm run build): served, they hand out the whole source.
      sourcemap: process.env.SOURCEMAP === 'on',
    },
    server: {
      proxy: {
        '/api': `http://127.0.0.1:${servicePort}`,
      },
    },
  };
});
