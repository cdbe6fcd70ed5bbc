import type { ConsumerContext } from '../context';
import { createWatches, type Watches } from './watch-engine';
import type { WatchStore } from '../../store/watch-store';

/** "Watch my phone" beside Locate (LOCATION_SOURCE=camara): the engine, and the store its sink reads. */
export interface WatchSource {
  watches: Watches;
  store: WatchStore;
}

/** The sink's path on this service; the operator is given `${PUBLIC_URL}${SINK_PATH}`. */
export const SINK_PATH = '/api/camara/sink';

export function watchSource(
  consumer: ConsumerContext,
  store: WatchStore,
  publicUrl: () => string,
): WatchSource {
  return {
    watches: createWatches({ consumer, watches: store, sinkUrl: () => `${publicUrl()}${SINK_PATH}` }),
    store,
  };
}
