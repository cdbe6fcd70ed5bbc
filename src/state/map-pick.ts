import type { LatLon } from '../api/camara';
import { createStore } from './store';

/** A point the person chooses on the map (for "Is my phone near a place?"), while a panel asks for one. */
export interface MapPick {
  /** Clicks on the map choose the point. */
  armed: boolean;
  point: LatLon | undefined;
}

export type MapPickStore = ReturnType<typeof createMapPick>;

export function createMapPick() {
  const store = createStore<MapPick>({ armed: false, point: undefined });
  return {
    get: store.get,
    subscribe: store.subscribe,
    arm(armed: boolean): void {
      if (store.get().armed !== armed) store.set({ ...store.get(), armed });
    },
    /** A longitude off the map's first copy of the world is brought back within ±180°. */
    choose(point: LatLon): void {
      const lon = ((((point.lon + 180) % 360) + 360) % 360) - 180;
      store.set({ ...store.get(), point: { lat: point.lat, lon } });
    },
    /** The point was the last user's (Forget keys, another user's keys): none is chosen now. */
    forget(): void {
      if (store.get().point !== undefined) store.set({ ...store.get(), point: undefined });
    },
  };
}
