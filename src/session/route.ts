import { useMemo, useSyncExternalStore } from 'react';
import { checkCellId, type CellIdField, type CellIdProblem } from '../api/cell-id';
import type { CellId } from '../api/types';
import { afterNextPaint } from './after-paint';

/** What the address bar says: the looked-up cell in the path, the map's view in `?view=`. Keys never go here. */
export type Route =
  | { name: 'home' }
  | { name: 'cell'; id: CellId }
  | {
      name: 'bad-cell';
      errors: Partial<Record<CellIdField, string>>;
      problems: Partial<Record<CellIdField, CellIdProblem>>;
      given: CellId;
    }
  | { name: 'not-found'; path: string };

export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { name: 'home' };
  const match = /^\/cell\/([^/]*)\/([^/]*)\/([^/]*)$/.exec(path);
  if (!match) return { name: 'not-found', path };
  let given: CellId;
  try {
    given = {
      mcc: decodeURIComponent(match[1] ?? ''),
      mnc: decodeURIComponent(match[2] ?? ''),
      cellid: decodeURIComponent(match[3] ?? ''),
    };
  } catch {
    return { name: 'not-found', path };
  }
  const check = checkCellId(given, { mode: 'path' });
  return check.ok
    ? { name: 'cell', id: check.value }
    : { name: 'bad-cell', errors: check.errors, problems: check.problems, given };
}

export function cellPath(id: CellId): string {
  return `/cell/${encodeURIComponent(id.mcc)}/${encodeURIComponent(id.mnc)}/${encodeURIComponent(id.cellid)}`;
}

export function formatRoute(route: Route): string {
  return route.name === 'cell' ? cellPath(route.id) : '/';
}

const NAVIGATE_EVENT = 'cellpos:navigate';

/** A path the app shows already and the address bar gets a little later (see navigate). */
let unwritten: { path: string; replace: boolean } | undefined;

/** The longest the address bar waits for a read (see navigate). */
const ADDRESS_BAR_WAIT_MS = 300;

function writeAddressBar(): void {
  if (unwritten === undefined) return;
  const { path, replace } = unwritten;
  unwritten = undefined;
  if (path === window.location.pathname) return;
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
}

export function subscribeRoute(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

// Back or forward before a path reached the address bar: the browser's entry wins, the path is dropped.
if (typeof window !== 'undefined') {
  window.addEventListener(
    'popstate',
    () => {
      unwritten = undefined;
    },
    { capture: true },
  );
}

export const currentPath = (): string => unwritten?.path ?? window.location.pathname;

/**
 * Shows `path`: the app follows it at once. The address bar (history.pushState, which costs the browser a
 * same-document navigation and a look at the favicon) is written at once too, or, given the read this path
 * starts, after the frame that shows its answer (at most 300 ms on), so that frame does not wait for it.
 */
export function navigate(
  path: string,
  { replace = false, reading }: { replace?: boolean; reading?: Promise<unknown> | undefined } = {},
): void {
  if (path === currentPath()) return;
  // An earlier path still waiting goes first, so each keeps its own entry in the history.
  writeAddressBar();
  const entry = { path, replace };
  unwritten = entry;
  if (reading === undefined) writeAddressBar();
  else {
    let asked = false;
    const write = () => {
      if (asked) return;
      asked = true;
      afterNextPaint(() => {
        if (unwritten === entry) writeAddressBar();
      });
    };
    void reading.finally(write);
    setTimeout(write, ADDRESS_BAR_WAIT_MS);
  }
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

export function useRoute(): Route {
  const pathname = useSyncExternalStore(subscribeRoute, currentPath, () => '/');
  return useMemo(() => parseRoute(pathname), [pathname]);
}

export interface MapViewState {
  lat: number;
  lon: number;
  zoom: number;
}

export function formatView(view: MapViewState): string {
  return `${view.lat.toFixed(5)},${view.lon.toFixed(5)},${Math.round(view.zoom)}`;
}

/** `?view=lat,lon,zoom` as a shared link carries it; anything out of range or odd is ignored. */
export function parseView(search: string): MapViewState | undefined {
  const value = new URLSearchParams(search).get('view');
  if (value === null) return undefined;
  const parts = value.split(',');
  if (parts.length !== 3 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part.trim()))) return undefined;
  const [lat, lon, zoom] = parts.map(Number) as [number, number, number];
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180 || !Number.isInteger(zoom) || zoom < 0 || zoom > 19)
    return undefined;
  return { lat, lon, zoom };
}
