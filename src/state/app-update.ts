import { createStore, useStore } from './store';

export interface AppUpdateState {
  /** The service answered with another build than this page's: this page must not go on talking to it. */
  outdated: boolean;
  /** A newer version of the app is installed and waits for this page to let it in. */
  ready: boolean;
}

/**
 * Whether this page is still the app the service serves. The API client marks it outdated (src/app/api-client.ts);
 * the service worker's registration marks a newer version ready and says how to let it in (src/app/pwa.ts).
 */
export function createAppUpdate() {
  const store = createStore<AppUpdateState>({ outdated: false, ready: false });
  let letIn: (() => void) | undefined;
  return {
    ...store,
    markOutdated(): void {
      if (!store.get().outdated) store.set({ ...store.get(), outdated: true });
    },
    /** A newer version waits; `apply` lets it take over and reloads. */
    markReady(apply: () => void): void {
      letIn = apply;
      if (!store.get().ready) store.set({ ...store.get(), ready: true });
    },
    /** Reloads into the newest version: through the waiting service worker when there is one. */
    apply(): void {
      if (letIn !== undefined) letIn();
      else window.location.reload();
    },
  };
}

/** One per page: the API client, the service worker's registration and the banner share it. */
export const appUpdate = createAppUpdate();

export const useAppUpdate = (): AppUpdateState => useStore(appUpdate, (state) => state);
