import { useMemo, useSyncExternalStore } from 'react';
import { afterNextPaint } from '../paint/after-paint';
import { hintsQuery, parseHints, parseRoute, type Route } from './route';

const NAVIGATE_EVENT = 'cellpos:navigate';

/** A path the app shows already and the address bar gets a little later (see navigate). */
let unwritten: { path: string; replace: boolean } | undefined;

/** The longest the address bar waits for a read (see navigate). */
const ADDRESS_BAR_WAIT_MS = 300;

function writeAddressBar(): void {
  if (unwritten === undefined) return;
  const { path, replace } = unwritten;
  unwritten = undefined;
  if (path === addressPath()) return;
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

/** The address as the route reads it: the pathname, and `?lac=&radio=` (not `?view=`, which a map move changes). */
const addressPath = (): string =>
  `${window.location.pathname}${hintsQuery(parseHints(window.location.search))}`;

/** The route's address: a path not yet in the address bar, else the address bar's. */
export const currentPath = (): string => unwritten?.path ?? addressPath();

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
