import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { checkCellId, type CellIdField, type CellIdProblem } from '../api/cell-id';
import type { CellId } from '../api/types';

/** What the address bar says. Keys never go here. */
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

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

const pathnameSnapshot = (): string => window.location.pathname;

export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (path === window.location.pathname) return;
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** The current route, following pushState and the back/forward buttons. */
export function useRoute(): [Route, (route: Route, options?: { replace?: boolean }) => void] {
  const pathname = useSyncExternalStore(subscribe, pathnameSnapshot, () => '/');
  const route = useMemo(() => parseRoute(pathname), [pathname]);
  const go = useCallback(
    (next: Route, options?: { replace?: boolean }) => navigate(formatRoute(next), options),
    [],
  );
  return [route, go];
}
