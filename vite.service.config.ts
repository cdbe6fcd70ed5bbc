import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildInfo } from './scripts/build-info.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/* The service built ahead of time into plain JavaScript (dist-server/), so production runs `node` on it with
   neither tsx nor Vite installed. Vite's server build leaves every package import to node_modules at run time:
   only the service's own code and src/api are bundled. parse-worker, plan-worker and box-worker are entries of
   their own: the importer and the cells-in-view read start them as worker threads from beside the file that
   starts them. */
export default defineConfig({
  plugins: [buildInfo(root)],
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        cli: 'src/server/cli.ts',
        'parse-worker': 'src/server/admin/import/parse-worker.ts',
        'plan-worker': 'src/server/admin/import/plan-worker.ts',
        'box-worker': 'src/server/store/sqlite/box-worker.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
