import type { QueryClient } from '@tanstack/react-query';
import { createContext, use, useEffect, useRef, type ReactNode } from 'react';
import type { Client } from '../api/client';
import type { Format, Keys } from '../api/types';
import { afterNextPaint } from '../paint/after-paint';
import { createInViewStore, type InViewChoice } from './in-view-choice';
import { createDevicePosition, type DevicePosition } from './device-position';
import { createFormatStore } from './format';
import { createMapPick, type MapPick } from './map-pick';
import { createKeysStore, type KeysState } from './keys';
import { createMapFocus, type MapDrawing, type MapFocus } from './map-focus';
import { queryKeys } from '../queries/query-keys';
import { currentPath, navigate, subscribeRoute } from '../routing/address-bar';
import { formatRoute, parseRoute } from '../routing/route';
import { useStore } from './store';

/** What the features, the map and the app share in one tab: the client, the keys, the format, the map's focus. */
export type Session = ReturnType<typeof createSession>;

export function createSession({ client, queryClient }: { client: Client; queryClient: QueryClient }) {
  const focus = createMapFocus(currentPath(), window.location.search);
  const device = createDevicePosition();
  const pick = createMapPick();
  /* Forgetting a user: every answer read with their keys leaves the cache (a read in flight is aborted with it:
     TanStack Query cancels a removed query's signal), the map drops what it drew for them, this device's position
     they asked for and the point they chose on the map go, and the address no longer names the cell they looked
     up. What features keep themselves (a trail, a batch and its reads in flight, a question to the operator, what
     a form holds) starts again when `user` counts up (useUserChange, useUser). */
  const forgetUser = () => {
    queryClient.removeQueries({ queryKey: queryKeys.location.all });
    queryClient.removeQueries({ queryKey: queryKeys.camara.all });
    queryClient.removeQueries({ queryKey: queryKeys.cell.all });
    queryClient.removeQueries({ queryKey: queryKeys.cellsInView.all });
    device.reset();
    pick.forget();
    focus.forget();
  };
  const format = createFormatStore();
  format.subscribe(() => focus.dispatch({ type: 'read-again' }));
  return {
    client,
    keys: createKeysStore(forgetUser),
    format,
    focus,
    device,
    inView: createInViewStore(),
    pick,
  };
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  useEffect(() => {
    const follow = () => {
      const path = currentPath();
      // A link the form's rules read otherwise than it is written (0x2736, radio=lte) is written as they read it.
      const route = parseRoute(path);
      if (route.name === 'cell' && formatRoute(route) !== path)
        navigate(formatRoute(route), { replace: true });
      session.focus.dispatch({ type: 'route', path: currentPath() });
    };
    follow();
    return subscribeRoute(follow);
  }, [session]);
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (session === null) throw new Error('useSession() must be used inside <SessionProvider>.');
  return session;
}

export const useClient = (): Client => useSession().client;

export const useKeys = (): Keys | null => useStore(useSession().keys, (state) => state.keys);

export const useKeysState = (): KeysState => useStore(useSession().keys, (state) => state);

export function useFormat(): [Format, (format: Format) => void] {
  const { format } = useSession();
  return [useStore(format, (value) => value), format.choose];
}

/** One slice of the map's focus: a component renders again only when its slice changes. */
export function useMapFocus<T>(select: (focus: MapFocus) => T): T {
  return useStore(useSession().focus, select);
}

/**
 * Draws `value` as the map's `layer`, one painted frame after the component holding it renders it: the frame that
 * shows an answer in its panel does not wait for the map. How a feature puts what it shows onto the map.
 */
export function useDrawOnMap<K extends keyof MapDrawing>(layer: K, value: MapDrawing[K]): void {
  const { focus } = useSession();
  useEffect(
    () => afterNextPaint(() => focus.draw({ [layer]: value } as Pick<MapDrawing, K>)),
    [focus, layer, value],
  );
}

export function useDevicePosition(): [DevicePosition, () => void] {
  const { device } = useSession();
  return [useStore(device, (position) => position), device.request];
}

/** The point chosen on the map, and whether a click chooses one. */
export const useMapPick = (): MapPick => useStore(useSession().pick, (pick) => pick);

/** Whether the map shows the cells in view, and which of them. */
export const useInViewChoice = (): InViewChoice => useStore(useSession().inView, (choice) => choice);

/**
 * Calls `changed` when the tab's user changes: the keys forgotten, or replaced by another's. What a feature keeps
 * of its own for a user (a batch run, its list) goes then; answers in the query cache are gone already.
 */
export function useUserChange(changed: () => void): void {
  const { keys } = useSession();
  const latest = useRef(changed);
  useEffect(() => {
    latest.current = changed;
  });
  useEffect(() => {
    let user = keys.get().user;
    return keys.subscribe(() => {
      if (keys.get().user === user) return;
      user = keys.get().user;
      latest.current();
    });
  }, [keys]);
}

/** Which user's work the tab holds (see KeysState.user): state kept for one user is reset when it changes. */
export const useUser = (): number => useStore(useSession().keys, (state) => state.user);
