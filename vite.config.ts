import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.mjs';

const servicePort = process.env.SERVICE_PORT ?? '8080';

export default defineConfig({
  plugins: [react(), precompress()],
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
});
