import type { Format } from '../api/types';
import { createStore } from './store';

const STORAGE_KEY = 'cellpos.format';

function readFormat(): Format {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'json' ? 'json' : 'xml';
  } catch {
    return 'xml';
  }
}

export type FormatStore = ReturnType<typeof createFormatStore>;

/** The representation asked of the service; XML unless the person chose JSON on this device. */
export function createFormatStore() {
  const store = createStore<Format>(readFormat());
  return {
    ...store,
    choose(next: Format): void {
      store.set(next);
      try {
        window.localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Storage may be unavailable (private mode); the choice then lasts for this page only.
      }
    },
  };
}
