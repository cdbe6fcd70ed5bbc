import { useMemo, useSyncExternalStore } from 'react';
import { checkCellId, type CellIdField, type CellIdProblem } from '../api/cell-id';
import type { CellId } from '../api/types';

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

export function subscribeRoute(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

export const currentPath = (): string => window.location.pathname;

export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (path === window.location.pathname) return;
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
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
