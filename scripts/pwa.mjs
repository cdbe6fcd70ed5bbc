// The installable app: the web app manifest and the service worker (src/sw/sw.ts), through vite-plugin-pwa's
// injectManifest: our own worker, with the list of this build's files put into it. Registered by the app
// itself (src/app/pwa.ts), never by an injected script: the CSP runs no inline script.
import { VitePWA } from 'vite-plugin-pwa';

export const MANIFEST = {
  id: '/',
  name: 'Cellpos — cell positioning on a map',
  short_name: 'Cellpos',
  description:
    'See where your phone is, and where any mobile cell is, from an operator’s cell-based positioning API.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#1d4f6e',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
};

export function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: MANIFEST,
    // The glob below takes the icons already; listing them again would list them twice.
    includeManifestIcons: false,
    injectManifest: {
      // The app's own files (the manifest comes on its own); not the source maps, the precompressed copies,
      // robots.txt or the build's id.
      globPatterns: ['**/*.{js,css,html,svg,png}'],
      globIgnores: ['**/*.map', 'build.json'],
      // The operator-name table and the world outline are the largest, ~190 kB each before compression.
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}
