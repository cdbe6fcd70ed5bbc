import { SETTINGS_ELEMENT_ID, type Settings } from '../../../api/settings';

/** Leaflet's default subdomains, for a template whose host holds `{s}`. */
const SUBDOMAINS = ['a', 'b', 'c'];

/** The origins a tile template asks tiles of: one, or one per subdomain. */
export function tileOrigins(tileUrl: string): string[] {
  const authority = /^https?:\/\/[^/?#]+/i.exec(tileUrl)?.[0];
  if (authority === undefined) return [];
  const hosts = authority.includes('{s}')
    ? SUBDOMAINS.map((s) => authority.replaceAll('{s}', s))
    : [authority];
  return hosts.flatMap((host) => {
    try {
      return [new URL(host).origin];
    } catch {
      return [];
    }
  });
}

const attribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that cannot end the element holding it, nor open a comment or CDATA section in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html as the service sends it: the settings the app needs, as a JSON element it reads at once (never
 * run: the CSP runs no inline script), so no round trip to /api/settings stands before the first tile; and a
 * preconnect to the tile host, so its connection is open when the map asks. The preload of /api/settings that
 * the static page carries for a host without the service (scripts/html-hints.mjs) is taken out.
 */
export function renderPage(html: string, settings: Settings, tileUrl: string): string {
  const preconnects = tileOrigins(tileUrl)
    .map((origin) => `<link rel="preconnect" href="${attribute(origin)}" />`)
    .join('');
  const data = `<script type="application/json" id="${SETTINGS_ELEMENT_ID}">${scriptSafeJson(settings)}</script>`;
  return html
    .replace(/<link\b[^>]*\bdata-settings-preload\b[^>]*>\s*/i, '')
    .replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}${preconnects}`)
    .replace(/<\/head>/i, (head) => `${data}${head}`);
}
