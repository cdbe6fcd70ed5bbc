import { onlineManager } from '@tanstack/react-query';
import { createStore, useStore } from './store';

/**
 * Whether the browser says it has a connection (its "offline" is reliable; its "online" is a hope). TanStack
 * Query is told too: it starts out "online" and listens only once the app is mounted, so a page opened offline,
 * or one that lost its connection while starting, would never hear that it came back, and nothing would be
 * read again.
 */
function createOnline() {
  const store = createStore(typeof navigator === 'undefined' || navigator.onLine !== false);
  const set = (online: boolean): void => {
    store.set(online);
    onlineManager.setOnline(online);
  };
  set(store.get());
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => set(true));
    window.addEventListener('offline', () => set(false));
  }
  return store;
}

const online = createOnline();

export const useOnline = (): boolean => useStore(online, (value) => value);
