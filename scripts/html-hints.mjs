// Tells the browser at once what the first screen needs besides the page's own script. The service writes its
// settings into the page it serves (src/server/platform/http/app-page.ts); a page served without the service (a CDN) has to read
// them from the API, so it preloads them here, in parallel with the script, and the service takes this preload
// out of its own page. The map's chunk is not preloaded: measured, it shares the line with the page's script and
// delays the first paint, while the map's first tile is no longer the largest element (docs/performance.md, Lighthouse).
export function htmlHints({ apiBase }) {
  return {
    name: 'cellpos-html-hints',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `${apiBase}/settings`,
            as: 'fetch',
            crossorigin: 'anonymous',
            'data-settings-preload': true,
          },
          injectTo: 'head',
        },
      ],
    },
  };
}

/** The API's base as the app reads it (src/app/config.ts): VITE_API_BASE without trailing slashes, or /api. */
export function apiBaseOf(value) {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\/+$/, '') : '/api';
}
