import { checkLookup, type LookupField, type LookupProblem } from '../api/lookup-check';
import type { CellHints, CellId } from '../api/types';

/**
 * What the address bar says: the looked-up cell in the path, with the lookup's LAC and radio in `?lac=&radio=`; a
 * shared link's map view in `?view=`. Keys never go here. A link is held to the form's rules (checkLookup): what
 * the form would refuse is a bad link, naming the values as given; what it takes is read as the form reads it.
 */
export type Route =
  | { name: 'home' }
  | { name: 'cell'; id: CellId; hints: CellHints }
  | {
      name: 'bad-cell';
      problems: Partial<Record<LookupField, LookupProblem>>;
      given: CellId;
      givenHints: CellHints;
    }
  | { name: 'not-found'; path: string };

/**
 * The lookup's hints as a link carries them, as typed (cut to a sane length): parseRoute holds them to the form's
 * rules, so a hand-edited link says what is wrong instead of being changed in silence.
 */
export function parseHints(search: string): CellHints {
  const query = new URLSearchParams(search);
  const lac = query.get('lac')?.trim();
  const radio = query.get('radio')?.trim();
  return {
    ...(lac !== undefined && lac !== '' && { lac: lac.slice(0, 20) }),
    ...(radio !== undefined && radio !== '' && { radio: radio.slice(0, 10) }),
  };
}

export function hintsQuery(hints: CellHints | undefined): string {
  const query = new URLSearchParams();
  if (hints?.lac !== undefined && hints.lac !== '') query.set('lac', hints.lac);
  if (hints?.radio !== undefined) query.set('radio', hints.radio);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** Parses a path as `currentPath()` gives it: the pathname, and the hints' part of the query when there is one. */
export function parseRoute(location: string): Route {
  const [pathname = '', search = ''] = location.split('?', 2);
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
  const givenHints = parseHints(search);
  const check = checkLookup({ ...given, ...givenHints });
  return check.ok
    ? { name: 'cell', id: check.id, hints: check.hints }
    : { name: 'bad-cell', problems: check.problems, given, givenHints };
}

/** A cell's path in this app, with the lookup's LAC and radio when it has them. */
export function cellPath(id: CellId, hints?: CellHints): string {
  const path = `/cell/${encodeURIComponent(id.mcc)}/${encodeURIComponent(id.mnc)}/${encodeURIComponent(id.cellid)}`;
  return `${path}${hintsQuery(hints)}`;
}

export function formatRoute(route: Route): string {
  return route.name === 'cell' ? cellPath(route.id, route.hints) : '/';
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
