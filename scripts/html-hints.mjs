// Tells the browser at once what the first screen needs besides the page's own script, so the first map tile
// is not at the end of a chain (page → script → map chunk → settings → tile): the map's chunks and styles
// (lazy, but always wanted at start) are preloaded, and the settings too when the page comes without them
// (a host without the service: the service puts them into the page and takes this preload out).
const MAP_MODULE = '/src/map/map-view.tsx';

function chunksOf(bundle) {
  return new Map(
    Object.values(bundle)
      .filter((item) => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
}

/** A chunk and every chunk it imports statically, by file name. */
function closure(chunks, fileName, seen = new Set()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const next of chunks.get(fileName)?.imports ?? []) closure(chunks, next, seen);
  return seen;
}

export function htmlHints({ apiBase }) {
  let base = '/';
  return {
    name: 'cellpos-html-hints',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (bundle === undefined) return [];
        const chunks = chunksOf(bundle);
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const map = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(MAP_MODULE));
        if (entry === undefined || map === undefined)
          throw new Error(`html-hints: no chunk for ${MAP_MODULE}`);
        const initial = closure(chunks, entry.fileName);
        const mapFiles = [...closure(chunks, map.fileName)].filter((file) => !initial.has(file));
        const styles = mapFiles.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
        const link = (attrs) => ({ tag: 'link', attrs, injectTo: 'head' });
        return [
          link({
            rel: 'preload',
            href: `${apiBase}/settings`,
            as: 'fetch',
            crossorigin: 'anonymous',
            'data-settings-preload': true,
          }),
          // crossorigin as Vite's own tags have it, so that the requests the chunk loader makes match these.
          ...mapFiles.map((file) =>
            link({ rel: 'modulepreload', crossorigin: true, href: `${base}${file}`, 'data-preload': 'map' }),
          ),
          ...styles.map((file) =>
            link({ rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` }),
          ),
        ];
      },
    },
  };
}

/** The API's base as the app reads it (src/app/config.ts): VITE_API_BASE without trailing slashes, or /api. */
export function apiBaseOf(value) {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\/+$/, '') : '/api';
}
