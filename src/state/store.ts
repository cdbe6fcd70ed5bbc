import { useSyncExternalStore } from 'react';

export interface ReadableStore<S> {
  get(): S;
  subscribe(listener: () => void): () => void;
}

export interface Store<S> extends ReadableStore<S> {
  set(next: S): void;
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      if (Object.is(next, state)) return;
      state = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * One slice of a store; the component renders again only when that slice changes. `select` must return a part
 * of the state as it is (a field), not a new object.
 */
export function useStore<S, T>(store: ReadableStore<S>, select: (state: S) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
